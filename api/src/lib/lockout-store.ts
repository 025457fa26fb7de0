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
 * Counters live in memory (here), or in Redis when `REDIS_URL` is set so every replica sees the
 * same counts (lockout-redis-store.ts). Times come from the caller (the app's clock), so tests can move time. README
 * "Security" states the model and its numbers.
 */
import { isIPv6 } from 'node:net';

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

/** The account-wide ceiling's counter (`count` failures since `windowStart`, epoch ms). */
export interface AccountEntry {
  count: number;
  windowStart: number;
}

/**
 * Remaining wait (ms) from the account ceiling for an address whose last failure was
 * `lastFailure`; the memory and the Redis store decide it alike.
 */
export function ceilingWait(
  acct: AccountEntry | undefined,
  lastFailure: number,
  now: number,
): number {
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
