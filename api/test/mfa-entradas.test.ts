/**
 * Every way into a session honours a role that requires a second factor (issue #16), on SQLite
 * and PostgreSQL with a real SMTP server: accepting an invitation into such a role sets the
 * password and answers `{mfa: {token, configurar: true}}` with no session, and so does
 * self-registration into a default role that requires it, and the first sign-in with a password
 * an admin set; each enrols with that token to its first session. A factor enrolled from a
 * session ends the user's other sessions and tells them by mail; every factor change is audited.
 * A user who gains the requirement while signed in without a factor — given the role, or the
 * role's requirement switched on — is signed out; one with a factor keeps their sessions.
 */
import { LIFECYCLE_PAGES } from '@gestion/shared';
import { randomBytes } from 'node:crypto';
import { createUser } from './admin-fixtures';
import { buildCicloWorld, linkToken, mailTo, post, type CicloWorld } from './ciclo-fixtures';
import {
  DATABASES,
  PASSWORD,
  bearer,
  expectErrorShape,
  login,
  register,
  uniqueEmail,
} from './helper';
import { codeAt, meWith, passwordSession, secondStep, userWithTotp } from './mfa-fixtures';
import { setAjuste } from '../src/repositories/ajustes-repository';

describe.each(DATABASES)('second factor: every way into a session (%s)', (dialect) => {
  let w: CicloWorld;
  /** A role that requires a second factor. */
  let estricto = '';

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
    estricto = `estricto-${randomBytes(3).toString('hex')}`;
    const res = await post(
      w.app,
      '/api/roles',
      { nombre: estricto, permisos: ['eventos:ver'], mfaObligatorio: true },
      w.admin,
    );
    expect(res.statusCode).toBe(201);
  });
  afterAll(() => w.close());

  /** Enrols TOTP with an enrolment token; the session it opens. */
  async function enrolWith(token: string): Promise<string> {
    expect((await meWith(w.app, token)).statusCode).toBe(401);
    const enrol = await post(w.app, '/api/auth/mfa/totp', {}, token);
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json<{ secret: string }>();
    const act = await post(
      w.app,
      '/api/auth/mfa/totp/activate',
      { codigo: await codeAt(secret, w.clock.now()) },
      token,
    );
    expect(act.statusCode).toBe(200);
    const session = act.json<{ token: string }>().token;
    expect((await meWith(w.app, session)).statusCode).toBe(200);
    return session;
  }

  it('an invitation into the role sets the password and walks the user through enrolment', async () => {
    const email = uniqueEmail('invitada');
    const after = w.smtp.messages.length;
    const created = await post(
      w.app,
      '/api/usuarios',
      { email, nombre: 'Invitada', roles: [estricto] },
      w.admin,
    );
    expect(created.statusCode).toBe(201);
    const token = await linkToken(w.smtp, email, LIFECYCLE_PAGES.invitacion, after);

    const res = await post(w.app, '/api/auth/invitation/accept', { token, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa: { token: expect.any(String), configurar: true } });
    // The link is spent and the password set, though no session exists yet.
    expectErrorShape(
      await post(w.app, '/api/auth/invitation/accept', { token, password: PASSWORD }),
      400,
      'TOKEN_INVALIDO',
    );
    await enrolWith(res.json<{ mfa: { token: string } }>().mfa.token);
    w.clock.advance(60_000);
    expect((await secondStep(w.app, email)).metodos).toEqual(['totp', 'recuperacion']);
  });

  it('self-registration into a default role that requires it opens no session before enrolment', async () => {
    await setAjuste(w.app.db, 'rol_por_defecto', estricto);
    try {
      const email = uniqueEmail('registrada');
      const res = await register(w.app, { email, password: PASSWORD, nombre: 'Registrada' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        mfa: { token: expect.any(String), configurar: true },
        message: 'Cuenta creada correctamente',
      });
      await enrolWith(res.json<{ mfa: { token: string } }>().mfa.token);
    } finally {
      await setAjuste(w.app.db, 'rol_por_defecto', 'usuario');
    }
  });

  it('a password an admin set leads to the enrolment step too', async () => {
    const u = await createUser(w.app, w.admin, { roles: [estricto] });
    const res = await login(w.app, u.email, PASSWORD);
    expect(res.json()).toEqual({ mfa: { token: expect.any(String), configurar: true } });
    await enrolWith(res.json<{ mfa: { token: string } }>().mfa.token);
  });

  it('enrolling from a session ends the other sessions, tells the user and is audited', async () => {
    const u = await createUser(w.app, w.admin);
    const other = await passwordSession(w.app, u.email);
    const session = await passwordSession(w.app, u.email);
    const enrol = await post(w.app, '/api/auth/mfa/totp', { password: PASSWORD }, session);
    const { secret } = enrol.json<{ secret: string }>();
    const act = await post(
      w.app,
      '/api/auth/mfa/totp/activate',
      { codigo: await codeAt(secret, w.clock.now()) },
      session,
    );
    expect(act.statusCode).toBe(200);
    expect((await meWith(w.app, other)).statusCode).toBe(401);
    expect((await meWith(w.app, session)).statusCode).toBe(200);
    await w.smtp.waitFor((m) => m.to.includes(u.email) && /dos pasos modificada/.test(m.subject));
    const rows = await w.app.db
      .selectFrom('auditoria')
      .select(['accion', 'cambios'])
      .where('objetivo_id', '=', String(u.id))
      .where('accion', 'like', 'mfa.%')
      .execute();
    expect(rows.map((r) => r.accion)).toContain('mfa.totp_activado');
    const activado = rows.find((r) => r.accion === 'mfa.totp_activado')!;
    expect(JSON.parse(activado.cambios!)).toEqual({ sesionesRevocadas: 1 });
  });

  it('signs out a user given such a role while signed in without a factor; one with a factor stays', async () => {
    const lacking = await createUser(w.app, w.admin);
    const lackingSession = await passwordSession(w.app, lacking.email);
    const enrolled = await userWithTotp(w.app, w.admin, w.clock.now());
    const give = (id: number) =>
      w.app.inject({
        method: 'PUT',
        url: `/api/usuarios/${id}/roles`,
        headers: bearer(w.admin),
        payload: { roles: [estricto] },
      });
    expect((await give(lacking.id)).statusCode).toBe(200);
    expect((await give(enrolled.id)).statusCode).toBe(200);
    expect((await meWith(w.app, lackingSession)).statusCode).toBe(401);
    expect((await meWith(w.app, enrolled.session)).statusCode).toBe(200);
    const row = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'usuarios.roles')
      .where('objetivo_id', '=', String(lacking.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.cambios!)).toMatchObject({ sesionesCerradas: 1 });
    expect((await secondStep(w.app, lacking.email)).configurar).toBe(true);
  });

  it('switching a role’s requirement on signs out its holders without a factor', async () => {
    const nombre = `tardio-${randomBytes(3).toString('hex')}`;
    const rol = (await post(w.app, '/api/roles', { nombre, permisos: [] }, w.admin)).json<{
      id: number;
      version: number;
    }>();
    const lacking = await createUser(w.app, w.admin, { roles: [nombre] });
    const lackingSession = await passwordSession(w.app, lacking.email);
    const enrolled = await userWithTotp(w.app, w.admin, w.clock.now(), [nombre]);
    const res = await w.app.inject({
      method: 'PATCH',
      url: `/api/roles/${rol.id}`,
      headers: bearer(w.admin),
      payload: { mfaObligatorio: true, version: rol.version },
    });
    expect(res.json()).toMatchObject({ mfaObligatorio: true });
    expect((await meWith(w.app, lackingSession)).statusCode).toBe(401);
    expect((await meWith(w.app, enrolled.session)).statusCode).toBe(200);
  });

  it('new recovery codes and removal each end the other sessions, mail a notice and are audited', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    const audited = async (accion: string) =>
      (
        await w.app.db
          .selectFrom('auditoria')
          .select('cambios')
          .where('accion', '=', accion)
          .where('objetivo_id', '=', String(u.id))
          .execute()
      ).map((r) => JSON.parse(r.cambios!) as Record<string, unknown>);
    for (const [accion, call] of [
      [
        'mfa.codigos_regenerados',
        () => post(w.app, '/api/auth/mfa/recovery-codes', { password: PASSWORD }, u.session),
      ],
      [
        'mfa.totp_eliminado',
        () =>
          w.app.inject({
            method: 'DELETE',
            url: '/api/auth/mfa/totp',
            headers: bearer(u.session),
            payload: { password: PASSWORD },
          }),
      ],
    ] as const) {
      w.clock.advance(60_000);
      const step = await secondStep(w.app, u.email);
      const other = (
        await post(w.app, '/api/auth/login/mfa', {
          token: step.token,
          codigo: await codeAt(u.secret, w.clock.now()),
        })
      ).json<{ token: string }>().token;
      const mails = w.smtp.messages.length;
      expect((await call()).statusCode).toBeLessThan(300);
      expect((await meWith(w.app, other)).statusCode).toBe(401);
      expect((await meWith(w.app, u.session)).statusCode).toBe(200);
      expect(await audited(accion)).toEqual([{ sesionesRevocadas: 1 }]);
      await mailTo(w.smtp, u.email, (m) => /dos pasos modificada/.test(m.subject), mails);
    }
  });
});
