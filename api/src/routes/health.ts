/**
 * Liveness and readiness (DESIGN.md §3): `/healthz` answers while the process runs (no I/O);
 * `/readyz` also proves the database answers, so a load balancer stops sending traffic to a
 * replica that lost it.
 */
import { API_MESSAGES, ApiErrorBodySchema, ERROR_CODES } from '@gestion/shared';
import { Type, type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { ping } from '../db/connection';
import { errorSummary } from '../lib/log';

const Status = Type.Object({ status: Type.Literal('ok') });

const healthRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get('/healthz', { schema: { tags: ['salud'], response: { 200: Status } } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['salud'], response: { 200: Status, 503: ApiErrorBodySchema } } },
    async (request, reply) => {
      try {
        await ping(app.database);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ error: errorSummary(err) }, 'database not ready');
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: API_MESSAGES.serviceUnavailable,
          code: ERROR_CODES.serviceUnavailable,
        });
      }
    },
  );
  done();
};

export default healthRoutes;
