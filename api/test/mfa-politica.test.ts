/**
 * The second factor's rules around the codes (issue #16), on SQLite and PostgreSQL: a role that
 * requires it walks a user without one through enrolment to a session; step-up expires after 10
 * minutes and POST /api/auth/reautenticar renews it; 10 failures in a row lock the second factor
 * 15 minutes and mail the user; an admin resets a lost factor, a non-admin lacking the target's
 * permissions may not.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN, DATABASES, expectErrorShape, login } from './helper';
import { createUser } from './admin-fixtures';
import { buildCicloWorld, post, type CicloWorld } from './ciclo-fixtures';
import {
  codeAt,
  loginMfa,
  meWith,
  passwordSession,
  secondStep,
  userWithTotp,
} from './mfa-fixtures';

const MIN = 60_000;

describe.each(DATABASES)('second factor: policy (%s)', (dialect) => {
  let w: CicloWorld;
  /** A fresh admin session (the world's own ages as tests move the clock). */
  const adminNow = () => passwordSession(w.app, ADMIN.email, ADMIN.password);
  const audits = (accion: string, id: number) =>
    w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', accion)
      .where('objetivo_id', '=', String(id))
      .execute();

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(() => w.close());

  it('walks a user whose role requires a second factor through enrolment to a session', async () => {
    const admin = await adminNow();
    const nombre = `seguridad-${randomBytes(3).toString('hex')}`;
    const rol = await post(
      w.app,
      '/api/roles',
      { nombre, permisos: ['eventos:ver'], mfaObligatorio: true },
      admin,
    );
    expect(rol.statusCode).toBe(201);
    expect(rol.json()).toMatchObject({ nombre, mfaObligatorio: true });
    const u = await createUser(w.app, admin, { roles: [nombre] });

    const step = await secondStep(w.app, u.email);
    expect(step).toEqual({ token: expect.any(String), configurar: true });
    // The enrolment token is no session.
    expect((await meWith(w.app, step.token)).statusCode).toBe(401);
    expect(
      (
        await w.app.inject({
          method: 'GET',
          url: '/api/auth/mfa',
          headers: { authorization: `Bearer ${step.token}` },
        })
      ).statusCode,
    ).toBe(401);

    const enrol = await post(w.app, '/api/auth/mfa/totp', {}, step.token);
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUrl } = enrol.json<{ secret: string; otpauthUrl: string }>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expectErrorShape(
      await post(w.app, '/api/auth/mfa/totp/activate', { codigo: '12345' }, step.token),
      401,
      'INVALID_CREDENTIALS',
    );
    const act = await post(
      w.app,
      '/api/auth/mfa/totp/activate',
      { codigo: await codeAt(secret, w.clock.now()) },
      step.token,
    );
    expect(act.statusCode).toBe(200);
    const body = act.json<{
      codigosRecuperacion: string[];
      token: string;
      user: { email: string };
    }>();
    expect(body.codigosRecuperacion).toHaveLength(10);
    expect(body.user.email).toBe(u.email);
    expect((await meWith(w.app, body.token)).statusCode).toBe(200);
    // Spent: the enrolment token enrols nothing more.
    expectErrorShape(await post(w.app, '/api/auth/mfa/totp', {}, step.token), 401);

    // From now on the user signs in with two steps.
    w.clock.advance(MIN);
    const next = await secondStep(w.app, u.email);
    expect(next.metodos).toEqual(['totp', 'recuperacion']);
    expect(
      (await loginMfa(w.app, next.token, await codeAt(secret, w.clock.now()))).statusCode,
    ).toBe(200);
    // A second-step token is no enrolment token either.
    const other = await secondStep(w.app, u.email);
    expectErrorShape(await post(w.app, '/api/auth/mfa/totp', {}, other.token), 401);
  });

  it('asks for step-up after 10 minutes: activation, granting admin, relaxing a role', async () => {
    const admin = await adminNow();
    const target = await createUser(w.app, admin, { roles: [] });
    w.clock.advance(11 * MIN);
    const put = (token: string) =>
      w.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${target.id}/roles`,
        headers: { authorization: `Bearer ${token}` },
        payload: { roles: ['admin'] },
      });
    expectErrorShape(await put(admin), 403, 'REAUTENTICACION_REQUERIDA');
    expectErrorShape(
      await post(w.app, '/api/auth/reautenticar', { password: 'mala-clave' }, admin),
      400,
    );
    expect(
      (await post(w.app, '/api/auth/reautenticar', { password: ADMIN.password }, admin)).statusCode,
    ).toBe(204);
    expect((await put(admin)).statusCode).toBe(200);

    // Switching a role's requirement off.
    const nombre = `estricto-${randomBytes(3).toString('hex')}`;
    const rol = (
      await post(w.app, '/api/roles', { nombre, permisos: [], mfaObligatorio: true }, admin)
    ).json<{ id: number; version: number }>();
    w.clock.advance(11 * MIN);
    const relax = () =>
      w.app.inject({
        method: 'PATCH',
        url: `/api/roles/${rol.id}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { mfaObligatorio: false, version: rol.version },
      });
    expectErrorShape(await relax(), 403, 'REAUTENTICACION_REQUERIDA');
    await post(w.app, '/api/auth/reautenticar', { password: ADMIN.password }, admin);
    const relaxed = await relax();
    expect(relaxed.statusCode).toBe(200);
    expect(relaxed.json()).toMatchObject({ mfaObligatorio: false });

    // Activating a factor: the enrolment (with the password) renews step-up; 11 minutes later
    // the activation is refused until a code or the password is entered again.
    const u = await createUser(w.app, admin);
    const session = await passwordSession(w.app, u.email);
    const enrol = await post(
      w.app,
      '/api/auth/mfa/totp',
      { password: 'Clave-Muy-Segura-2026' },
      session,
    );
    const { secret } = enrol.json<{ secret: string }>();
    w.clock.advance(11 * MIN);
    const activate = async () =>
      post(
        w.app,
        '/api/auth/mfa/totp/activate',
        { codigo: await codeAt(secret, w.clock.now()) },
        session,
      );
    expectErrorShape(await activate(), 403, 'REAUTENTICACION_REQUERIDA');
    await post(w.app, '/api/auth/reautenticar', { password: 'Clave-Muy-Segura-2026' }, session);
    expect((await activate()).statusCode).toBe(200);
    // A code renews step-up too.
    w.clock.advance(11 * MIN);
    const withCode = await post(
      w.app,
      '/api/auth/reautenticar',
      { codigo: await codeAt(secret, w.clock.now()) },
      session,
    );
    expect(withCode.statusCode).toBe(204);
  });

  it('locks the second factor for 15 minutes after 10 failures in a row, and mails the user', async () => {
    const admin = await adminNow();
    const u = await userWithTotp(w.app, admin, w.clock.now());
    w.clock.advance(MIN);
    for (let round = 0; round < 2; round++) {
      const s = await secondStep(w.app, u.email);
      for (let i = 0; i < 5; i++)
        expectErrorShape(await loginMfa(w.app, s.token, '000000'), 401, 'INVALID_CREDENTIALS');
      // Five wrong codes spent this token.
      expectErrorShape(await loginMfa(w.app, s.token, await codeAt(u.secret, w.clock.now())), 401);
    }
    expect(await audits('mfa.verificacion_fallida', u.id)).toHaveLength(10);
    expect(await audits('mfa.bloqueo', u.id)).toHaveLength(1);
    await w.smtp.waitFor((m) => m.to.includes(u.email) && /bloqueada/.test(m.subject));

    w.clock.advance(MIN);
    const locked = await secondStep(w.app, u.email);
    const res = await loginMfa(w.app, locked.token, await codeAt(u.secret, w.clock.now()));
    expectErrorShape(res, 429, 'MFA_BLOQUEADO');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    w.clock.advance(15 * MIN);
    const free = await secondStep(w.app, u.email);
    expect(
      (await loginMfa(w.app, free.token, await codeAt(u.secret, w.clock.now()))).statusCode,
    ).toBe(200);
  });

  it('counts failures in a row only: a right code in between starts the count again', async () => {
    const admin = await adminNow();
    const u = await userWithTotp(w.app, admin, w.clock.now());
    const failThenSucceed = async (wrong: number) => {
      w.clock.advance(MIN);
      let s = await secondStep(w.app, u.email);
      for (let i = 0; i < wrong; i++) {
        // A token takes five wrong codes; the count of the user goes on over tokens.
        if (i > 0 && i % 5 === 0) s = await secondStep(w.app, u.email);
        expectErrorShape(await loginMfa(w.app, s.token, '000000'), 401, 'INVALID_CREDENTIALS');
      }
      if (wrong % 5 === 0) s = await secondStep(w.app, u.email);
      return loginMfa(w.app, s.token, await codeAt(u.secret, w.clock.now()));
    };
    expect((await failThenSucceed(9)).statusCode).toBe(200);
    // Nine more would be the eighteenth failure, but not in a row: no lock.
    expect((await failThenSucceed(9)).statusCode).toBe(200);
    expect(await audits('mfa.bloqueo', u.id)).toHaveLength(0);
  });

  it('lets an admin reset a lost factor with a reason; refuses a non-admin lacking the target’s permissions', async () => {
    const admin = await adminNow();
    const u = await userWithTotp(w.app, admin, w.clock.now());
    const reset = (token: string, motivo: string, id = u.id) =>
      post(w.app, `/api/usuarios/${id}/mfa/reset`, { motivo }, token);
    expectErrorShape(await reset(admin, '   '), 400, 'VALIDATION_ERROR');

    // A support role that edits users but holds fewer permissions than the admin it targets.
    const soporte = `soporte-${randomBytes(3).toString('hex')}`;
    expect(
      (
        await post(
          w.app,
          '/api/roles',
          { nombre: soporte, permisos: ['usuarios:ver', 'usuarios:editar'] },
          admin,
        )
      ).statusCode,
    ).toBe(201);
    const s = await createUser(w.app, admin, { roles: [soporte] });
    const sToken = await passwordSession(w.app, s.email);
    const adminId = (await login(w.app, ADMIN.email, ADMIN.password)).json<{
      user: { id: number };
    }>().user.id;
    expectErrorShape(await reset(sToken, 'Perdió el móvil', adminId), 403, 'FORBIDDEN');
    expect(await audits('seguridad.escalada_rechazada', adminId)).not.toHaveLength(0);

    expect((await reset(admin, 'Perdió el móvil')).statusCode).toBe(204);
    expect((await meWith(w.app, u.session)).statusCode).toBe(401);
    const row = (await audits('mfa.restablecido', u.id))[0]!;
    expect(JSON.parse(row.cambios!)).toMatchObject({ motivo: 'Perdió el móvil', totp: true });
    await w.smtp.waitFor((m) => m.to.includes(u.email) && m.text.includes('Perdió el móvil'));
    // The next sign-in is the password alone again (no role requires a factor).
    const again = await login(w.app, u.email, 'Clave-Muy-Segura-2026');
    expect(again.json()).toMatchObject({ token: expect.any(String) });

    // Step-up applies to the reset too.
    w.clock.advance(11 * MIN);
    expectErrorShape(await reset(admin, 'Otra vez'), 403, 'REAUTENTICACION_REQUERIDA');
  });
});
