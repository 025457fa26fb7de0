/**
 * Passkeys: signing in (issue #16), on SQLite and PostgreSQL, with real WebAuthn assertions from
 * the software authenticator: without a password; as the second step after the password (its
 * token spent, failures counted towards the lock like codes); a challenge used once and dead
 * after 5 minutes; origin, RP ID and user verification enforced; a counter that does not grow
 * refused; another user's passkey refused; a deactivated user refused.
 */
import { MFA_LIMITS, PASSKEY_LIMITS } from '@gestion/shared';
import { DATABASES, expectErrorShape } from './helper';
import { buildCicloWorld, post, type CicloWorld } from './ciclo-fixtures';
import { meWith, secondStep, userWithTotp } from './mfa-fixtures';
import {
  ORIGIN,
  auditsOf,
  authenticateWith,
  authenticationOptions,
  registerWith,
  secondFactorFailures,
  userWithPasskey,
} from './passkeys-fixtures';
import { SoftAuthenticator } from './support/webauthn-authenticator';

describe.each(DATABASES)('passkeys: signing in (%s)', (dialect) => {
  let w: CicloWorld;
  const authenticate = (respuesta: object, token?: string) =>
    post(w.app, '/api/auth/passkeys/authenticate', token ? { respuesta, token } : { respuesta });
  const fallos = (id: number) => secondFactorFailures(w.app, id);

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(() => w.close());

  it('signs in without a password, as after a password sign-in', async () => {
    const u = await userWithPasskey(w);
    const options = await authenticationOptions(w.app);
    expect(options).toMatchObject({
      rpId: 'gestion.example.org',
      userVerification: 'required',
      allowCredentials: [],
      timeout: PASSKEY_LIMITS.challengeTtlMs,
    });
    const res = await authenticate(u.auth.authenticate(options));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { email: string } }>();
    expect(body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ email: u.email }),
    });
    expect((await meWith(w.app, body.token)).statusCode).toBe(200);
    const logins = await auditsOf(w.app, 'auth.login', u.id);
    expect(logins.some((l) => String(l.cambios).includes('"via":"passkey"'))).toBe(true);
    const list = await w.app.inject({
      method: 'GET',
      url: '/api/auth/passkeys',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(list.json()).toMatchObject({
      passkeys: [{ ultimoUsoEn: new Date(w.clock.now()).toISOString() }],
    });
  });

  it('is the second step after the password: its token lists the user’s passkeys and is spent', async () => {
    const u = await userWithPasskey(w);
    const step = await secondStep(w.app, u.email);
    expect(step).toEqual({ token: expect.any(String), metodos: ['passkey'] });
    const options = await authenticationOptions(w.app, step.token);
    expect(options.allowCredentials).toEqual([
      { id: u.auth.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);
    const res = await authenticate(u.auth.authenticate(options), step.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: u.email } });
    // The token is spent: neither a code nor another ceremony completes it again.
    expectErrorShape(
      await post(w.app, '/api/auth/passkeys/authentication-options', { token: step.token }),
      401,
      'PASSKEY_NO_VALIDA',
    );
  });

  it('offers the passkey beside the codes of a user with both', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    const added = await registerWith(w.app, u.session, new SoftAuthenticator(ORIGIN));
    expect(added.statusCode).toBe(201);
    expect((await secondStep(w.app, u.email)).metodos).toEqual(['totp', 'recuperacion', 'passkey']);
  });

  it('spends a challenge once, and refuses it after 5 minutes', async () => {
    const u = await userWithPasskey(w);
    const options = await authenticationOptions(w.app);
    const respuesta = u.auth.authenticate(options);
    expect((await authenticate(respuesta)).statusCode).toBe(200);
    expectErrorShape(await authenticate(respuesta), 401, 'PASSKEY_NO_VALIDA');

    const late = await authenticationOptions(w.app);
    w.clock.advance(PASSKEY_LIMITS.challengeTtlMs + 1000);
    expectErrorShape(await authenticate(u.auth.authenticate(late)), 401, 'PASSKEY_NO_VALIDA');
    // A fresh challenge works again.
    expect((await authenticateWith(w.app, u.auth)).statusCode).toBe(200);
  });

  it('lets exactly one of two racing answers to one challenge sign in', async () => {
    const u = await userWithPasskey(w);
    const respuesta = u.auth.authenticate(await authenticationOptions(w.app));
    const results = await Promise.all([authenticate(respuesta), authenticate(respuesta)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses another origin, another RP ID, no user verification and a counter that does not grow', async () => {
    const u = await userWithPasskey(w);
    for (const bend of [
      { origin: 'https://phishing.example.net' },
      { rpId: 'example.org' },
      { uv: false },
    ]) {
      expectErrorShape(
        await authenticateWith(w.app, u.auth, undefined, bend),
        401,
        'PASSKEY_NO_VALIDA',
      );
    }
    expect((await authenticateWith(w.app, u.auth, undefined, { counter: 7 })).statusCode).toBe(200);
    // A cloned authenticator (or a replay) reports a counter at or below the stored one.
    for (const counter of [7, 3]) {
      expectErrorShape(
        await authenticateWith(w.app, u.auth, undefined, { counter }),
        401,
        'PASSKEY_NO_VALIDA',
      );
    }
    expect((await authenticateWith(w.app, u.auth, undefined, { counter: 8 })).statusCode).toBe(200);
    const refused = await auditsOf(w.app, 'mfa.passkey_rechazada', u.id);
    expect(refused.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses another user’s passkey on a second step, counting it towards the lock', async () => {
    const a = await userWithPasskey(w);
    const b = await userWithPasskey(w);
    const step = await secondStep(w.app, a.email);
    // A's options, B's authenticator told to use B's credential anyway.
    const options = await authenticationOptions(w.app, step.token);
    const respuesta = b.auth.authenticate(options, { credentialId: b.auth.credentials[0]!.id });
    expectErrorShape(await authenticate(respuesta, step.token), 401, 'PASSKEY_NO_VALIDA');
    expect(await fallos(a.id)).toBe(1);
    const failed = await auditsOf(w.app, 'mfa.verificacion_fallida', a.id);
    expect(JSON.parse(String(failed[0]?.cambios))).toMatchObject({ metodo: 'passkey' });
    // A passwordless challenge does not help either: the token names A.
    const open = await authenticationOptions(w.app);
    expectErrorShape(
      await authenticate(b.auth.authenticate(open), step.token),
      401,
      'PASSKEY_NO_VALIDA',
    );
    expect(await fallos(a.id)).toBe(2);
    // A's own passkey completes the step and clears the count.
    const ok = await authenticateWith(w.app, a.auth, step.token);
    expect(ok.statusCode).toBe(200);
    expect(await fallos(a.id)).toBe(0);
  });

  it('locks the second step after 10 failures in a row, as with codes', async () => {
    const u = await userWithPasskey(w);
    for (let i = 0; i < MFA_LIMITS.lockFailures; i++) {
      const step = await secondStep(w.app, u.email);
      const res = await authenticateWith(w.app, u.auth, step.token, { uv: false });
      expectErrorShape(res, 401, 'PASSKEY_NO_VALIDA');
    }
    // Locked: the second step is refused before its ceremony, and so is the passkey alone.
    const locked = await secondStep(w.app, u.email);
    expectErrorShape(
      await post(w.app, '/api/auth/passkeys/authentication-options', { token: locked.token }),
      429,
      'MFA_BLOQUEADO',
    );
    expectErrorShape(await authenticateWith(w.app, u.auth), 429, 'MFA_BLOQUEADO');
    await w.smtp.waitFor((m) => m.to.includes(u.email) && /bloquead/i.test(m.subject));
  });

  it('refuses a deactivated user', async () => {
    const u = await userWithPasskey(w);
    await w.app.db.updateTable('usuarios').set({ activo: 0 }).where('id', '=', u.id).execute();
    expectErrorShape(await authenticateWith(w.app, u.auth), 401, 'PASSKEY_NO_VALIDA');
    const refused = await auditsOf(w.app, 'mfa.passkey_rechazada', u.id);
    expect(JSON.parse(String(refused[0]?.cambios))).toMatchObject({ motivo: 'usuario_inactivo' });
  });
});
