/**
 * The account-lifecycle calls of issue #15 on another user (usuarios:editar): mail a
 * password-reset link, re-send or revoke a pending invitation. Registered by ./index.ts; the
 * delegation rules of issue #13 apply as to any other write (README.md beside this file).
 */
import { AcceptedMessageSchema, IdParamsSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createInvitationService } from '../../../services/invitation-service';
import { createRecoveryService } from '../../../services/recovery-service';
import { bearer, errors, noContent } from '../../schema';
import mfaUsuariosRoutes from './mfa';
import { signedInCaller } from '../../deps';
import { cicloDeps } from '../auth/ciclo-deps';

const tags = ['usuarios'];

const cicloRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = cicloDeps(app);
  const recovery = createRecoveryService(deps);
  const invitations = createInvitationService(deps);

  app.post(
    '/:id/password-reset',
    {
      schema: {
        tags,
        summary: 'Enviar al usuario un enlace para restablecer su contraseña',
        description:
          'Quien administra nunca ve ni elige la contraseña (ASVS 6.4.6); 409 si la invitación sigue pendiente.',
        security: bearer,
        params: IdParamsSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) =>
      reply.code(202).send(await recovery.adminReset(request.params.id, signedInCaller(request))),
  );

  app.post(
    '/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Reenviar la invitación (el enlace anterior deja de servir)',
        security: bearer,
        params: IdParamsSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) =>
      reply.code(202).send(await invitations.resend(request.params.id, signedInCaller(request))),
  );

  app.delete(
    '/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Revocar la invitación (el usuario sigue pendiente)',
        security: bearer,
        params: IdParamsSchema,
        response: {
          204: noContent('Revocada'),
          ...errors(400, 401, 403, 404, 409),
        },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) => {
      await invitations.revoke(request.params.id, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );
  // The second factor of issue #16 (its own file, same prefix).
  void app.register(mfaUsuariosRoutes);
  done();
};

export default cicloRoutes;
