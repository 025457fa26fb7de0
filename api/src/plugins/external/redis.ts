/**
 * The optional Redis client (`REDIS_URL`), shared by the rate limiter and the lock-out store.
 * Commands fail fast while Redis is unreachable (no offline queue) or silent (command timeout) so
 * callers can fall back to memory instead of hanging; the client keeps reconnecting in the
 * background.
 */
import type { FastifyBaseLogger } from 'fastify';
import Redis from 'ioredis';

/** How long one Redis command may take before it counts as failed, in ms. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Connects, waiting up to `waitMs` for the first connection. Never throws: an unreachable
 * Redis is logged as a warning and the caller works with in-memory counters until it returns.
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  waitMs = 2000,
): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // ioredis leaves this timer pending when a connection is refused, delaying exit by up
    // to this long; keep it short.
    connectTimeout: 1000,
    // A Redis that stops answering without closing the connection (a network partition) must
    // not hang sign-in: a command gets this long, then the caller falls back to memory.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    // One warning every 30 s at most while Redis is down.
    if (Date.now() - lastWarning > 30_000) {
      lastWarning = Date.now();
      log.warn(
        { error: { message: err.message } },
        'Redis unreachable; using in-memory throttling counters',
      );
    }
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    // Ready, or the first attempt failed (refused, DNS…): either way stop waiting.
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}

/** Closes the client without waiting for a server that may be gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  } catch {
    redis.disconnect();
  }
}
