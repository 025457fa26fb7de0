/**
 * The second-factor routes of issue #16 under /api/auth (registered by ./ciclo.ts): the second
 * step of sign-in, the caller's TOTP and recovery codes, and step-up. Contracts in
 * shared/src/contracts/mfa.ts; services in services/mfa-*.ts.
 *
 * POST /mfa/totp and /mfa/totp/activate also accept, as bearer, the enrolment token of
 * `{mfa: {token, configurar: true}}` (a user whose roles require a second factor and who has none):
 * `sessionOrEnrolment` (./enrolment-actor.ts) tries that first, then the ordinary session check.
 * The passkeys' routes (./passkeys.ts) are registered from here, under the same prefix.
 */
import {
  LoginMfaRequestSchema,
  MfaEstadoSchema,
  MfaPasswordRequestSchema,
  ReautenticarRequestSchema,
  RecoveryCodesResponseSchema,
  SignedInResponseSchema,
  TotpActivateRequestSchema,
  TotpActivateResponseSchema,
  TotpEnrolRequestSchema,
  TotpEnrolResponseSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createMfaLogin } from '../../../services/mfa-login';
import { createMfaService } from '../../../services/mfa-service';
import { bearer, errors, noContent } from '../../schema';
import { signedInCaller } from '../../deps';
import { enrolmentActors, metaOf } from './enrolment-actor';
import { mfaDeps } from './mfa-deps';
import passkeyRoutes from './passkeys';

const tags = ['auth'];

const mfaRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = mfaDeps(app);
  const service = createMfaService(deps);
  const login = createMfaLogin(deps);
  const { sessionOrEnrolment, actorOf } = enrolmentActors(app, login);
  const perMinute = { rateLimit: { max: app.config.rateLimitLogin, timeWindow: 60_000 } };

  app.post(
    '/login/mfa',
    {
      schema: {
        tags,
        summary: 'Completar el inicio de sesión con el segundo factor',
        body: LoginMfaRequestSchema,
        response: { 200: SignedInResponseSchema, ...errors(400, 401, 429) },
      },
      config: perMinute,
    },
    async (request) => login.verify(request.body, metaOf(request)),
  );

  app.get(
    '/mfa',
    {
      schema: {
        tags,
        summary: 'Estado de la verificación en dos pasos del usuario actual',
        security: bearer,
        response: { 200: MfaEstadoSchema, ...errors(401) },
      },
      onRequest: app.authenticate,
    },
    async (request) => service.status(request.user!.id),
  );

  app.post(
    '/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Configurar una aplicación de autenticación (pendiente de activar)',
        security: bearer,
        body: TotpEnrolRequestSchema,
        response: { 200: TotpEnrolResponseSchema, ...errors(400, 401, 409, 429) },
      },
      onRequest: sessionOrEnrolment,
    },
    async (request) => service.enrol(actorOf(request), request.body?.password),
  );

  app.post(
    '/mfa/totp/activate',
    {
      schema: {
        tags,
        summary: 'Activar la aplicación de autenticación con su primer código',
        security: bearer,
        body: TotpActivateRequestSchema,
        response: { 200: TotpActivateResponseSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: sessionOrEnrolment,
      config: perMinute,
    },
    async (request) => service.activate(actorOf(request), request.body.codigo),
  );

  app.delete(
    '/mfa/totp',
    {
      schema: {
        tags,
        summary: 'Eliminar la aplicación de autenticación',
        security: bearer,
        body: MfaPasswordRequestSchema,
        response: { 204: noContent('Eliminada'), ...errors(400, 401, 409, 429) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await service.remove(signedInCaller(request), request.session!.id, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/mfa/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Generar nuevos códigos de recuperación (los anteriores dejan de servir)',
        security: bearer,
        body: MfaPasswordRequestSchema,
        response: { 200: RecoveryCodesResponseSchema, ...errors(400, 401, 409, 429) },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      service.regenerate(signedInCaller(request), request.session!.id, request.body.password),
  );

  app.post(
    '/reautenticar',
    {
      schema: {
        tags,
        summary: 'Confirmar la identidad para una operación sensible',
        security: bearer,
        body: ReautenticarRequestSchema,
        response: {
          204: noContent('Confirmada durante 10 minutos'),
          ...errors(400, 401, 409, 429),
        },
      },
      onRequest: app.authenticate,
      config: perMinute,
    },
    async (request, reply) => {
      await service.reauthenticate(signedInCaller(request), request.session!.id, request.body);
      return reply.code(204).send(null);
    },
  );
  void app.register(passkeyRoutes);
  done();
};

export default mfaRoutes;
