/**
 * Lock-out without denial of service (DESIGN.md §3 and §8, issue #13; OWASP Authentication
 * Cheat Sheet "Account lockout", OWASP ASVS 5.0 V6.3.1 "brute force controls as documented").
 *
 * Two counters, both checked before a password is verified:
 * - **per (account, client address)** (an IPv6 address counts as its /64): after 5
 *   consecutive failures from one address that address is locked out of that account for
 *   1 minute, doubling with each further failure up to 1 hour; a success from that address
 *   resets it. A lock started from one address never stops the owner signing in from another.
 * - **account-wide ceiling**: every failure on the account, from any address, counts in a
 *   15-minute window that opens at the first of them. Once 20 failures are counted in the
 *   window, an address that has itself failed on the account during the window waits until
 *   the window closes (429 + Retry-After); an address with no failure in the window still has
 *   its password checked, so the owner elsewhere gets in. A success does not reset the ceiling
 *   (the attack goes on), it only clears that address's own count.
 *
 * Counters live in memory, or in Redis when `REDIS_URL` is set so every replica sees the same
 * counts. Times come from the caller (the app's clock), so tests can move time. README
 * "Security" states the model and its numbers.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type Redis from 'ioredis';

/** Failures from one address before that address's first lock. */
export const LOCKOUT_THRESHOLD = 5;
/** First lock, in ms. */
export const LOCKOUT_BASE_MS = 60_000;
/** Longest lock, in ms. */
export const LOCKOUT_MAX_MS = 3_600_000;
/** A failure count with no new failure for this long is forgotten, in ms. */
export const LOCKOUT_FORGET_MS = 24 * 3_600_000;
/** Failures on one account (all addresses) within `ACCOUNT_WINDOW_MS` that start the ceiling. */
export const ACCOUNT_CEILING = 20;
/** The account-wide counting window, in ms; it opens at the first failure it counts. */
export const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** Lock length after `failures` consecutive failures: 0 below the threshold, then 1, 2, 4… min. */
export function lockDurationMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(
    LOCKOUT_BASE_MS * 2 ** Math.min(failures - LOCKOUT_THRESHOLD, 30),
    LOCKOUT_MAX_MS,
  );
}

/** Whose attempts a counter follows: the normalised e-mail and the client address. */
export interface LockoutKey {
  /** Normalised e-mail (known or not: unknown e-mails are counted alike, so nothing leaks). */
  account: string;
  /** Client address as `lockoutAddress` groups it (`request.ip`, behind TRUST_PROXY). */
  address: string;
}

/**
 * The address part of a lock-out key: an IPv4 address as it is (also when IPv4-mapped in IPv6),
 * an IPv6 address cut to its /64 network. One IPv6 subscriber usually holds a whole /64, so
 * counting single addresses would hand an attacker 2^64 fresh "addresses", each with its own
 * five guesses and its own pass under the account ceiling.
 */
export function lockoutAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/iu.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) sits in the last 32 bits, outside the /64 kept.
  const missing = 8 - left.length - right.length - (right.at(-1)?.includes('.') ? 1 : 0);
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/u, ''))
    .join(':')}::/64`;
}

/** The key of an attempt on `account` (a normalised e-mail) from the client address `ip`. */
export function lockoutKey(account: string, ip: string): LockoutKey {
  return { account, address: lockoutAddress(ip) };
}

/** The outcome of one failure. */
export interface FailureOutcome {
  /** Consecutive failures from this address on this account, this one included. */
  failures: number;
  /** Length of the per-address lock this failure started, in ms; 0 when it started none. */
  lockMs: number;
  /** Failures on the account from every address in the current window, this one included. */
  accountFailures: number;
  /** Remaining time of the account window, in ms (how long the ceiling lasts once reached). */
  accountWindowMs: number;
}

/** Where lock-out counters live. Times are epoch ms. */
export interface LockoutStore {
  /**
   * How long this address must wait before trying this account again, in ms; 0 when it may
   * try now. The larger of its own lock and, when the account ceiling is reached and the
   * address failed during the window, the rest of the window.
   */
  lockedFor(key: LockoutKey, now: number): Promise<number>;
  /** Counts one failure of this address on this account; may start a lock or the ceiling. */
  registerFailure(key: LockoutKey, now: number): Promise<FailureOutcome>;
  /** Forgets this address's count on this account (after a right password from it). */
  reset(key: LockoutKey): Promise<void>;
  /**
   * Failures counted on `account` from every address in its current window (0 when none): a
   * right password at or above ACCOUNT_CEILING gets a mailed code instead of a session
   * (issue #15, "sign-in under attack").
   */
  accountFailures(account: string, now: number): Promise<number>;
  /**
   * Forgets every counter of `account`, the ceiling and each address's lock: a password reset
   * proved the owner (issue #15).
   */
  clearAccount(account: string): Promise<void>;
}

interface AddressEntry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

interface AccountEntry {
  count: number;
  windowStart: number;
}

/** Remaining wait from the account ceiling for an address whose last failure was `lastFailure`. */
function ceilingWait(acct: AccountEntry | undefined, lastFailure: number, now: number): number {
  if (!acct || acct.count < ACCOUNT_CEILING) return 0;
  const end = acct.windowStart + ACCOUNT_WINDOW_MS;
  return now < end && lastFailure >= acct.windowStart ? end - now : 0;
}

/** Deletes the oldest entries of an insertion-ordered map beyond `max`. */
function bound<V>(map: Map<string, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}

/**
 * In-process counters. Bounded: beyond `maxKeys` the least recently failed entries are dropped,
 * so spraying random e-mails or addresses cannot exhaust memory.
 */
export class MemoryLockoutStore implements LockoutStore {
  private readonly addresses = new Map<string, AddressEntry>();
  private readonly accounts = new Map<string, AccountEntry>();
  constructor(private readonly maxKeys = 100_000) {}

  private static addressKey(key: LockoutKey): string {
    // NUL cannot occur in a normalised e-mail nor in an address.
    return `${key.account}\u0000${key.address}`;
  }

  private liveAddress(key: LockoutKey, now: number): AddressEntry | undefined {
    const k = MemoryLockoutStore.addressKey(key);
    const e = this.addresses.get(k);
    if (e && e.lockedUntil <= now && now - e.lastFailure > LOCKOUT_FORGET_MS) {
      this.addresses.delete(k);
      return undefined;
    }
    return e;
  }

  private liveAccount(account: string, now: number): AccountEntry | undefined {
    const a = this.accounts.get(account);
    if (a && now >= a.windowStart + ACCOUNT_WINDOW_MS) {
      this.accounts.delete(account);
      return undefined;
    }
    return a;
  }

  lockedFor(key: LockoutKey, now: number): Promise<number> {
    const e = this.liveAddress(key, now);
    if (!e) return Promise.resolve(0);
    const own = e.lockedUntil > now ? e.lockedUntil - now : 0;
    const ceiling = ceilingWait(this.liveAccount(key.account, now), e.lastFailure, now);
    return Promise.resolve(Math.max(own, ceiling));
  }

  registerFailure(key: LockoutKey, now: number): Promise<FailureOutcome> {
    const k = MemoryLockoutStore.addressKey(key);
    const e = this.liveAddress(key, now) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    e.failures += 1;
    e.lastFailure = now;
    const lockMs = lockDurationMs(e.failures);
    if (lockMs > 0) e.lockedUntil = now + lockMs;
    // Re-insert so Map order is least-recently-failed first.
    this.addresses.delete(k);
    this.addresses.set(k, e);
    bound(this.addresses, this.maxKeys);

    const a = this.liveAccount(key.account, now) ?? { count: 0, windowStart: now };
    a.count += 1;
    this.accounts.delete(key.account);
    this.accounts.set(key.account, a);
    bound(this.accounts, this.maxKeys);
    return Promise.resolve({
      failures: e.failures,
      lockMs,
      accountFailures: a.count,
      accountWindowMs: a.windowStart + ACCOUNT_WINDOW_MS - now,
    });
  }

  reset(key: LockoutKey): Promise<void> {
    this.addresses.delete(MemoryLockoutStore.addressKey(key));
    return Promise.resolve();
  }

  accountFailures(account: string, now: number): Promise<number> {
    return Promise.resolve(this.liveAccount(account, now)?.count ?? 0);
  }

  clearAccount(account: string): Promise<void> {
    this.accounts.delete(account);
    const prefix = `${account}\u0000`;
    for (const k of [...this.addresses.keys()]) if (k.startsWith(prefix)) this.addresses.delete(k);
    return Promise.resolve();
  }
}

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
