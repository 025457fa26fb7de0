/**
 * Invitations replace one-time passwords (issue #15, ASVS 6.4.6), on SQLite and PostgreSQL with
 * a real SMTP server: a user created without a password is pending and mailed a 72-hour link;
 * accepting it signs in; re-sending voids the old link; revoking voids every link and leaves the
 * user pending; the CSV import invites. An admin-set or generated password must be changed at
 * the first sign-in: until then every call but three answers 403 PASSWORD_CHANGE_REQUIRED.
 */
import {
  ADMIN_MESSAGES,
  ERROR_CODES,
  LIFECYCLE_PAGES,
  LIFECYCLE_TTL_MS,
  type CreatedUsuario,
  type Usuario,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import { buildCicloWorld, linkToken, mailTo, post, type CicloWorld } from './ciclo-fixtures';
import { DATABASES, PASSWORD, bearer, expectErrorShape, login, me, uniqueEmail } from './helper';

describe.each(DATABASES)('invitations on %s', (dialect) => {
  let w: CicloWorld;
  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  const invite = async (roles: string[] = ['usuario']) => {
    const email = uniqueEmail('invitado');
    const after = w.smtp.messages.length;
    const res = await post(w.app, '/api/usuarios', { email, nombre: 'Invitada', roles }, w.admin);
    expect(res.statusCode).toBe(201);
    const user = res.json<CreatedUsuario>();
    const token = await linkToken(w.smtp, email, LIFECYCLE_PAGES.invitacion, after);
    return { email, user, token };
  };
  const accept = (token: string, password = PASSWORD) =>
    post(w.app, '/api/auth/invitation/accept', { token, password });

  it('creates the user pending, mails the link, and the user cannot sign in yet', async () => {
    const { email, user } = await invite();
    expect(user).toMatchObject({ invitacionPendiente: true, activo: true });
    expect(user).not.toHaveProperty('passwordTemporal');
    const mail = await mailTo(w.smtp, email);
    expect(mail.subject).toMatch(/Invitaci/);
    expect(mail.links[0]).toMatch(/^https:\/\/gestion\.example\.org\/invitacion\?token=/);
    expectErrorShape(await login(w.app, email, PASSWORD), 401, ERROR_CODES.invalidCredentials);
    const list = await w.app.inject({
      method: 'GET',
      url: '/api/usuarios?invitacionPendiente=true&pageSize=100',
      headers: bearer(w.admin),
    });
    expect(list.json<{ items: Usuario[] }>().items.map((u) => u.email)).toContain(email);
  });

  it('accepting signs in (200 {token, user}), verifies the e-mail, and the link is single use', async () => {
    const { email, user, token } = await invite();
    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { email: string } }>();
    expect(body.user.email).toBe(email);
    expect((await me(w.app, body.token)).statusCode).toBe(200);
    expect((await login(w.app, email, PASSWORD)).statusCode).toBe(200);
    expectErrorShape(await accept(token, 'Otra-Clave-Segura-2027'), 400, ERROR_CODES.tokenInvalid);
    const row = await w.app.db
      .selectFrom('usuarios')
      .select(['invitacion_pendiente', 'email_verificado'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ invitacion_pendiente: 0, email_verificado: 1 });
  });

  it('refuses a weak password with 400 on `password` and keeps the link', async () => {
    const { token } = await invite();
    const bad = expectErrorShape(await accept(token, '12345678'), 400, ERROR_CODES.validation);
    expect((bad.details as { field: string }[])[0]!.field).toBe('password');
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('re-sends (202, the old link void) and revokes (204, still pending; 409 when not pending)', async () => {
    const { email, user, token: old } = await invite();
    const after = w.smtp.messages.length;
    const resent = await post(w.app, `/api/usuarios/${user.id}/invitation`, {}, w.admin);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ message: ADMIN_MESSAGES.invitationSent });
    const fresh = await linkToken(w.smtp, email, LIFECYCLE_PAGES.invitacion, after);
    expectErrorShape(await accept(old), 400, ERROR_CODES.tokenInvalid);

    const revoked = await w.app.inject({
      method: 'DELETE',
      url: `/api/usuarios/${user.id}/invitation`,
      headers: bearer(w.admin),
    });
    expect(revoked.statusCode).toBe(204);
    expectErrorShape(await accept(fresh), 400, ERROR_CODES.tokenInvalid);
    const still = await w.app.inject({
      method: 'GET',
      url: `/api/usuarios/${user.id}`,
      headers: bearer(w.admin),
    });
    expect(still.json<Usuario>().invitacionPendiente).toBe(true);

    // Accepted: no longer pending.
    const other = await invite();
    expect((await accept(other.token)).statusCode).toBe(200);
    const notPending = await post(w.app, `/api/usuarios/${other.user.id}/invitation`, {}, w.admin);
    expect(expectErrorShape(notPending, 409).message).toBe(ADMIN_MESSAGES.invitationNotPending);
  });

  it('expires the link after 72 hours', async () => {
    const { token } = await invite();
    w.clock.advance(LIFECYCLE_TTL_MS.invitation + 1);
    expectErrorShape(await accept(token), 400, ERROR_CODES.tokenInvalid);
    // The admin's session idled out meanwhile.
    w.admin = (await login(w.app, 'admin@test.local', 'Admin-Clave-Segura-2026')).json<{
      token: string;
    }>().token;
  });

  it('invites the users a CSV import creates', async () => {
    const email = uniqueEmail('csv');
    const after = w.smtp.messages.length;
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/usuarios/import',
      headers: { ...bearer(w.admin), 'content-type': 'text/csv' },
      payload: `email,nombre,roles\r\n${email},Importada,usuario\r\n`,
    });
    expect(res.statusCode).toBe(200);
    const token = await linkToken(w.smtp, email, LIFECYCLE_PAGES.invitacion, after);
    expect((await accept(token)).statusCode).toBe(200);
  });

  describe('an admin-set password (debeCambiarPassword)', () => {
    it('generates an unambiguous temporary password and walls every other call with 403', async () => {
      const email = uniqueEmail('temporal');
      const created = await post(
        w.app,
        '/api/usuarios',
        { email, nombre: 'Temporal', generarPassword: true, roles: ['gestor'] },
        w.admin,
      );
      expect(created.statusCode).toBe(201);
      const temporal = created.json<CreatedUsuario>().passwordTemporal!;
      expect(temporal).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);

      const signed = await login(w.app, email, temporal);
      expect(signed.statusCode).toBe(200);
      const { token, user } = signed.json<{
        token: string;
        user: { debeCambiarPassword?: boolean };
      }>();
      expect(user.debeCambiarPassword).toBe(true);
      const meRes = await me(w.app, token);
      expect(meRes.statusCode).toBe(200);
      expect(
        meRes.json<{ user: { debeCambiarPassword?: boolean } }>().user.debeCambiarPassword,
      ).toBe(true);
      for (const [method, url] of [
        ['GET', '/api/usuarios'],
        ['GET', '/api/sesiones'],
        ['PATCH', '/api/auth/me'],
        ['GET', '/api/eventos'],
      ] as const) {
        const res = await w.app.inject({
          method,
          url,
          headers: bearer(token),
          ...(method === 'PATCH' ? { payload: { nombre: 'X' } } : {}),
        });
        expect(expectErrorShape(res, 403, ERROR_CODES.passwordChangeRequired).message).toBe(
          LIFECYCLE_MESSAGES.passwordChangeRequired,
        );
      }
      const nueva = 'Mi-Propia-Clave-2026';
      const changed = await post(w.app, '/api/auth/password', { actual: temporal, nueva }, token);
      expect(changed.statusCode).toBe(204);
      expect((await me(w.app, token)).json()).not.toHaveProperty('user.debeCambiarPassword');
      const list = await w.app.inject({
        method: 'GET',
        url: '/api/sesiones',
        headers: bearer(token),
      });
      expect(list.statusCode).toBe(200);
    });

    it('lets the walled session sign out', async () => {
      const email = uniqueEmail('salir');
      await post(w.app, '/api/usuarios', { email, nombre: 'Sale', password: PASSWORD }, w.admin);
      const { token } = (await login(w.app, email, PASSWORD)).json<{ token: string }>();
      const out = await w.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(token),
      });
      expect(out.statusCode).toBe(204);
    });
  });
});
