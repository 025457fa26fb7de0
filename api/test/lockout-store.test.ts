/**
 * The lock-out counters behind their one interface: in memory, in Redis (shared by replicas,
 * when TEST_REDIS_URL is set — CI sets it), and the fallback to memory when Redis is down.
 */
import { ERROR_CODES } from '@gestion/shared';
import Redis from 'ioredis';
import {
  FallbackLockoutStore,
  LOCKOUT_MAX_MS,
  MemoryLockoutStore,
  RedisLockoutStore,
  lockDurationMs,
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

describe('lockDurationMs', () => {
  it('is 0 below 5 failures, then 1, 2, 4… minutes, capped at one hour', () => {
    expect([1, 4, 5, 6, 7, 8].map(lockDurationMs)).toEqual([
      0, 0, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(lockDurationMs(12)).toBe(LOCKOUT_MAX_MS);
    expect(lockDurationMs(1000)).toBe(LOCKOUT_MAX_MS);
  });
});

function behavesLikeALockoutStore(make: () => LockoutStore) {
  it('locks after the 5th failure, for one minute', async () => {
    const store = make();
    const key = uniqueEmail('k');
    for (let i = 1; i <= 4; i++)
      expect(await store.registerFailure(key, T0)).toEqual({ failures: i, lockMs: 0 });
    expect(await store.registerFailure(key, T0)).toEqual({ failures: 5, lockMs: 60_000 });
    expect(await store.lockedFor(key, T0 + 1_000)).toBe(59_000);
    expect(await store.lockedFor(key, T0 + 60_000)).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const store = make();
    const key = uniqueEmail('r');
    for (let i = 0; i < 5; i++) await store.registerFailure(key, T0);
    await store.reset(key);
    expect(await store.lockedFor(key, T0)).toBe(0);
    expect(await store.registerFailure(key, T0)).toEqual({ failures: 1, lockMs: 0 });
  });
}

describe('MemoryLockoutStore', () => {
  behavesLikeALockoutStore(() => new MemoryLockoutStore());

  it('stays bounded when many e-mails are sprayed', async () => {
    const store = new MemoryLockoutStore(10);
    for (let i = 0; i < 50; i++) await store.registerFailure(`k${i}@x.org`, T0);
    for (let i = 0; i < 5; i++) await store.registerFailure('victima@x.org', T0);
    expect(await store.lockedFor('victima@x.org', T0)).toBe(60_000);
    expect(await store.registerFailure('k0@x.org', T0)).toEqual({ failures: 1, lockMs: 0 });
  });
});

describe('FallbackLockoutStore', () => {
  it('answers from memory and warns when the primary store fails', async () => {
    const failing: LockoutStore = {
      lockedFor: () => Promise.reject(new Error('down')),
      registerFailure: () => Promise.reject(new Error('down')),
      reset: () => Promise.reject(new Error('down')),
    };
    const warn = jest.fn();
    const store = new FallbackLockoutStore(failing, new MemoryLockoutStore(), warn);
    for (let i = 0; i < 5; i++) await store.registerFailure('a@x.org', T0);
    expect(await store.lockedFor('a@x.org', T0)).toBe(60_000);
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
      for (let i = 0; i < 5; i++) await login(a.app, email, 'mala-clave');
      expectErrorShape(await login(b.app, email, PASSWORD), 429, ERROR_CODES.accountLocked);
      clock.advance(60_000);
      expect((await login(b.app, email, PASSWORD)).statusCode).toBe(200);
    } finally {
      await a.app.close();
      await b.app.close();
      await db.drop();
    }
  });
});
