/**
 * The user page's calls under /api/usuarios (issue #14): an administrator's view of one user's
 * sessions. Listing and ending one need usuarios:editar, like `POST /:id/sessions/revoke`
 * (ending all of them), and obey the same delegation rule in the service
 * (usuario-detalle-service.ts). Registered by ./index.ts under the same prefix.
 */
import { IdParamsSchema, SesionesPageSchema, UsuarioSesionParamsSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createUsuarioDetalleService } from '../../../services/usuario-detalle-service';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['usuarios'];

const usuarioSesionesRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createUsuarioDetalleService({
    ...serviceDeps(app),
    idleMs: app.config.sessionIdleMinutes * 60_000,
  });

  app.get(
    '/:id/sesiones',
    {
      schema: {
        tags,
        summary: 'Sesiones abiertas de un usuario',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: SesionesPageSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) => {
      const items = await service.listSesiones(
        request.params.id,
        signedInCaller(request),
        request.session?.id ?? 0,
      );
      return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
    },
  );

  app.delete(
    '/:id/sesiones/:sesionId',
    {
      schema: {
        tags,
        summary: 'Cerrar una sesión de un usuario',
        security: bearer,
        params: UsuarioSesionParamsSchema,
        response: { 204: noContent('Cerrada'), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) => {
      await service.revokeSesion(
        request.params.id,
        request.params.sesionId,
        signedInCaller(request),
      );
      return reply.code(204).send(null);
    },
  );

  done();
};

export default usuarioSesionesRoutes;
