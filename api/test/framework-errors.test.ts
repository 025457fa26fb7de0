/**
 * What answers and logs the requests that never reach a route handler cleanly (issue #13): a
 * URL Fastify cannot decode still gets the security headers and the error shape; every response
 * carries `Permissions-Policy`; a request the client aborts is not logged as "database
 * unavailable"; no log line holds a stack trace. Runs on every database of DATABASES.
 */
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { PERMISSIONS_POLICY } from '../src/plugins/external/security-headers';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('framework errors and their log lines on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db, {
      config: { logLevel: 'info' },
      build: { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
      setup: (a) => {
        // A stream that fails after its first chunk: Fastify logs the error itself (`err`).
        a.get('/api/prueba/corte', (_req, reply) =>
          reply.type('text/plain').send(
            Readable.from(
              (async function* () {
                yield 'primera parte\n';
                await new Promise((r) => setTimeout(r, 5));
                throw new Error('fallo a mitad de camino');
              })(),
            ),
          ),
        );
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('a URL that cannot be decoded', () => {
    it.each(['/api/usuarios/%E0%A4%A', '/api/eventos/%zz/periodos', '/api/%', '/%E0%A4%A'])(
      'answers %s with 400, the error shape and the security headers',
      async (url) => {
        const res = await app.inject({ method: 'GET', url });
        const body = expectErrorShape(res, 400, ERROR_CODES.validation);
        expect(body.message).toBe(API_MESSAGES.validation);
        expect(body.details).toEqual([
          { field: 'url', message: 'La dirección de la petición no es válida' },
        ]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/);
        expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
        expect(res.headers['x-request-id']).toEqual(expect.any(String));
        if (url.startsWith('/api/')) expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toContain('FST_ERR');
      },
    );
  });

  it('answers a path parameter over the router limit with 414 in the error shape, with headers', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/eventos/${'1'.repeat(150)}` });
    expectErrorShape(res, 414, ERROR_CODES.validation);
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('Permissions-Policy', () => {
    it.each([
      ['GET', '/healthz'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/nada'],
      ['POST', '/api/auth/login'],
      ['GET', '/'],
    ] as const)('is on %s %s', async (method, url) => {
      const res = await app.inject({ method, url });
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    });

    it('refuses camera, microphone, geolocation, payment and usb, and keeps passkeys for the site itself', () => {
      const directives = PERMISSIONS_POLICY.split(', ');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(directives).toContain(`${feature}=()`);
      }
      // WebAuthn (DESIGN.md §8) must stay usable by the page: never `=()`.
      expect(directives).toContain('publickey-credentials-get=(self)');
      expect(directives).toContain('publickey-credentials-create=(self)');
    });
  });

  it('logs a request the client aborts mid-body as aborted, not as "database unavailable"', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const from = lines.length;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\n' +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"a@b.org",',
          () => setTimeout(() => socket.destroy(), 50),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    for (let i = 0; i < 50 && !lines.slice(from).some((l) => l.includes('aborted')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const after = lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(after.map((l) => l.msg)).toContain('request aborted by the client');
    expect(after.map((l) => l.msg)).not.toContain('database unavailable');
    expect(after.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it('writes no stack trace in any line, Fastify’s own error lines included', async () => {
    // The response is cut after its first chunk (inject then rejects): what matters is the log.
    await app.inject({ method: 'GET', url: '/api/prueba/corte' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    const withErr = parsed().filter((l) => l.err !== undefined);
    expect(withErr.length).toBeGreaterThan(0);
    for (const l of withErr) {
      expect(l.err).toEqual({ type: 'Error', message: expect.any(String) });
    }
    expect(lines.join('\n')).not.toMatch(/"stack"|\n\s+at .+:\d+:\d+/);
  });
});
