/**
 * The current-password check of `POST /api/auth/password` under the lock-out counters of
 * sign-in, its audit, and passwords equal to the owner's e-mail or nombre refused on every path
 * that takes a chosen password (issue #13), on every database of DATABASES.
 */
import { ADMIN_MESSAGES, API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS, listAudit } from '../src/repositories/auditoria-repository';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  register,
  registerUser,
  uniqueEmail,
  type TestClock,
  type TestDatabase,
} from './helper';

const MINUTE = 60_000;
const NUEVA = 'Otra-Clave-Segura-2026';

describe.each(DATABASES)('POST /api/auth/password on %s', (dialect) => {
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

  const changePassword = (
    token: string,
    body: { actual: string; nueva: string },
    remoteAddress = '127.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(token),
      payload: body,
      remoteAddress,
    });

  const loginFrom = (email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  describe('lock-out of the current-password check', () => {
    it('answers 429 with Retry-After after 5 wrong current passwords, even for the right one', async () => {
      const { token } = await registerUser(app, 'cambio-bloqueo');
      const ip = '203.0.113.20';
      for (let i = 0; i < 5; i++) {
        const wrong = await changePassword(token, { actual: 'no-es-esta-1', nueva: NUEVA }, ip);
        expect(expectErrorShape(wrong, 400, ERROR_CODES.validation).details).toEqual([
          { field: 'actual', message: ADMIN_MESSAGES.wrongCurrentPassword },
        ]);
      }
      const locked = await changePassword(token, { actual: PASSWORD, nueva: NUEVA }, ip);
      const body = expectErrorShape(locked, 429, ERROR_CODES.accountLocked);
      expect(body.message).toBe(API_MESSAGES.accountLocked);
      expect(locked.headers['retry-after']).toBe('60');
      clock.advance(MINUTE);
      expect((await changePassword(token, { actual: PASSWORD, nueva: NUEVA }, ip)).statusCode).toBe(
        204,
      );
    });

    it('audits every wrong current password and the lock it starts', async () => {
      const { token, id, email } = await registerUser(app, 'cambio-audit');
      const ip = '203.0.113.21';
      for (let i = 0; i < 5; i++)
        await changePassword(token, { actual: 'no-es-esta-2', nueva: NUEVA }, ip);
      const failed = await listAudit(app.db, {
        accion: AUDIT_ACTIONS.passwordChangeFailed,
        actorEmail: email,
      });
      expect(failed).toHaveLength(5);
      expect(failed[0]).toMatchObject({
        actor_id: id,
        objetivo_tipo: 'usuario',
        objetivo_id: String(id),
        ip,
      });
      expect(failed.map((r) => JSON.parse(r.cambios!) as unknown)).toContainEqual({
        motivo: 'contrasena_actual_incorrecta',
        fallos: 5,
        fallosCuenta: 5,
      });
      const lock = await listAudit(app.db, { accion: AUDIT_ACTIONS.lockout, actorEmail: email });
      expect(lock.map((r) => JSON.parse(r.cambios!) as unknown)).toEqual([
        { ambito: 'direccion', fallos: 5, segundos: 60 },
      ]);
      expect(JSON.stringify(failed)).not.toMatch(/no-es-esta|Otra-Clave|argon2/);
      clock.advance(MINUTE);
    });

    it('shares the counters with sign-in: the locked address cannot sign in, another one can', async () => {
      const { token, email } = await registerUser(app, 'cambio-login');
      for (let i = 0; i < 5; i++)
        await changePassword(token, { actual: 'no-es-esta-3', nueva: NUEVA }, '203.0.113.22');
      expectErrorShape(
        await loginFrom(email, PASSWORD, '203.0.113.22'),
        429,
        ERROR_CODES.accountLocked,
      );
      expect((await loginFrom(email, PASSWORD, '198.51.100.22')).statusCode).toBe(200);
      // …and the other way round: failed sign-ins from an address hold its password change.
      const { token: t2, email: e2 } = await registerUser(app, 'login-cambio');
      for (let i = 0; i < 5; i++) await loginFrom(e2, 'mala-clave', '203.0.113.23');
      expectErrorShape(
        await changePassword(t2, { actual: PASSWORD, nueva: NUEVA }, '203.0.113.23'),
        429,
        ERROR_CODES.accountLocked,
      );
      expect(
        (await changePassword(t2, { actual: PASSWORD, nueva: NUEVA }, '198.51.100.23')).statusCode,
      ).toBe(204);
      clock.advance(MINUTE);
    });
  });

  describe('a password equal to the e-mail or the nombre is refused', () => {
    const refused = { message: API_MESSAGES.passwordMatchesOwner };

    it.each([
      ['the e-mail in another case', (email: string) => email.toUpperCase()],
      ['the local part of the e-mail', (email: string) => email.split('@')[0]!],
      ['the nombre', () => 'Marta Ruiz Gómez'],
      ['the nombre without spaces, in capitals', () => 'MARTARUIZGÓMEZ'],
    ])('in registration: %s', async (_label, password) => {
      const email = uniqueEmail('igual');
      const res = await register(app, {
        email,
        password: password(email),
        nombre: 'Marta Ruiz Gómez',
      });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'password', ...refused },
      ]);
    });

    it('in POST /api/auth/password (field nueva)', async () => {
      const { token, email } = await registerUser(app, 'cambio-igual');
      for (const nueva of [email, ` ${email.split('@')[0]!.toUpperCase()} `, 'USUARIO DE PRUEBA']) {
        const res = await changePassword(token, { actual: PASSWORD, nueva });
        expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
          { field: 'nueva', ...refused },
        ]);
      }
    });

    it('in POST /api/usuarios with a password', async () => {
      const admin = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
      const email = uniqueEmail('creado-igual');
      const res = await app.inject({
        method: 'POST',
        url: '/api/usuarios',
        headers: bearer(admin),
        payload: { email, nombre: 'Persona Creada', password: email, roles: [] },
      });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'password', ...refused },
      ]);
      const ok = await app.inject({
        method: 'POST',
        url: '/api/usuarios',
        headers: bearer(admin),
        payload: { email, nombre: 'Persona Creada', password: NUEVA, roles: [] },
      });
      expect(ok.statusCode).toBe(201);
    });
  });
});
