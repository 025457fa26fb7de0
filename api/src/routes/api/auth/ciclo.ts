/**
 * The account-lifecycle routes of issue #15 under /api/auth (registered by ./index.ts):
 * recovery, invitation acceptance, e-mail verification and change, and the code step of a
 * challenged sign-in. Handlers stay thin: schema, rate limit, one service call, reply.
 *
 * The calls that take an e-mail and mail something (forgot, resend) answer the same 202 for any
 * address; per client address they share registration's hourly limit (RATE_LIMIT_REGISTER,
 * 429 beyond it). The token calls share sign-in's per-minute limit (RATE_LIMIT_LOGIN).
 */
import {
  AcceptedMessageSchema,
  AcceptInvitationRequestSchema,
  ChangeEmailRequestSchema,
  ForgotPasswordRequestSchema,
  InvitationAcceptResultSchema,
  LoginVerifyRequestSchema,
  ResendVerificationRequestSchema,
  ResetPasswordRequestSchema,
  SignedInResponseSchema,
  TokenRequestSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { AuthService } from '../../../services/auth-service';
import { createInvitationService } from '../../../services/invitation-service';
import { createRecoveryService } from '../../../services/recovery-service';
import { createVerificationService } from '../../../services/verification-service';
import { bearer, errors, noContent } from '../../schema';
import mfaRoutes from './mfa';
import { cicloDeps, requestMeta as meta } from './ciclo-deps';

const tags = ['auth'];

const cicloRoutes: FastifyPluginCallbackTypebox<{ auth: AuthService }> = (app, opts, done) => {
  const deps = cicloDeps(app);
  const recovery = createRecoveryService(deps);
  const invitations = createInvitationService(deps);
  const verification = createVerificationService(deps);
  const perHour = { rateLimit: { max: app.config.rateLimitRegister, timeWindow: 3_600_000 } };
  const perMinute = { rateLimit: { max: app.config.rateLimitLogin, timeWindow: 60_000 } };

  app.post(
    '/login/verify',
    {
      schema: {
        tags,
        summary: 'Completar un inicio de sesión con el código enviado por correo',
        body: LoginVerifyRequestSchema,
        response: { 200: SignedInResponseSchema, ...errors(400, 401, 429) },
      },
      config: perMinute,
    },
    async (request) => opts.auth.verifyLoginCode(request.body, meta(request)),
  );

  app.post(
    '/password/forgot',
    {
      schema: {
        tags,
        summary: 'Pedir un enlace para restablecer la contraseña',
        description: 'La misma respuesta para cualquier correo; el enlace caduca en 30 minutos.',
        body: ForgotPasswordRequestSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 403, 429) },
      },
      config: perHour,
    },
    async (request, reply) =>
      reply.code(202).send(await recovery.forgot(request.body.email, meta(request))),
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags,
        summary: 'Restablecer la contraseña con el enlace recibido (cierra todas las sesiones)',
        body: ResetPasswordRequestSchema,
        response: { 204: noContent('Restablecida'), ...errors(400, 403, 429) },
      },
      config: perMinute,
    },
    async (request, reply) => {
      await recovery.reset(request.body, meta(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/invitation/accept',
    {
      schema: {
        tags,
        summary: 'Aceptar una invitación: elegir la contraseña e iniciar sesión',
        body: AcceptInvitationRequestSchema,
        response: { 200: InvitationAcceptResultSchema, ...errors(400, 429) },
      },
      config: perMinute,
    },
    async (request) => invitations.accept(request.body, meta(request)),
  );

  app.post(
    '/email/verify',
    {
      schema: {
        tags,
        summary: 'Verificar el correo electrónico con el enlace recibido',
        body: TokenRequestSchema,
        response: { 204: noContent('Verificado'), ...errors(400, 429) },
      },
      config: perMinute,
    },
    async (request, reply) => {
      await verification.verify(request.body.token, meta(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/email/resend',
    {
      schema: {
        tags,
        summary: 'Reenviar el enlace de verificación del correo',
        description: 'La misma respuesta para cualquier correo.',
        body: ResendVerificationRequestSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 429) },
      },
      config: perHour,
    },
    async (request, reply) =>
      reply.code(202).send(await verification.resend(request.body.email, meta(request))),
  );

  app.post(
    '/email',
    {
      schema: {
        tags,
        summary: 'Cambiar mi correo electrónico (se confirma desde la nueva dirección)',
        security: bearer,
        body: ChangeEmailRequestSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 401, 403, 429) },
      },
      config: perMinute,
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await verification.requestChange(request.user!, request.body, meta(request))),
  );

  app.post(
    '/email/confirm',
    {
      schema: {
        tags,
        summary: 'Confirmar el nuevo correo electrónico con el enlace recibido',
        body: TokenRequestSchema,
        response: { 204: noContent('Cambiado'), ...errors(400, 409, 429) },
      },
      config: perMinute,
    },
    async (request, reply) => {
      await verification.confirmChange(request.body.token, meta(request));
      return reply.code(204).send(null);
    },
  );
  // The second factor of issue #16 (its own file, same prefix).
  void app.register(mfaRoutes);
  done();
};

export default cicloRoutes;
