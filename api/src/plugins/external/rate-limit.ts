/**
 * Per-IP limits on sign-in and registration (DESIGN.md §3). Registered with `global: false`:
 * a route opts in with `config.rateLimit`. Counters are shared through Redis when a client is
 * given; if Redis fails the limiter lets requests through (`skipOnError`) and the per-account
 * lock-out, which falls back to memory, still protects the accounts.
 */
import rateLimit from '@fastify/rate-limit';
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import fp from 'fastify-plugin';
import type Redis from 'ioredis';
import { tooManyRequests } from '../../lib/http-errors';

export default fp(
  async (app, opts: { redis?: Redis }) => {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis, nameSpace: 'gestion:rl:', skipOnError: true } : {}),
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(ERROR_CODES.rateLimited, API_MESSAGES.rateLimited, context.ttl),
    });
  },
  { name: 'rate-limit' },
);
