/**
 * Per-account lock-out (DESIGN.md §3; OWASP Authentication Cheat Sheet, "Account lockout"):
 * after 5 consecutive failed sign-ins an e-mail is locked for 1 minute, doubling with each
 * further failure up to 1 hour; a success resets the count. Counters live in memory, or in Redis
 * when `REDIS_URL` is set so every replica sees the same count. Times come from the caller (the
 * app's clock), so tests can move time.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';

/** Failures before the first lock. */
export const LOCKOUT_THRESHOLD = 5;
/** First lock, in ms. */
export const LOCKOUT_BASE_MS = 60_000;
/** Longest lock, in ms. */
export const LOCKOUT_MAX_MS = 3_600_000;
/** A failure count with no new failure for this long is forgotten, in ms. */
export const LOCKOUT_FORGET_MS = 24 * 3_600_000;

/** Lock length after `failures` consecutive failures: 0 below the threshold, then 1, 2, 4… min. */
export function lockDurationMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(
    LOCKOUT_BASE_MS * 2 ** Math.min(failures - LOCKOUT_THRESHOLD, 30),
    LOCKOUT_MAX_MS,
  );
}

/** The outcome of one failure. */
export interface FailureOutcome {
  /** Consecutive failures so far, this one included. */
  failures: number;
  /** Length of the lock this failure started, in ms; 0 when it started none. */
  lockMs: number;
}

/** Where lock-out counters live. Keys are normalised e-mails. Times are epoch ms. */
export interface LockoutStore {
  /** Remaining lock in ms; 0 when the key is not locked. */
  lockedFor(key: string, now: number): Promise<number>;
  /** Counts one failure; may start a lock. */
  registerFailure(key: string, now: number): Promise<FailureOutcome>;
  /** Forgets the key (after a successful sign-in). */
  reset(key: string): Promise<void>;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/**
 * In-process counters. Bounded: beyond `maxKeys` the oldest entries are dropped, so spraying
 * random e-mails cannot exhaust memory.
 */
export class MemoryLockoutStore implements LockoutStore {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly maxKeys = 100_000) {}

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && e.lockedUntil <= now && now - e.lastFailure > LOCKOUT_FORGET_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  lockedFor(key: string, now: number): Promise<number> {
    const e = this.live(key, now);
    return Promise.resolve(e && e.lockedUntil > now ? e.lockedUntil - now : 0);
  }

  registerFailure(key: string, now: number): Promise<FailureOutcome> {
    const e = this.live(key, now) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    e.failures += 1;
    e.lastFailure = now;
    const lockMs = lockDurationMs(e.failures);
    if (lockMs > 0) e.lockedUntil = now + lockMs;
    // Re-insert so Map order is least-recently-failed first.
    this.entries.delete(key);
    this.entries.set(key, e);
    while (this.entries.size > this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return Promise.resolve({ failures: e.failures, lockMs });
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }
}

/** Atomic "count a failure, maybe lock" in Redis: returns {failures, lockMs}. */
const FAILURE_SCRIPT = `
local f = redis.call('HINCRBY', KEYS[1], 'f', 1)
local threshold = tonumber(ARGV[2])
local lock = 0
if f >= threshold then
  local exp = f - threshold
  if exp > 30 then exp = 30 end
  lock = math.min(tonumber(ARGV[3]) * (2 ^ exp), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'u', tonumber(ARGV[1]) + lock)
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {f, lock}
`;

/** Counters shared by every replica through Redis (one hash per e-mail, keyed by its SHA-256). */
export class RedisLockoutStore implements LockoutStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'gestion:lockout:',
  ) {}

  private key(email: string): string {
    // Hashed so Redis never holds the address itself.
    return this.prefix + createHash('sha256').update(email).digest('hex');
  }

  async lockedFor(key: string, now: number): Promise<number> {
    const until = Number((await this.redis.hget(this.key(key), 'u')) ?? 0);
    return until > now ? until - now : 0;
  }

  async registerFailure(key: string, now: number): Promise<FailureOutcome> {
    const res = (await this.redis.eval(
      FAILURE_SCRIPT,
      1,
      this.key(key),
      now,
      LOCKOUT_THRESHOLD,
      LOCKOUT_BASE_MS,
      LOCKOUT_MAX_MS,
      LOCKOUT_FORGET_MS + LOCKOUT_MAX_MS,
    )) as [number, number];
    return { failures: Number(res[0]), lockMs: Number(res[1]) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

/** How long a fallback store leaves a failed primary (Redis) alone before trying it again, ms. */
export const PRIMARY_PAUSE_MS = 2000;

/**
 * Uses `primary` (Redis) and, when a call to it fails, logs a warning and answers from
 * `fallback` (memory) instead: an unreachable Redis never takes sign-in down (issue #2).
 */
export class FallbackLockoutStore implements LockoutStore {
  private lastWarning = 0;
  /** After a failure the primary is left alone this long (epoch ms), so a silent Redis costs
   * one command timeout per `PRIMARY_PAUSE_MS`, not one per call (issue #7). */
  private skipPrimaryUntil = 0;
  constructor(
    private readonly primary: LockoutStore,
    private readonly fallback: LockoutStore,
    private readonly warn: (err: unknown) => void,
  ) {}

  private async attempt<T>(op: (s: LockoutStore) => Promise<T>): Promise<T> {
    if (Date.now() < this.skipPrimaryUntil) return op(this.fallback);
    try {
      return await op(this.primary);
    } catch (err) {
      this.skipPrimaryUntil = Date.now() + PRIMARY_PAUSE_MS;
      // At most one warning every 30 s while Redis is down.
      if (Date.now() - this.lastWarning > 30_000) {
        this.lastWarning = Date.now();
        this.warn(err);
      }
      return op(this.fallback);
    }
  }

  lockedFor(key: string, now: number): Promise<number> {
    return this.attempt((s) => s.lockedFor(key, now));
  }
  registerFailure(key: string, now: number): Promise<FailureOutcome> {
    return this.attempt((s) => s.registerFailure(key, now));
  }
  reset(key: string): Promise<void> {
    return this.attempt((s) => s.reset(key));
  }
}
