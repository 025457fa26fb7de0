/**
 * /api/tokens (issue #17 "Personal API tokens"; contract and rules in
 * shared/src/contracts/api-tokens.ts). Needs a session: every route here is closed to API tokens
 * themselves (auth.ts API_TOKEN_REFUSED_PREFIXES, 403 TOKEN_NO_PERMITIDO), so a leaked token
 * cannot mint or revoke tokens. Also runs the expiry reminder sweep (../../../services/
 * api-tokens-reminder.ts) every SWEEP_INTERVAL_MS on every replica.
 */
import {
  ApiTokenCreadoSchema,
  ApiTokensPageSchema,
  ApiTokensQuerySchema,
  CreateApiTokenSchema,
  IdParamsSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { errorSummary } from '../../../lib/log';
import { SWEEP_INTERVAL_MS } from '../../../plugins/app/auth';
import { createApiTokensService } from '../../../services/api-tokens-service';
import { sendApiTokenReminders } from '../../../services/api-tokens-reminder';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['tokens'];

const tokensRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createApiTokensService(serviceDeps(app));

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear un token de API personal (se muestra una sola vez)',
        security: bearer,
        body: CreateApiTokenSchema,
        response: { 201: ApiTokenCreadoSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(signedInCaller(request), request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Tokens de API: los propios, los de un usuario (usuarioId) o todos (admin)',
        security: bearer,
        querystring: ApiTokensQuerySchema,
        response: { 200: ApiTokensPageSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => service.list(signedInCaller(request), request.query),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Revocar un token de API',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent('Revocado'), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await service.revoke(signedInCaller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The reminder a week before expiry (issue #17). Every replica runs it; each token's reminder
  // is claimed by a conditional UPDATE, so it is queued once whatever the number of replicas.
  const sweep = setInterval(() => {
    sendApiTokenReminders({ db: app.db, now: app.now() })
      .then((n) => {
        if (n > 0) app.mail.kick();
      })
      .catch((err: unknown) =>
        app.log.warn({ error: errorSummary(err) }, 'could not send API token reminders'),
      );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', (_instance, next) => {
    clearInterval(sweep);
    next();
  });
  done();
};

export default tokensRoutes;
