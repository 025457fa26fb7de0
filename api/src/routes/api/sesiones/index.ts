/**
 * /api/sesiones (issue #4): the signed-in user's own sessions. Needs a session, no permission.
 * Revoking the others is `POST /api/sesiones/revocar-otras` (a command, so it is a POST).
 */
import { IdParamsSchema, RevokedSchema, SesionesPageSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createSesionesService } from '../../../services/sesiones-service';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['sesiones'];

const sesionesRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createSesionesService({
    ...serviceDeps(app),
    idleMs: app.config.sessionIdleMinutes * 60_000,
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Mis sesiones abiertas',
        security: bearer,
        response: { 200: SesionesPageSchema, ...errors(401) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const items = await service.list(signedInCaller(request), request.session!.id);
      return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Cerrar una de mis sesiones',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent('Cerrada'), ...errors(400, 401, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await service.revoke(signedInCaller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/revocar-otras',
    {
      schema: {
        tags,
        summary: 'Cerrar todas mis sesiones menos la actual',
        security: bearer,
        response: { 200: RevokedSchema, ...errors(401) },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      revocadas: await service.revokeOthers(signedInCaller(request), request.session!.id),
    }),
  );
  done();
};

export default sesionesRoutes;
