/**
 * /api/auth (SPEC §7, DESIGN.md §3). Handlers stay thin: schema, guard, one service call,
 * reply. Response schemas are the shared contracts, so serialisation is fast and no field
 * beyond them (password_hash, version…) can ever leak.
 */
import {
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MESSAGES,
  RegisterRequestSchema,
  RegisterResultSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createAuthService } from '../../../services/auth-service';
import { bearer, errors, noContent } from '../../schema';
import { clientCallerOf, signedInCaller } from '../../deps';
import { cicloDeps } from './ciclo-deps';
import cicloRoutes from './ciclo';
import { meJson } from './me-json';

const JSON_UTF8 = 'application/json; charset=utf-8';

const authRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createAuthService(cicloDeps(app));

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión',
        description:
          'Con la cuenta bajo ataque (demasiados fallos desde otras direcciones) responde {verificacion: {token}} y envía un código por correo; véase /login/verify.',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errors(400, 401, 403, 429) },
      },
      config: { rateLimit: { max: app.config.rateLimitLogin, timeWindow: 60_000 } },
    },
    async (request) => service.login(request.body, clientCallerOf(request)),
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Crear una cuenta',
        description:
          'Con verificacionEmail activo responde {message, verificacionPendiente: true} sin sesión, también para un correo ya registrado.',
        body: RegisterRequestSchema,
        response: { 201: RegisterResultSchema, ...errors(400, 403, 409, 429) },
      },
      config: { rateLimit: { max: app.config.rateLimitRegister, timeWindow: 3_600_000 } },
    },
    async (request, reply) => {
      const result = await service.register(request.body, clientCallerOf(request));
      return reply
        .code(201)
        .send(
          'token' in result || 'mfa' in result
            ? { ...result, message: MESSAGES.registerSuccess }
            : result,
        );
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Usuario actual',
        security: bearer,
        response: { 200: MeResponseSchema, ...errors(401) },
      },
      onRequest: app.authenticate,
    },
    // authenticate already loaded the user, roles and permissions in one query; `meJson`
    // writes exactly MeResponseSchema's fields, faster than the schema's serializer.
    (request, reply) => {
      void reply.type(JSON_UTF8).serializer(meJson).send({ user: request.user! });
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cerrar sesión',
        security: bearer,
        response: { 204: noContent('Sesión cerrada'), ...errors(401) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await service.logout(request.session!.id, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );

  // The lifecycle routes of issue #15 (recovery, invitation, verification, e-mail change,
  // challenged sign-in), under the same prefix.
  void app.register(cicloRoutes, { auth: service });
  done();
};

export default authRoutes;
