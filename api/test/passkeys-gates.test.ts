/**
 * A passwordless passkey sign-in passes the gates of a password sign-in (issue #16 with #15), on
 * SQLite and PostgreSQL: an e-mail not verified while `verificacionEmail` is on gets the same
 * 403 EMAIL_NO_VERIFICADO (audited); an admin-set password still to be changed signs in to the
 * same restricted session (only /me, the password change and sign-out).
 */
import { ERROR_CODES, type Configuracion } from '@gestion/shared';
import { ADMIN, DATABASES, expectErrorShape, login } from './helper';
import { buildCicloWorld, type CicloWorld } from './ciclo-fixtures';
import { passwordSession } from './mfa-fixtures';
import { auditsOf, authenticateWith, userWithPasskey } from './passkeys-fixtures';

describe.each(DATABASES)('passkeys: the gates of a sign-in (%s)', (dialect) => {
  let w: CicloWorld;
  const setUser = (id: number, set: { email_verificado?: 0; debe_cambiar_password?: 1 }) =>
    w.app.db.updateTable('usuarios').set(set).where('id', '=', id).execute();

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(() => w.close());

  it('refuses an unverified e-mail while verificacionEmail is on, as the password does', async () => {
    const u = await userWithPasskey(w);
    await setUser(u.id, { email_verificado: 0 });
    expect((await authenticateWith(w.app, u.auth)).statusCode).toBe(200);

    const admin = await passwordSession(w.app, ADMIN.email, ADMIN.password);
    const headers = { authorization: `Bearer ${admin}` };
    const setVerificacion = async (on: boolean) => {
      const cfg = (
        await w.app.inject({ method: 'GET', url: '/api/configuracion', headers })
      ).json<Configuracion>();
      const res = await w.app.inject({
        method: 'PATCH',
        url: '/api/configuracion',
        headers,
        payload: { verificacionEmail: on, version: cfg.version },
      });
      expect(res.statusCode).toBe(200);
    };
    await setVerificacion(true);
    try {
      const byPassword = await login(w.app, u.email, 'Clave-Muy-Segura-2026');
      const byPasskey = await authenticateWith(w.app, u.auth);
      expectErrorShape(byPassword, 403, ERROR_CODES.emailNotVerified);
      expect(expectErrorShape(byPasskey, 403, ERROR_CODES.emailNotVerified)).toEqual(
        byPassword.json(),
      );
      expect((await auditsOf(w.app, 'auth.login_correo_no_verificado', u.id)).length).toBe(2);
    } finally {
      await setVerificacion(false);
    }
  });

  it('signs a user who must change the password in to the same restricted session', async () => {
    const u = await userWithPasskey(w);
    await setUser(u.id, { debe_cambiar_password: 1 });
    const res = await authenticateWith(w.app, u.auth);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json<{ token: string; user: { debeCambiarPassword?: boolean } }>();
    expect(user.debeCambiarPassword).toBe(true);
    const headers = { authorization: `Bearer ${token}` };
    expect((await w.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(
      200,
    );
    expectErrorShape(
      await w.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers }),
      403,
      ERROR_CODES.passwordChangeRequired,
    );
  });
});
