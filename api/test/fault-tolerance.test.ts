/**
 * Faults inside one process (issue #7): an unreachable Redis leaves the per-IP limits counting
 * in memory (with a warning), and a database that cannot be reached answers 503 with a Spanish
 * message and `Retry-After` — never a 500. The multi-process faults (kill -9, PostgreSQL cut
 * for 5 s, replicas) are in e2e/cluster/.
 */
import { randomInt } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import { isDatabaseUnavailable } from '../src/lib/db-errors';
import { toErrorBody } from '../src/plugins/app/errors';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  uniqueEmail,
  type TestDatabase,
} from './helper';

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 1));
    });
  });
}

/**
 * A relay to the test Redis that can go silent: `freeze()` keeps every connection open but
 * stops forwarding, like a network partition (no reset, no refusal).
 */
async function freezableRedisRelay(target: URL) {
  const pairs: [Socket, Socket][] = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  return {
    url: `redis://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    close: () =>
      new Promise<void>((r) => {
        for (const pair of pairs) for (const s of pair) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('database-unavailable errors', () => {
  it.each([
    ['refused', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['admin shutdown', { code: '57P01', message: 'terminating connection' }],
    ['connection failure', { code: '08006', message: 'connection failure' }],
    ['socket closed', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
  ])('%s → 503 SERVICE_UNAVAILABLE', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(toErrorBody(err)).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: API_MESSAGES.serviceUnavailable,
      code: ERROR_CODES.serviceUnavailable,
    });
  });

  it.each([
    ['unique violation', { code: '23505' }],
    ['missing table', { code: '42P01', message: 'relation does not exist' }],
    ['a bug', new Error('boom')],
  ])('%s is not mistaken for an outage', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(toErrorBody(err).statusCode).not.toBe(503);
  });

  it('null is not an outage', () => expect(isDatabaseUnavailable(null)).toBe(false));
});

describe.each(DATABASES)('faults on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a route whose database call fails to connect answers 503 with Retry-After', async () => {
    const { app } = await buildTestApp(db, {
      setup: (a) =>
        a.get('/api/probe-outage', () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
            code: 'ECONNREFUSED',
          });
        }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/probe-outage' });
      const body = expectErrorShape(res, 503, ERROR_CODES.serviceUnavailable);
      expect(body.message).toBe(API_MESSAGES.serviceUnavailable);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.body).not.toMatch(/ECONNREFUSED|5432/);
    } finally {
      await app.close();
    }
  });

  it('with Redis unreachable the per-IP sign-in limit still counts, in memory, and warns', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp(db, {
      config: { redisUrl: `redis://127.0.0.1:${await closedPort()}`, rateLimitLogin: 3 },
      build: { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // A different unknown e-mail each time: the per-account lock-out stays out of it.
        statuses.push((await login(app, uniqueEmail('rl'), 'Clave-Incorrecta-1')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const warnings = lines
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level === 40 && /Redis/.test(l.msg));
      expect(warnings.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)(
    'a Redis that stops answering does not hang sign-in: memory takes over after the command timeout',
    async () => {
      const relay = await freezableRedisRelay(new URL(redisUrl!));
      const lines: string[] = [];
      const { app } = await buildTestApp(db, {
        config: { redisUrl: relay.url, rateLimitLogin: 2 },
        build: { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
      });
      // A client address of its own: the real Redis keeps per-IP counters of other runs.
      const remoteAddress = `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
      const attempt = async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: uniqueEmail('fz'), password: 'Clave-Incorrecta-1' },
            remoteAddress,
          })
        ).statusCode;
      try {
        // Connected and answering: a normal sign-in failure.
        expect(await attempt()).toBe(401);
        relay.freeze();
        const started = Date.now();
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push(await attempt());
        // The first command waits out the timeout; then memory answers (and counts) at once.
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(statuses).toEqual([401, 401, 429]);
        expect(lines.some((l) => /Redis unavailable for rate limiting/.test(l))).toBe(true);
      } finally {
        await app.close();
        await relay.close();
      }
    },
  );
});
