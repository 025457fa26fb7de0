/**
 * The error shape for every kind of bad request, security headers, CORS, per-IP rate limits,
 * health checks and the OpenAPI document (DESIGN.md §3).
 */
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  register,
  uniqueEmail,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('errors and security on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db, {
      config: { corsOrigins: ['https://panel.example.org'] },
      setup: (a) => {
        a.get('/api/boom', () => {
          throw new Error('select * from usuarios failed at /secret/path.ts:12');
        });
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const post = (url: string, payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('answers 400 "El cuerpo de la petición no es JSON válido" for malformed JSON', async () => {
    const body = expectErrorShape(
      await post('/api/auth/login', '{"email": '),
      400,
      ERROR_CODES.validation,
    );
    expect(body.message).toBe(API_MESSAGES.malformedJson);
  });

  it('answers 400 listing an unknown field instead of silently dropping it', async () => {
    const res = await post(
      '/api/auth/login',
      JSON.stringify({ email: ADMIN.email, password: ADMIN.password, admin: true }),
    );
    const body = expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(body.details).toEqual([{ field: 'admin', message: 'Campo no admitido' }]);
  });

  it('answers 400 for a wrong type, without coercing it', async () => {
    const res = await post(
      '/api/auth/login',
      JSON.stringify({ email: 12345, password: ADMIN.password }),
    );
    const body = expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(body.details).toEqual([{ field: 'email', message: 'Debe ser de tipo texto' }]);
  });

  it('answers 400 when the body is missing or not an object', async () => {
    expectErrorShape(
      await app.inject({ method: 'POST', url: '/api/auth/login' }),
      400,
      ERROR_CODES.validation,
    );
    expectErrorShape(await post('/api/auth/login', '[1,2]'), 400, ERROR_CODES.validation);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await post(
      '/api/auth/register',
      JSON.stringify({ email: 'a@b.org', password: 'x'.repeat(70_000), nombre: 'n' }),
    );
    const body = expectErrorShape(res, 413, ERROR_CODES.payloadTooLarge);
    expect(body.message).toBe(API_MESSAGES.payloadTooLarge);
  });

  it('answers 415 for a content type other than JSON', async () => {
    const res = await post(
      '/api/auth/login',
      'email=a&password=b',
      'application/x-www-form-urlencoded',
    );
    const body = expectErrorShape(res, 415, ERROR_CODES.unsupportedMediaType);
    expect(body.message).toBe(API_MESSAGES.unsupportedMediaType);
  });

  it.each([
    ['GET', '/api/nada'],
    ['POST', '/api/auth/nada'],
    // A wrong method on a known path is 405 with Allow (issue #13, openapi-contract.test.ts).
    ['DELETE', '/api/auth/nada'],
    ['GET', '/api'],
  ] as const)('answers 404 in the error shape for %s %s', async (method, url) => {
    const body = expectErrorShape(await app.inject({ method, url }), 404, ERROR_CODES.notFound);
    expect(body.message).toBe(API_MESSAGES.notFound);
  });

  it('answers 500 "Error interno del servidor" without stack or SQL for an unexpected error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    const body = expectErrorShape(res, 500, ERROR_CODES.internal);
    expect(body.message).toBe(API_MESSAGES.internal);
    expect(res.body).not.toMatch(/usuarios|secret/);
  });

  it('sets a CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/panel\.example\.org/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('sends the strict REST header set on /api responses: nothing renders, nothing is cached', async () => {
    const res = await login(app, ADMIN.email, ADMIN.password);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('allows CORS only for a configured origin', async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://panel.example.org', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://panel.example.org');
    const other = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://malo.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers /healthz 200 {status: "ok"} and /readyz 200 when the database answers', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document at /api/docs/json and the UI at /api/docs', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json<{ paths: Record<string, unknown> }>().paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/me',
        '/api/auth/logout',
      ]),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    // Its own CSP: its scripts load, still nothing inline.
    const csp = String(ui.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    const bundle = await app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(bundle.statusCode).toBe(200);
  });
});

describe.each(DATABASES)('readiness on %s', (dialect) => {
  it('answers /readyz 503 "Servicio no disponible temporalmente" when the database is gone, /healthz still 200', async () => {
    const db = await createTestDatabase(dialect);
    const { app } = await buildTestApp(db);
    try {
      await app.database.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      const body = expectErrorShape(res, 503, ERROR_CODES.serviceUnavailable);
      expect(body.message).toBe(API_MESSAGES.serviceUnavailable);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});

describe.each(DATABASES)('per-IP rate limits on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db, { config: { rateLimitLogin: 3, rateLimitRegister: 2 } }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('answers 429 with Retry-After and the Spanish message past RATE_LIMIT_LOGIN attempts a minute', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    const res = await login(app, ADMIN.email, ADMIN.password);
    const body = expectErrorShape(res, 429, ERROR_CODES.rateLimited);
    expect(body.message).toBe(API_MESSAGES.rateLimited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts each address on its own', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 429 past RATE_LIMIT_REGISTER registrations an hour', async () => {
    for (let i = 0; i < 2; i++) {
      expect(
        (await register(app, { email: uniqueEmail('rl'), password: PASSWORD, nombre: 'R' }))
          .statusCode,
      ).toBe(201);
    }
    const res = await register(app, { email: uniqueEmail('rl'), password: PASSWORD, nombre: 'R' });
    expectErrorShape(res, 429, ERROR_CODES.rateLimited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });
});
