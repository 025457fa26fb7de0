/**
 * The lock-out counters behind their one interface — per (account, address) with a growing lock,
 * plus the account-wide ceiling (issue #13) — in memory, in Redis (shared by replicas, when
 * TEST_REDIS_URL is set — CI sets it), and the fallback to memory when Redis is down.
 */
import { ERROR_CODES } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { FallbackLockoutStore, RedisLockoutStore } from '../src/lib/lockout-redis-store';
import {
  ACCOUNT_CEILING,
  ACCOUNT_WINDOW_MS,
  LOCKOUT_MAX_MS,
  MemoryLockoutStore,
  lockDurationMs,
  lockoutAddress,
  type LockoutKey,
  type LockoutStore,
} from '../src/lib/lockout-store';
import {
  PASSWORD,
  TestClock,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  registerUser,
  uniqueEmail,
} from './helper';

const T0 = Date.UTC(2026, 0, 1);

/** POST /api/auth/login from a given client address. */
function loginFrom(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}

describe('lockDurationMs', () => {
  it('is 0 below 5 failures, then 1, 2, 4… minutes, capped at one hour', () => {
    expect([1, 4, 5, 6, 7, 8].map(lockDurationMs)).toEqual([
      0, 0, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(lockDurationMs(12)).toBe(LOCKOUT_MAX_MS);
    expect(lockDurationMs(1000)).toBe(LOCKOUT_MAX_MS);
  });
});

describe('lockoutAddress', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::7', '2001:db8:1:2::/64'],
    ['2001:db8::7', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::1.2.3.4', '2001:db8:1:2::/64'],
  ])('counts %s as %s', (ip, expected) => {
    expect(lockoutAddress(ip)).toBe(expected);
  });
});

/** One key per address on one account. */
const at = (account: string, address: string): LockoutKey => ({ account, address });

function behavesLikeALockoutStore(make: () => LockoutStore) {
  it('locks an address after its 5th failure, for one minute', async () => {
    const store = make();
    const key = at(uniqueEmail('k'), '10.0.0.1');
    for (let i = 1; i <= 4; i++)
      expect(await store.registerFailure(key, T0)).toMatchObject({ failures: i, lockMs: 0 });
    expect(await store.registerFailure(key, T0)).toMatchObject({ failures: 5, lockMs: 60_000 });
    expect(await store.lockedFor(key, T0 + 1_000)).toBe(59_000);
    expect(await store.lockedFor(key, T0 + 60_000)).toBe(0);
  });

  it('does not lock the same account from another address', async () => {
    const store = make();
    const account = uniqueEmail('otra');
    for (let i = 0; i < 7; i++) await store.registerFailure(at(account, '10.0.0.1'), T0);
    expect(await store.lockedFor(at(account, '10.0.0.1'), T0)).toBe(240_000);
    expect(await store.lockedFor(at(account, '10.0.0.2'), T0)).toBe(0);
    expect(await store.registerFailure(at(account, '10.0.0.2'), T0)).toMatchObject({
      failures: 1,
      lockMs: 0,
      accountFailures: 8,
    });
  });

  it('holds every address that failed in the window once the account reaches 20 failures', async () => {
    const store = make();
    const account = uniqueEmail('techo');
    // 20 addresses, one failure each: no address reaches its own threshold.
    for (let i = 1; i <= ACCOUNT_CEILING; i++) {
      const out = await store.registerFailure(at(account, `10.1.0.${i}`), T0 + i - 1);
      expect(out).toMatchObject({ failures: 1, lockMs: 0, accountFailures: i });
      expect(out.accountWindowMs).toBe(ACCOUNT_WINDOW_MS - (i - 1));
    }
    // Each failing address waits for the rest of the window, counted from the first failure.
    expect(await store.lockedFor(at(account, '10.1.0.7'), T0 + 60_000)).toBe(
      ACCOUNT_WINDOW_MS - 60_000,
    );
    // An address that has not failed is still let through to the password check.
    expect(await store.lockedFor(at(account, '10.9.9.9'), T0 + 60_000)).toBe(0);
    // …and waits too once it fails.
    await store.registerFailure(at(account, '10.9.9.9'), T0 + 60_000);
    expect(await store.lockedFor(at(account, '10.9.9.9'), T0 + 60_000)).toBe(
      ACCOUNT_WINDOW_MS - 60_000,
    );
    // The window closes: counting starts afresh.
    expect(await store.lockedFor(at(account, '10.1.0.7'), T0 + ACCOUNT_WINDOW_MS)).toBe(0);
    expect(
      await store.registerFailure(at(account, '10.1.0.7'), T0 + ACCOUNT_WINDOW_MS),
    ).toMatchObject({ failures: 2, accountFailures: 1 });
  });

  it('keeps holding a failing address after reset of another one (a success elsewhere)', async () => {
    const store = make();
    const account = uniqueEmail('exito');
    for (let i = 1; i <= ACCOUNT_CEILING; i++)
      await store.registerFailure(at(account, `10.2.0.${i}`), T0);
    await store.reset(at(account, '10.2.0.1'));
    expect(await store.lockedFor(at(account, '10.2.0.1'), T0)).toBe(0);
    expect(await store.lockedFor(at(account, '10.2.0.2'), T0)).toBe(ACCOUNT_WINDOW_MS);
  });

  it('forgets an address on reset', async () => {
    const store = make();
    const key = at(uniqueEmail('r'), '10.0.0.3');
    for (let i = 0; i < 5; i++) await store.registerFailure(key, T0);
    await store.reset(key);
    expect(await store.lockedFor(key, T0)).toBe(0);
    expect(await store.registerFailure(key, T0)).toMatchObject({ failures: 1, lockMs: 0 });
  });
}

describe('MemoryLockoutStore', () => {
  behavesLikeALockoutStore(() => new MemoryLockoutStore());

  it('stays bounded when many e-mails are sprayed', async () => {
    const store = new MemoryLockoutStore(10);
    for (let i = 0; i < 50; i++) await store.registerFailure(at(`k${i}@x.org`, 'ip'), T0);
    for (let i = 0; i < 5; i++) await store.registerFailure(at('victima@x.org', 'ip'), T0);
    expect(await store.lockedFor(at('victima@x.org', 'ip'), T0)).toBe(60_000);
    expect(await store.registerFailure(at('k0@x.org', 'ip'), T0)).toMatchObject({
      failures: 1,
      lockMs: 0,
      accountFailures: 1,
    });
  });

  it('stays bounded when many addresses are sprayed at one account', async () => {
    const store = new MemoryLockoutStore(10);
    for (let i = 0; i < 50; i++) await store.registerFailure(at('a@x.org', `10.3.0.${i}`), T0);
    expect(await store.registerFailure(at('a@x.org', '10.3.0.0'), T0)).toMatchObject({
      failures: 1,
      accountFailures: 51,
    });
  });
});

describe('FallbackLockoutStore', () => {
  it('answers from memory and warns when the primary store fails', async () => {
    const failing: LockoutStore = {
      lockedFor: () => Promise.reject(new Error('down')),
      registerFailure: () => Promise.reject(new Error('down')),
      reset: () => Promise.reject(new Error('down')),
      accountFailures: () => Promise.reject(new Error('down')),
      clearAccount: () => Promise.reject(new Error('down')),
    };
    const warn = jest.fn();
    const store = new FallbackLockoutStore(failing, new MemoryLockoutStore(), warn);
    for (let i = 0; i < 5; i++) await store.registerFailure(at('a@x.org', 'ip'), T0);
    expect(await store.lockedFor(at('a@x.org', 'ip'), T0)).toBe(60_000);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in with REDIS_URL pointing at a Redis that is down', () => {
  it('keeps working with in-memory counters', async () => {
    const db = await createTestDatabase('sqlite');
    const { app } = await buildTestApp(db, { config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const { email } = await registerUser(app, 'sinredis');
      for (let i = 0; i < 5; i++)
        expect((await login(app, email, 'mala-clave')).statusCode).toBe(401);
      expectErrorShape(await login(app, email, PASSWORD), 429, ERROR_CODES.accountLocked);
    } finally {
      await app.close();
      await db.drop();
      // ioredis keeps its connect timeout (1 s) pending after a refused connection.
      await new Promise((r) => setTimeout(r, 1_100));
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('RedisLockoutStore (TEST_REDIS_URL)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await redis.quit();
  });

  behavesLikeALockoutStore(() => new RedisLockoutStore(redis, `gestion-test:${process.pid}:`));

  it('shares a lock-out between two replicas on one database and one Redis', async () => {
    const db = await createTestDatabase('sqlite');
    const clock = new TestClock();
    const a = await buildTestApp(db, { clock, config: { redisUrl } });
    const b = await buildTestApp(db, { clock, config: { redisUrl } });
    try {
      const { email } = await registerUser(a.app, 'replicas');
      for (let i = 0; i < 5; i++)
        await loginFrom(i % 2 ? b.app : a.app, email, 'mala-clave', '10.4.0.1');
      expectErrorShape(
        await loginFrom(b.app, email, PASSWORD, '10.4.0.1'),
        429,
        ERROR_CODES.accountLocked,
      );
      // The owner from another address is not stopped by it.
      expect((await loginFrom(a.app, email, PASSWORD, '10.4.0.2')).statusCode).toBe(200);
      clock.advance(60_000);
      expect((await loginFrom(b.app, email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    } finally {
      await a.app.close();
      await b.app.close();
      await db.drop();
    }
  });
});
