/**
 * The per-request machinery trimmed for the GET /api/auth/me benchmark (issue #2): the
 * hand-written /me body, one log line per request, request ids, and the request logger that is
 * only built when a line is written. Each must behave exactly as what it replaced.
 */
import { ALL_PERMISSIONS, MeResponseSchema, type MeResponse } from '@gestion/shared';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { nextRequestId } from '../src/lib/log';
import { API_TOKEN_ROLE, tokenPrincipal } from '../src/plugins/app/api-token-auth';
import { ADMIN_PERMISOS, foldUser } from '../src/repositories/usuarios-repository';
import { meJson } from '../src/routes/api/auth/me-json';
import { ADMIN, buildTestApp, createTestDatabase, login, me, type TestDatabase } from './helper';

describe('meJson', () => {
  const user = (nombre: string, roles: MeResponse['user']['roles']): MeResponse => ({
    user: { id: 7, email: 'a"b\\c@example.org', nombre, activo: true, roles },
  });

  it.each([
    ['an administrator', user('Admin', [{ nombre: 'admin', permisos: ADMIN_PERMISOS }])],
    [
      'a user with two roles',
      user('Zoë "la jefa" \u2028 </script>', [
        { nombre: 'usuario', permisos: [{ nombre: 'eventos:ver' }, { nombre: 'periodos:ver' }] },
        { nombre: 'rol "raro" \\ ñ', permisos: [] },
      ]),
    ],
    ['a user without roles', user('Sin roles', [])],
  ])('writes what JSON.stringify writes, valid against MeResponseSchema, for %s', (_l, body) => {
    const json = meJson(body);
    expect(json).toBe(JSON.stringify(body));
    expect(Value.Check(MeResponseSchema, JSON.parse(json))).toBe(true);
  });

  it('writes no field beyond the contract', () => {
    const leaky = user('X', [{ nombre: 'usuario', permisos: [{ nombre: 'eventos:ver' }] }]);
    Object.assign(leaky.user, { password_hash: '$argon2id$secreto' });
    Object.assign(leaky.user.roles[0]!, { id: 3 });
    expect(meJson(leaky)).not.toMatch(/password_hash|argon2|"id":3/);
  });

  it('lists the whole catalogue for the admin role, which no request can change', () => {
    expect(ADMIN_PERMISOS.map((p) => p.nombre)).toEqual(ALL_PERMISSIONS);
    expect(Object.isFrozen(ADMIN_PERMISOS)).toBe(true);
    expect(() => (ADMIN_PERMISOS as { nombre: string }[]).push({ nombre: 'x' })).toThrow();
  });
});

describe('tokenPrincipal (issue #17: the token branch of the /me hot path)', () => {
  const row = (rol: string, permiso: string | null) => ({
    id: 9,
    email: 'o@example.org',
    nombre: 'Owner',
    activo: 1,
    debe_cambiar_password: 0,
    idioma: 'es',
    rol,
    permiso,
    grupo: null,
  });
  const admin = () => foldUser([row('admin', null)])!;
  const gestor = () => foldUser([row('gestor', 'eventos:ver'), row('gestor', 'informes:ver')])!;
  const names = (u: MeResponse['user']) => u.roles.flatMap((r) => r.permisos.map((p) => p.nombre));

  it('scopes an admin owner to the token, in the token order, as one frozen list kept for the next call', () => {
    const a = tokenPrincipal(admin(), 'usuarios:ver,eventos:ver');
    const b = tokenPrincipal(admin(), 'usuarios:ver,eventos:ver');
    expect(a.roles).toEqual([
      { nombre: API_TOKEN_ROLE, permisos: [{ nombre: 'usuarios:ver' }, { nombre: 'eventos:ver' }] },
    ]);
    expect(Object.isFrozen(a.roles[0]!.permisos)).toBe(true);
    expect(b.roles[0]!.permisos).toBe(a.roles[0]!.permisos);
    expect(meJson({ user: a })).toBe(JSON.stringify({ user: a }));
    expect(meJson({ user: b })).toBe(JSON.stringify({ user: b }));
  });

  it("never hands a non-admin owner the scope kept for an admin's token of the same permissions", () => {
    tokenPrincipal(admin(), 'usuarios:ver,eventos:ver,informes:ver');
    const p = tokenPrincipal(gestor(), 'usuarios:ver,eventos:ver,informes:ver');
    expect(names(p)).toEqual(['eventos:ver', 'informes:ver']);
    expect(p.roles.map((r) => r.nombre)).toEqual([API_TOKEN_ROLE]);
    expect(meJson({ user: p })).toBe(JSON.stringify({ user: p }));
  });

  it('drops names outside the catalogue and leaves the owner as it was', () => {
    const owner = admin();
    const p = tokenPrincipal(owner, 'eventos:ver,no:existe,,usuarios:ver');
    expect(names(p)).toEqual(['eventos:ver', 'usuarios:ver']);
    expect(owner.roles.map((r) => r.nombre)).toEqual(['admin']);
  });
});

describe('nextRequestId', () => {
  it('is distinct on every call and shares one per-process prefix', () => {
    const ids = Array.from({ length: 1000 }, () => nextRequestId());
    expect(new Set(ids).size).toBe(1000);
    const prefixes = new Set(ids.map((id) => id.split('-')[0]));
    expect(prefixes.size).toBe(1);
    expect(ids[0]).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });
});

describe('request logging', () => {
  let db: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function appAt(logLevel: 'info' | 'debug' | 'warn', lines: string[]) {
    const { app } = await buildTestApp(db, {
      config: { logLevel },
      build: { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
      setup: (a) => {
        a.get('/api/probe-log', (request) => {
          request.log.warn({ token: 'tok-secreto', email: 'x@y.z' }, 'probe');
          return { ok: true };
        });
      },
    });
    apps.push(app);
    return app;
  }
  const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it('writes one line per request at info: method, url, status, ms and the response’s request id', async () => {
    const lines: string[] = [];
    const app = await appAt('info', lines);
    const { token } = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>();
    lines.length = 0;
    const res = await me(app, token);
    expect(res.statusCode).toBe(200);
    const parsed = parse(lines);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/auth/me',
      statusCode: 200,
      reqId: res.headers['x-request-id'],
    });
    expect(parsed[0]!.responseTime).toEqual(expect.any(Number));
    expect(lines.join('\n')).not.toContain(token);
  });

  it('logs the arrival too at debug', async () => {
    const lines: string[] = [];
    const app = await appAt('debug', lines);
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const msgs = parse(lines).filter((l) => l.reqId === res.headers['x-request-id']);
    expect(msgs.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('at warn writes nothing for a good request, and a route’s own line keeps reqId and redaction', async () => {
    const lines: string[] = [];
    const app = await appAt('warn', lines);
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(lines).toEqual([]);
    const res = await app.inject({ method: 'GET', url: '/api/probe-log' });
    const parsed = parse(lines);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({ msg: 'probe', reqId: res.headers['x-request-id'] });
    expect(lines[0]).not.toContain('tok-secreto');
  });
});
