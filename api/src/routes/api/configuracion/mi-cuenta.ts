/**
 * "Mi cuenta" under /api/auth (registered with that prefix beside the auth routes):
 * `PATCH /api/auth/me {nombre?, idioma?}` → 200 `{user}` and `POST /api/auth/password {actual, nueva}` →
 * 204. Signed in, no permission needed: everyone manages their own account.
 */
import { ChangePasswordSchema, UpdateMeResponseSchema, UpdateMeSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createCuentaService } from '../../../services/cuenta-service';
import { cicloDeps } from '../auth/ciclo-deps';
import { signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const miCuentaRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createCuentaService(cicloDeps(app));

  app.patch(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cambiar mi nombre o el idioma de mis correos',
        security: bearer,
        body: UpdateMeSchema,
        response: { 200: UpdateMeResponseSchema, ...errors(400, 401) },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      user: await service.updateMe(request.body, signedInCaller(request)),
    }),
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cambiar mi contraseña (cierra mis otras sesiones)',
        security: bearer,
        body: ChangePasswordSchema,
        response: { 204: noContent('Cambiada'), ...errors(400, 401, 429) },
      },
      // Guessing the current password is throttled like sign-in (RATE_LIMIT_LOGIN per IP and
      // minute, plus the lock-out counters in the service), so a stolen session is no
      // password oracle.
      config: { rateLimit: { max: app.config.rateLimitLogin, timeWindow: 60_000 } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await service.changePassword(request.session!.id, request.body, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );
  done();
};

export default miCuentaRoutes;
