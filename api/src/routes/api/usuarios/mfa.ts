/**
 * POST /api/usuarios/:id/mfa/reset {motivo} (issue #16, usuarios:editar): an administrator
 * resets a user's lost second factor. Delegation rules of issue #13 apply; the caller needs
 * step-up (403 REAUTENTICACION_REQUERIDA). GET /api/usuarios/:id/mfa shows the user's factors to
 * whoever may reset them (the user page). Registered by ./ciclo.ts.
 */
import { IdParamsSchema, MfaEstadoSchema, MfaResetRequestSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createMfaAdminService } from '../../../services/mfa-admin-service';
import { bearer, errors, noContent } from '../../schema';
import { signedInCaller } from '../../deps';
import { mfaDeps } from '../auth/mfa-deps';

const mfaUsuariosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createMfaAdminService(mfaDeps(app));

  app.get(
    '/:id/mfa',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Verificación en dos pasos de un usuario',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: MfaEstadoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) => service.status(request.params.id, signedInCaller(request)),
  );

  app.post(
    '/:id/mfa/reset',
    {
      schema: {
        tags: ['usuarios'],
        summary: 'Restablecer la verificación en dos pasos de un usuario',
        security: bearer,
        params: IdParamsSchema,
        body: MfaResetRequestSchema,
        response: { 204: noContent('Restablecida'), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) => {
      await service.reset(
        request.params.id,
        request.body,
        signedInCaller(request),
        request.session!.id,
      );
      return reply.code(204).send(null);
    },
  );
  done();
};

export default mfaUsuariosRoutes;
