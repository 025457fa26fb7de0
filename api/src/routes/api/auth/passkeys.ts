/**
 * The passkeys' routes of issue #16 under /api/auth (registered by ./mfa.ts): registration with
 * a session or the enrolment token (./enrolment-actor.ts), the caller's list, rename and removal,
 * and the sign-in ceremony. Contracts in shared/src/contracts/passkeys.ts; services in
 * services/passkeys-*.ts. Step-up on the registration options, the registration and the removal
 * comes from the step-up plugin (plugins/app/step-up.ts).
 */
import {
  IdParamsSchema,
  PasskeyAuthenticateRequestSchema,
  PasskeyAuthenticationOptionsRequestSchema,
  PasskeyAuthenticationOptionsSchema,
  PasskeyListResponseSchema,
  PasskeyRegisteredResponseSchema,
  PasskeyRegistrationOptionsSchema,
  PasskeyRegistrationRequestSchema,
  PasskeyRenameRequestSchema,
  PasskeySchema,
  SignedInResponseSchema,
} from '@gestion/shared';
import { Type, type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createMfaLogin } from '../../../services/mfa-login';
import { createPasskeysLogin } from '../../../services/passkeys-login';
import { createPasskeysService } from '../../../services/passkeys-service';
import { signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';
import { enrolmentActors, metaOf } from './enrolment-actor';
import { mfaDeps } from './mfa-deps';

const tags = ['auth'];
/** Registration options take no input: `{}` or no body. */
const EmptyBodySchema = Type.Optional(Type.Object({}, { additionalProperties: false }));

const passkeyRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = mfaDeps(app);
  const service = createPasskeysService(deps);
  const signIn = createPasskeysLogin(deps);
  const { sessionOrEnrolment, actorOf } = enrolmentActors(app, createMfaLogin(deps));
  const perMinute = { rateLimit: { max: app.config.rateLimitLogin, timeWindow: 60_000 } };

  app.post(
    '/passkeys/registration-options',
    {
      schema: {
        tags,
        summary: 'Opciones para registrar una llave de acceso',
        security: bearer,
        body: EmptyBodySchema,
        response: { 200: PasskeyRegistrationOptionsSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: sessionOrEnrolment,
    },
    async (request) => service.registrationOptions(actorOf(request)),
  );

  app.post(
    '/passkeys',
    {
      schema: {
        tags,
        summary: 'Registrar una llave de acceso',
        security: bearer,
        body: PasskeyRegistrationRequestSchema,
        response: { 201: PasskeyRegisteredResponseSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: sessionOrEnrolment,
      config: perMinute,
    },
    async (request, reply) =>
      reply.code(201).send(await service.register(actorOf(request), request.body)),
  );

  app.get(
    '/passkeys',
    {
      schema: {
        tags,
        summary: 'Llaves de acceso del usuario actual',
        security: bearer,
        response: { 200: PasskeyListResponseSchema, ...errors(401) },
      },
      onRequest: app.authenticate,
    },
    async (request) => service.list(request.user!.id),
  );

  app.patch(
    '/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Cambiar el nombre de una llave de acceso',
        security: bearer,
        params: IdParamsSchema,
        body: PasskeyRenameRequestSchema,
        response: { 200: PasskeySchema, ...errors(400, 401, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      service.rename(signedInCaller(request), request.params.id, request.body.nombre),
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Eliminar una llave de acceso',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent('Eliminada'), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await service.remove(signedInCaller(request), request.session!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/passkeys/authentication-options',
    {
      schema: {
        tags,
        summary: 'Opciones para iniciar sesión o reautenticarse con una llave de acceso',
        security: [{}, ...bearer],
        body: Type.Optional(PasskeyAuthenticationOptionsRequestSchema),
        response: { 200: PasskeyAuthenticationOptionsSchema, ...errors(400, 401, 409, 429) },
      },
      config: perMinute,
      // `{reautenticacion: true}` is step-up: only then is a session required (and read).
      preHandler: (request, reply, next) => {
        if (request.body?.reautenticacion) app.authenticate.call(app, request, reply, next);
        else next();
      },
    },
    async (request) =>
      signIn.authenticationOptions(
        request.body?.token,
        request.body?.reautenticacion ? request.user!.id : undefined,
      ),
  );

  app.post(
    '/passkeys/authenticate',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión con una llave de acceso',
        body: PasskeyAuthenticateRequestSchema,
        response: { 200: SignedInResponseSchema, ...errors(400, 401, 429) },
      },
      config: perMinute,
    },
    async (request) => signIn.authenticate(request.body, metaOf(request)),
  );
  done();
};

export default passkeyRoutes;
