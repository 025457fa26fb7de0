/**
 * Sign-in, the current user, sign-out and the session lifecycle (DESIGN.md §3, issue #2), on
 * every database of DATABASES.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  hasPermission,
  type LoginResponse,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_CEILING, ACCOUNT_WINDOW_MS } from '../src/lib/lockout-store';
import { AUDIT_ACTIONS, listAudit } from '../src/repositories/auditoria-repository';
import { removeAllRoles } from '../src/repositories/roles-repository';
import { deleteExpiredSesiones } from '../src/repositories/sesiones-repository';
import { setActivo } from '../src/repositories/usuarios-repository';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  me,
  registerUser,
  type TestClock,
  type TestDatabase,
} from './helper';

const MINUTE = 60_000;

/** POST /api/auth/login from a given client address. */
function loginFrom(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
}
const HOUR = 60 * MINUTE;

describe.each(DATABASES)('auth on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app, clock } = await buildTestApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('POST /api/auth/login', () => {
    it('answers 200 with a token and the user with roles and permisos, and no hash', async () => {
      const res = await login(app, ADMIN.email, ADMIN.password);
      expect(res.statusCode).toBe(200);
      const body = res.json<LoginResponse>();
      expect(Object.keys(body).sort()).toEqual(['token', 'user']);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Object.keys(body.user).sort()).toEqual(['activo', 'email', 'id', 'nombre', 'roles']);
      expect(body.user).toMatchObject({ email: ADMIN.email, activo: true });
      expect(body.user.roles.map((r) => r.nombre)).toEqual(['admin']);
      // admin lists the whole catalogue (it holds everything implicitly).
      expect(body.user.roles[0]!.permisos).toContainEqual({ nombre: 'auditoria:ver' });
      expect(hasPermission(body.user, 'usuarios:eliminar')).toBe(true);
      expect(res.body).not.toMatch(/password|hash/i);
    });

    it('accepts the e-mail in any case and with surrounding spaces', async () => {
      const res = await login(app, `  ${ADMIN.email.toUpperCase()}  `, ADMIN.password);
      expect(res.statusCode).toBe(200);
    });

    it('shows "Credenciales incorrectas" alike for a wrong password, an unknown e-mail and a deactivated user', async () => {
      const user = await registerUser(app, 'inactivo');
      await setActivo(app.db, user.id, false, clock.now());
      const wrong = await login(app, ADMIN.email, 'no-es-la-clave');
      const unknown = await login(app, 'nadie@example.org', PASSWORD);
      const inactive = await login(app, user.email, PASSWORD);
      for (const res of [wrong, unknown, inactive]) {
        const body = expectErrorShape(res, 401, ERROR_CODES.invalidCredentials);
        expect(body.message).toBe(MESSAGES.invalidCredentials);
      }
      expect(wrong.body).toBe(unknown.body);
      expect(unknown.body).toBe(inactive.body);
    });

    it('records audit rows for a successful and a failed sign-in', async () => {
      const { email } = await registerUser(app, 'auditado');
      await login(app, email, 'clave-equivocada');
      await login(app, email, PASSWORD);
      const failed = await listAudit(app.db, {
        accion: AUDIT_ACTIONS.loginFailed,
        actorEmail: email,
      });
      const ok = await listAudit(app.db, { accion: AUDIT_ACTIONS.login, actorEmail: email });
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({
        objetivo_tipo: 'usuario',
        ip: '127.0.0.1',
        creado_en: clock.now(),
      });
      expect(JSON.parse(failed[0]!.cambios!)).toMatchObject({ motivo: 'contrasena_incorrecta' });
      expect(ok).toHaveLength(1);
      expect(ok[0]!.actor_id).toEqual(expect.any(Number));
      expect(JSON.stringify([...failed, ...ok])).not.toMatch(/clave-equivocada|Clave-Muy-Segura/);
    });
  });

  describe('per-account lock-out', () => {
    it('answers 429 with Retry-After and the Spanish message after 5 failures, until the lock expires', async () => {
      const { email } = await registerUser(app, 'bloqueo');
      for (let i = 0; i < 5; i++)
        expect((await login(app, email, 'mala-clave')).statusCode).toBe(401);
      // Locked: even the right password is refused without being checked.
      const locked = await login(app, email, PASSWORD);
      const body = expectErrorShape(locked, 429, ERROR_CODES.accountLocked);
      expect(body.message).toBe(API_MESSAGES.accountLocked);
      expect(locked.headers['retry-after']).toBe('60');

      clock.advance(30_000);
      expect((await login(app, email, PASSWORD)).headers['retry-after']).toBe('30');
      clock.advance(30_000);
      expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    });

    it('doubles the lock with each further failure', async () => {
      const { email } = await registerUser(app, 'doble');
      for (let i = 0; i < 5; i++) await login(app, email, 'mala-clave');
      clock.advance(MINUTE);
      expect((await login(app, email, 'mala-clave')).statusCode).toBe(401);
      expect((await login(app, email, PASSWORD)).headers['retry-after']).toBe('120');
      clock.advance(2 * MINUTE);
      expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      const { email } = await registerUser(app, 'reinicio');
      for (let i = 0; i < 4; i++) await login(app, email, 'mala-clave');
      expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await login(app, email, 'mala-clave')).statusCode).toBe(401);
      expect((await login(app, email, PASSWORD)).statusCode).toBe(200);
    });

    it('locks an unknown e-mail the same way, so the answer reveals nothing', async () => {
      const email = 'fantasma@example.org';
      for (let i = 0; i < 5; i++) await login(app, email, 'mala-clave');
      expectErrorShape(await login(app, email, 'mala-clave'), 429, ERROR_CODES.accountLocked);
      clock.advance(MINUTE);
    });

    it('records an auth.bloqueo audit row when the lock starts', async () => {
      const { email } = await registerUser(app, 'bloqueo-audit');
      for (let i = 0; i < 5; i++) await login(app, email, 'mala-clave');
      const rows = await listAudit(app.db, { accion: AUDIT_ACTIONS.lockout, actorEmail: email });
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]!.cambios!)).toEqual({
        ambito: 'direccion',
        fallos: 5,
        segundos: 60,
      });
      clock.advance(MINUTE);
    });
  });

  describe('lock-out without denial of service (per account and address, issue #13)', () => {
    it('a lock from address A never stops the right password from address B', async () => {
      const { email } = await registerUser(app, 'dos-direcciones');
      for (let i = 0; i < 5; i++)
        expect((await loginFrom(app, email, 'mala-clave', '203.0.113.1')).statusCode).toBe(401);
      const locked = await loginFrom(app, email, PASSWORD, '203.0.113.1');
      expectErrorShape(locked, 429, ERROR_CODES.accountLocked);
      expect(locked.headers['retry-after']).toBe('60');
      // The owner, elsewhere, gets in at once…
      expect((await loginFrom(app, email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
      // …and that success does not lift the lock of A.
      expectErrorShape(
        await loginFrom(app, email, PASSWORD, '203.0.113.1'),
        429,
        ERROR_CODES.accountLocked,
      );
      clock.advance(MINUTE);
    });

    it('counts an IPv6 client by its /64, so fresh addresses of one network share the lock', async () => {
      const { email } = await registerUser(app, 'ipv6');
      for (let i = 1; i <= 5; i++)
        expect((await loginFrom(app, email, 'mala-clave', `2001:db8:5:6::${i}`)).statusCode).toBe(
          401,
        );
      expectErrorShape(
        await loginFrom(app, email, PASSWORD, '2001:db8:5:6:ffff::99'),
        429,
        ERROR_CODES.accountLocked,
      );
      expect((await loginFrom(app, email, PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
      clock.advance(MINUTE);
    });

    it('grows the lock per address: 1, 2, 4 minutes', async () => {
      const { email } = await registerUser(app, 'creciente');
      const ip = '203.0.113.2';
      for (let i = 0; i < 5; i++) await loginFrom(app, email, 'mala-clave', ip);
      expect((await loginFrom(app, email, PASSWORD, ip)).headers['retry-after']).toBe('60');
      for (const minutes of [2, 4]) {
        clock.advance(HOUR);
        expect((await loginFrom(app, email, 'mala-clave', ip)).statusCode).toBe(401);
        expect((await loginFrom(app, email, PASSWORD, ip)).headers['retry-after']).toBe(
          String(minutes * 60),
        );
      }
      // Another address counts on its own from zero.
      expect((await loginFrom(app, email, 'mala-clave', '203.0.113.3')).statusCode).toBe(401);
      expect((await loginFrom(app, email, PASSWORD, '203.0.113.3')).statusCode).toBe(200);
      clock.advance(HOUR);
    });

    it(`answers 429 with Retry-After to the failing addresses once the account has ${ACCOUNT_CEILING} failures in ${ACCOUNT_WINDOW_MS / MINUTE} minutes`, async () => {
      const { email, id } = await registerUser(app, 'distribuido');
      const start = clock.now();
      // A distributed guess: 4 failures from each of 5 addresses, none locked on its own.
      for (let a = 1; a <= 5; a++)
        for (let i = 0; i < 4; i++)
          expect((await loginFrom(app, email, 'mala-clave', `192.0.2.${a}`)).statusCode).toBe(401);
      clock.advance(MINUTE);
      for (const ip of ['192.0.2.1', '192.0.2.5']) {
        // The right password from a failing address waits too: no guess is checked.
        const res = await loginFrom(app, email, PASSWORD, ip);
        expectErrorShape(res, 429, ERROR_CODES.accountLocked);
        expect(res.headers['retry-after']).toBe(String((ACCOUNT_WINDOW_MS - MINUTE) / 1000));
      }
      // A new address gets one guess, then waits like the others.
      expect((await loginFrom(app, email, 'mala-clave', '192.0.2.9')).statusCode).toBe(401);
      expectErrorShape(
        await loginFrom(app, email, 'otra-clave', '192.0.2.9'),
        429,
        ERROR_CODES.accountLocked,
      );
      // The owner, from an address that has not failed, gets in.
      expect((await loginFrom(app, email, PASSWORD, '198.51.100.8')).statusCode).toBe(200);
      const ceiling = await listAudit(app.db, { accion: AUDIT_ACTIONS.lockout, actorEmail: email });
      expect(ceiling.map((r) => JSON.parse(r.cambios!) as unknown)).toEqual([
        { ambito: 'cuenta', fallos: ACCOUNT_CEILING, segundos: ACCOUNT_WINDOW_MS / 1000 },
      ]);
      expect(ceiling[0]).toMatchObject({ objetivo_id: String(id) });
      // When the window closes the failing addresses are checked again.
      clock.t = start + ACCOUNT_WINDOW_MS;
      expect((await loginFrom(app, email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/me', () => {
    it('answers 200 {user} with exactly the contract fields for a valid token', async () => {
      const { token, email } = await registerUser(app, 'me');
      const res = await me(app, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: expect.any(Number),
          email,
          nombre: 'Usuario de prueba',
          activo: true,
          roles: [
            {
              nombre: 'usuario',
              permisos: [
                { nombre: 'eventos:ver' },
                { nombre: 'periodos:ver' },
                { nombre: 'informes:ver' },
              ],
            },
          ],
        },
      });
    });

    it.each([
      ['no Authorization header', {}],
      ['an unknown token', bearer('x'.repeat(43))],
      ['a malformed header', { authorization: 'Basic abc' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ])('answers 401 in the error shape with %s', async (_label, headers) => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      const body = expectErrorShape(res, 401, ERROR_CODES.unauthenticated);
      expect(body.message).toBe(API_MESSAGES.unauthenticated);
    });

    it('returns roles: [] for a user whose roles were all removed', async () => {
      const { token, id } = await registerUser(app, 'sinroles');
      await removeAllRoles(app.db, id);
      const res = await me(app, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.roles).toEqual([]);
    });

    it('refuses a deactivated user at once, with a token issued before', async () => {
      const { token, id } = await registerUser(app, 'desactivado');
      expect((await me(app, token)).statusCode).toBe(200);
      await setActivo(app.db, id, false, clock.now());
      expectErrorShape(await me(app, token), 401, ERROR_CODES.unauthenticated);
      await setActivo(app.db, id, true, clock.now());
      // The session was deleted when it was refused: reactivation does not revive it.
      expectErrorShape(await me(app, token), 401, ERROR_CODES.unauthenticated);
    });
  });

  describe('session expiry', () => {
    it('expires after SESSION_IDLE_MINUTES without use', async () => {
      const { token } = await registerUser(app, 'ocioso');
      clock.advance(30 * MINUTE - 1);
      expect((await me(app, token)).statusCode).toBe(200);
      clock.advance(30 * MINUTE);
      expectErrorShape(await me(app, token), 401, ERROR_CODES.unauthenticated);
    });

    it('slides the idle window on use', async () => {
      const { token } = await registerUser(app, 'activo');
      for (let i = 0; i < 4; i++) {
        clock.advance(20 * MINUTE);
        expect((await me(app, token)).statusCode).toBe(200);
      }
    });

    it('does not write on every request: ultimo_uso moves only once a minute', async () => {
      const { token, id } = await registerUser(app, 'escrituras');
      const before = await app.db
        .selectFrom('sesiones')
        .select('ultimo_uso')
        .where('usuario_id', '=', id)
        .executeTakeFirstOrThrow();
      clock.advance(30_000);
      await me(app, token);
      const after30s = await app.db
        .selectFrom('sesiones')
        .select('ultimo_uso')
        .where('usuario_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after30s.ultimo_uso).toBe(before.ultimo_uso);
      clock.advance(31_000);
      await me(app, token);
      const after61s = await app.db
        .selectFrom('sesiones')
        .select('ultimo_uso')
        .where('usuario_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after61s.ultimo_uso).toBe(clock.now());
    });

    it('expires SESSION_MAX_HOURS after sign-in even when used all along', async () => {
      const { token } = await registerUser(app, 'absoluto');
      for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
        clock.advance(20 * MINUTE);
        expect((await me(app, token)).statusCode).toBe(200);
      }
      clock.advance(20 * MINUTE);
      expectErrorShape(await me(app, token), 401, ERROR_CODES.unauthenticated);
    });

    it('deletes the session row of an expired session', async () => {
      const { token, id } = await registerUser(app, 'caducada');
      clock.advance(31 * MINUTE);
      await me(app, token);
      const rows = await app.db
        .selectFrom('sesiones')
        .select('id')
        .where('usuario_id', '=', id)
        .execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('housekeeping', () => {
    it('sweeps sessions that expired without being used again, and keeps live ones', async () => {
      const idle = await registerUser(app, 'barrido');
      clock.advance(31 * MINUTE);
      const live = await registerUser(app, 'vivo');
      await deleteExpiredSesiones(app.db, clock.now(), 30 * MINUTE);
      const left = await app.db
        .selectFrom('sesiones')
        .select('usuario_id')
        .where('usuario_id', 'in', [idle.id, live.id])
        .execute();
      expect(left).toEqual([{ usuario_id: live.id }]);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('answers 204, deletes the session and the token stops working', async () => {
      const { token, id, email } = await registerUser(app, 'salida');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const rows = await app.db
        .selectFrom('sesiones')
        .select('id')
        .where('usuario_id', '=', id)
        .execute();
      expect(rows).toHaveLength(0);
      expectErrorShape(await me(app, token), 401, ERROR_CODES.unauthenticated);
      const audit = await listAudit(app.db, { accion: AUDIT_ACTIONS.logout, actorEmail: email });
      expect(audit).toHaveLength(1);
    });

    it('ends only that session: another sign-in of the same user keeps working', async () => {
      const { email, token: first } = await registerUser(app, 'dos-sesiones');
      const second = (await login(app, email, PASSWORD)).json().token as string;
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
      expect((await me(app, second)).statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
      expectErrorShape(res, 401, ERROR_CODES.unauthenticated);
    });
  });

  describe('requirePermission (the guard other areas reuse)', () => {
    let guarded: FastifyInstance;
    beforeAll(async () => {
      ({ app: guarded } = await buildTestApp(db, {
        clock,
        setup: (a) => {
          a.get('/api/probe', { preHandler: a.requirePermission('usuarios:ver') }, (request) => ({
            id: request.user!.id,
          }));
        },
      }));
    });
    afterAll(async () => {
      await guarded?.close();
    });

    it('answers 401 without a session', async () => {
      expectErrorShape(
        await guarded.inject({ method: 'GET', url: '/api/probe' }),
        401,
        ERROR_CODES.unauthenticated,
      );
    });

    it('answers 403 "No tiene permiso…" when the user lacks the permission', async () => {
      const { token } = await registerUser(guarded, 'sinpermiso');
      const res = await guarded.inject({
        method: 'GET',
        url: '/api/probe',
        headers: bearer(token),
      });
      const body = expectErrorShape(res, 403, ERROR_CODES.forbidden);
      expect(body.message).toBe(API_MESSAGES.forbidden);
    });

    it('lets the admin through (every permission implicitly)', async () => {
      const token = (await login(guarded, ADMIN.email, ADMIN.password)).json().token as string;
      const res = await guarded.inject({
        method: 'GET',
        url: '/api/probe',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
    });
  });
});
