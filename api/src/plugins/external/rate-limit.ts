/**
 * Per-IP limits on sign-in and registration (DESIGN.md §3). Registered with `global: false`:
 * a route opts in with `config.rateLimit`. Counters are shared through Redis when a client is
 * given; while Redis fails, each replica keeps counting in its own memory (issue #7: "the api
 * keeps serving with in-memory counters and logs a warning") instead of letting every request
 * through, and goes back to Redis as soon as it answers again.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type Redis from 'ioredis';
import { errorSummary } from '../../lib/log';
import { tooManyRequests } from '../../lib/http-errors';
import { PRIMARY_PAUSE_MS } from '../../lib/lockout-redis-store';

/** What the plugin's own stores take and give (they ship without typings). */
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
type StoreCtor<A extends unknown[]> = new (...args: A) => FastifyRateLimitStore;

// The plugin's own Redis and LRU-memory stores: no exports map, so reachable by path.
/* eslint-disable @typescript-eslint/no-require-imports */
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor<
  [continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string]
>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreCtor<
  [continueExceeding: boolean, exponentialBackoff: boolean, cache?: number]
>;
/* eslint-enable @typescript-eslint/no-require-imports */

/** Redis key prefix of the per-IP counters. */
export const RATE_LIMIT_NAMESPACE = 'gestion:rl:';

/** Warns at most once per `everyMs` (a dead Redis must not flood the log). */
function throttledWarning(log: FastifyBaseLogger, everyMs = 30_000): (err: unknown) => void {
  let last = 0;
  return (err) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    log.warn({ error: errorSummary(err) }, 'Redis unavailable for rate limiting; using memory');
  };
}

/**
 * A rate-limit store that asks Redis and, when the call fails, counts in memory instead. The
 * memory counters are per replica, so while Redis is down N replicas allow up to N × the limit
 * — still a limit, unlike `skipOnError`.
 */
export class FallbackRateLimitStore implements FastifyRateLimitStore {
  /** After a failure Redis is left alone this long (epoch ms): a silent Redis costs one command
   * timeout per `PRIMARY_PAUSE_MS`, not one per request. */
  private skipPrimaryUntil = 0;
  constructor(
    private readonly primary: FastifyRateLimitStore,
    private readonly fallback: FastifyRateLimitStore,
    private readonly warn: (err: unknown) => void,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    if (Date.now() < this.skipPrimaryUntil) {
      this.fallback.incr(key, callback, timeWindow, max);
      return;
    }
    this.primary.incr(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.skipPrimaryUntil = Date.now() + PRIMARY_PAUSE_MS;
        this.warn(err);
        this.fallback.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackRateLimitStore(
      this.primary.child(routeOptions),
      this.fallback.child(routeOptions),
      this.warn,
    );
  }
}

/**
 * The store class handed to the plugin, which instantiates it with its global parameters;
 * per-route stores come from `child()` with the route's own.
 */
function redisWithMemoryStore(redis: Redis, warn: (err: unknown) => void) {
  return class RedisWithMemoryStore extends FallbackRateLimitStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const ce = params.continueExceeding ?? false;
      const eb = params.exponentialBackoff ?? false;
      super(new RedisStore(ce, eb, redis, RATE_LIMIT_NAMESPACE), new LocalStore(ce, eb), warn);
    }
  };
}

export default fp(
  async (app, opts: { redis?: Redis }) => {
    const warn = throttledWarning(app.log);
    const store = opts.redis ? redisWithMemoryStore(opts.redis, warn) : undefined;
    await app.register(rateLimit, {
      global: false,
      ...(store ? { store } : {}),
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(ERROR_CODES.rateLimited, API_MESSAGES.rateLimited, context.ttl),
    });
  },
  { name: 'rate-limit' },
);
