/**
 * The lock-out counters every replica shares (issue #2, #7): `RedisLockoutStore`, the same rules
 * as `MemoryLockoutStore` (lockout-store.ts) in two atomic Lua scripts, and
 * `FallbackLockoutStore`, which answers from memory while Redis is unreachable so sign-in never
 * goes down with it.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import {
  ACCOUNT_WINDOW_MS,
  LOCKOUT_BASE_MS,
  LOCKOUT_FORGET_MS,
  LOCKOUT_MAX_MS,
  LOCKOUT_THRESHOLD,
  ceilingWait,
  type FailureOutcome,
  type LockoutKey,
  type LockoutStore,
} from './lockout-store';

/**
 * Atomic "count a failure" in Redis. KEYS[1]: the (account, address) hash {f: failures,
 * u: locked until, l: last failure}; KEYS[2]: the account hash {c: count, s: window start}.
 * ARGV: now, threshold, base ms, max ms, address TTL ms, window ms, ceiling.
 * Returns {failures, lockMs, accountFailures, windowEnd}.
 */
const FAILURE_SCRIPT = `
local now = tonumber(ARGV[1])
local threshold = tonumber(ARGV[2])
local f = redis.call('HINCRBY', KEYS[1], 'f', 1)
local lock = 0
if f >= threshold then
  local exp = f - threshold
  if exp > 30 then exp = 30 end
  lock = math.min(tonumber(ARGV[3]) * (2 ^ exp), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'u', now + lock)
end
redis.call('HSET', KEYS[1], 'l', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
local window = tonumber(ARGV[6])
local s = tonumber(redis.call('HGET', KEYS[2], 's') or '0')
if s == 0 or now >= s + window then
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[2], 's', now)
  s = now
  redis.call('PEXPIRE', KEYS[2], window)
end
local c = redis.call('HINCRBY', KEYS[2], 'c', 1)
return {f, lock, c, s + window}
`;

/** Reads both counters at once: returns {address locked until, last failure, count, start}. */
const STATE_SCRIPT = `
local a = redis.call('HMGET', KEYS[1], 'u', 'l')
local b = redis.call('HMGET', KEYS[2], 'c', 's')
return {a[1] or '0', a[2] or '0', b[1] or '0', b[2] or '0'}
`;

/**
 * Counters shared by every replica through Redis. Keys are SHA-256 digests, so Redis never
 * holds an e-mail or an address; the account digest is a hash tag, so both keys of one account
 * live in one slot and a Redis Cluster can run the scripts.
 */
export class RedisLockoutStore implements LockoutStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'gestion:lockout:',
  ) {}

  private keys(key: LockoutKey): [string, string] {
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    const account = `${this.prefix}{${sha(key.account)}}`;
    return [`${account}:${sha(`${key.account}\u0000${key.address}`)}`, account];
  }

  async lockedFor(key: LockoutKey, now: number): Promise<number> {
    const res = (await this.redis.eval(STATE_SCRIPT, 2, ...this.keys(key))) as string[];
    const [until, lastFailure, count, windowStart] = res.map(Number) as [
      number,
      number,
      number,
      number,
    ];
    if (lastFailure === 0 && until === 0) return 0;
    const own = until > now ? until - now : 0;
    const ceiling = count > 0 ? ceilingWait({ count, windowStart }, lastFailure, now) : 0;
    return Math.max(own, ceiling);
  }

  async registerFailure(key: LockoutKey, now: number): Promise<FailureOutcome> {
    const res = (await this.redis.eval(
      FAILURE_SCRIPT,
      2,
      ...this.keys(key),
      now,
      LOCKOUT_THRESHOLD,
      LOCKOUT_BASE_MS,
      LOCKOUT_MAX_MS,
      LOCKOUT_FORGET_MS + LOCKOUT_MAX_MS,
      ACCOUNT_WINDOW_MS,
    )) as [number, number, number, number];
    return {
      failures: Number(res[0]),
      lockMs: Number(res[1]),
      accountFailures: Number(res[2]),
      accountWindowMs: Number(res[3]) - now,
    };
  }

  async reset(key: LockoutKey): Promise<void> {
    await this.redis.del(this.keys(key)[0]);
  }

  async accountFailures(account: string, now: number): Promise<number> {
    const [count, start] = await this.redis.hmget(this.keys({ account, address: '' })[1], 'c', 's');
    return Number(start ?? 0) + ACCOUNT_WINDOW_MS > now ? Number(count ?? 0) : 0;
  }

  async clearAccount(account: string): Promise<void> {
    const accountKey = this.keys({ account, address: '' })[1];
    // The address keys share the account key as prefix (`keys`); braces are literal in a
    // SCAN pattern.
    const stream = this.redis.scanStream({ match: `${accountKey}:*`, count: 500 });
    for await (const batch of stream as AsyncIterable<string[]>)
      if (batch.length > 0) await this.redis.del(...batch);
    await this.redis.del(accountKey);
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

  lockedFor(key: LockoutKey, now: number): Promise<number> {
    return this.attempt((s) => s.lockedFor(key, now));
  }
  registerFailure(key: LockoutKey, now: number): Promise<FailureOutcome> {
    return this.attempt((s) => s.registerFailure(key, now));
  }
  reset(key: LockoutKey): Promise<void> {
    return this.attempt((s) => s.reset(key));
  }
  accountFailures(account: string, now: number): Promise<number> {
    return this.attempt((s) => s.accountFailures(account, now));
  }
  async clearAccount(account: string): Promise<void> {
    // Both: counts taken by the fallback while Redis was down must go too.
    await this.fallback.clearAccount(account);
    await this.attempt((s) => (s === this.fallback ? Promise.resolve() : s.clearAccount(account)));
  }
}
