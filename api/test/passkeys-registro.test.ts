/**
 * Passkeys: registration and management (issue #16), on SQLite and PostgreSQL, with real
 * WebAuthn answers from the software authenticator (support/webauthn-authenticator.ts):
 * register → list → rename → delete with the notice, the audit and the other sessions revoked;
 * step-up; a challenge used once and dead after 5 minutes; the origin, the RP ID and user
 * verification enforced; a non-discoverable credential refused; the enrolment token of a user
 * who must enrol starts the session at registration; an admin's reset removes the passkeys.
 */
import { MFA_LIMITS, PASSKEY_LIMITS } from '@gestion/shared';
import { randomBytes } from 'node:crypto';
import { ADMIN, DATABASES, expectErrorShape } from './helper';
import { createUser } from './admin-fixtures';
import { buildCicloWorld, mailsOf, post, type CicloWorld } from './ciclo-fixtures';
import { meWith, passwordSession, secondStep } from './mfa-fixtures';
import {
  ORIGIN,
  auditsOf,
  authenticateWith,
  registerWith,
  registrationOptions,
  userWithPasskey,
} from './passkeys-fixtures';
import { SoftAuthenticator } from './support/webauthn-authenticator';

describe.each(DATABASES)('passkeys: registration and management (%s)', (dialect) => {
  let w: CicloWorld;
  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    w.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(() => w.close());

  it('registers, lists, renames and deletes a passkey; each change ends the other sessions, mails and audits', async () => {
    const { id, email } = await createUser(w.app, w.admin);
    const other = await passwordSession(w.app, email);
    const session = await passwordSession(w.app, email);
    const auth = new SoftAuthenticator(ORIGIN);

    const options = await registrationOptions(w.app, session);
    expect(options).toMatchObject({
      rp: { id: 'gestion.example.org' },
      user: { name: email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      timeout: PASSKEY_LIMITS.challengeTtlMs,
      excludeCredentials: [],
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The user handle is opaque: neither the id nor the e-mail.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);

    const created = await post(
      w.app,
      '/api/auth/passkeys',
      { respuesta: auth.register(options), nombre: '  Portátil del trabajo ' },
      session,
    );
    expect(created.statusCode).toBe(201);
    const passkey = created.json<{ id: number }>();
    expect(passkey).toEqual({
      id: expect.any(Number),
      nombre: 'Portátil del trabajo',
      creadoEn: new Date(w.clock.now()).toISOString(),
      ultimoUsoEn: null,
      sincronizada: false,
    });
    expect((await meWith(w.app, other)).statusCode).toBe(401);
    expect((await meWith(w.app, session)).statusCode).toBe(200);
    await w.smtp.waitFor(
      (m) => m.to.includes(email) && /llave de acceso/.test(m.text) && /añadido/.test(m.text),
    );
    expect(await auditsOf(w.app, 'mfa.passkey_anadida', id)).toHaveLength(1);

    // It counts as a factor, and the next registration excludes it.
    const estado = await call('GET', '/api/auth/mfa', session);
    expect(estado.json()).toMatchObject({ metodos: ['passkey'] });
    const again = await registrationOptions(w.app, session);
    expect(again.excludeCredentials).toEqual([
      { id: auth.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);

    const list = await call('GET', '/api/auth/passkeys', session);
    expect(list.json()).toEqual({ passkeys: [passkey] });

    const renamed = await call('PATCH', `/api/auth/passkeys/${passkey.id}`, session, {
      nombre: 'Móvil',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, nombre: 'Móvil' });
    expectErrorShape(
      await call('PATCH', `/api/auth/passkeys/${passkey.id}`, session, { nombre: '   ' }),
      400,
      'VALIDATION_ERROR',
    );
    // Another user's passkey is not found, for rename and delete alike.
    const stranger = await passwordSession(w.app, (await createUser(w.app, w.admin)).email);
    expectErrorShape(
      await call('PATCH', `/api/auth/passkeys/${passkey.id}`, stranger, { nombre: 'Mío' }),
      404,
      'NOT_FOUND',
    );
    expectErrorShape(
      await call('DELETE', `/api/auth/passkeys/${passkey.id}`, stranger),
      404,
      'NOT_FOUND',
    );

    // With a passkey the password alone no longer signs in: the passkey does.
    const third = (await authenticateWith(w.app, auth)).json<{ token: string }>().token;
    const mailsBefore = mailsOf(w.smtp, email).length;
    expect((await call('DELETE', `/api/auth/passkeys/${passkey.id}`, session)).statusCode).toBe(
      204,
    );
    expect((await meWith(w.app, third)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/passkeys', session)).json()).toEqual({ passkeys: [] });
    expect((await call('GET', '/api/auth/mfa', session)).json()).toMatchObject({ metodos: [] });
    await w.smtp.waitFor((m) => m.to.includes(email) && /eliminado una llave/.test(m.text));
    expect(mailsOf(w.smtp, email).length).toBeGreaterThan(mailsBefore);
    expect(await auditsOf(w.app, 'mfa.passkey_eliminada', id)).toHaveLength(1);
  });

  it('asks for step-up to add or remove a passkey once the sign-in is over 10 minutes old', async () => {
    const u = await userWithPasskey(w);
    w.clock.advance(MFA_LIMITS.stepUpMs + 1000);
    const asked = await post(w.app, '/api/auth/passkeys/registration-options', {}, u.session);
    expectErrorShape(asked, 403, 'REAUTENTICACION_REQUERIDA');
    expectErrorShape(
      await call('DELETE', `/api/auth/passkeys/${u.passkey.id}`, u.session),
      403,
      'REAUTENTICACION_REQUERIDA',
    );
    // Renaming is no factor change.
    expect(
      (await call('PATCH', `/api/auth/passkeys/${u.passkey.id}`, u.session, { nombre: 'Otro' }))
        .statusCode,
    ).toBe(200);
    const reauth = await post(
      w.app,
      '/api/auth/reautenticar',
      { password: 'Clave-Muy-Segura-2026' },
      u.session,
    );
    expect(reauth.statusCode).toBe(204);
    expect((await registerWith(w.app, u.session, u.auth, 'Llave USB')).statusCode).toBe(201);
  });

  it('spends a challenge once, and refuses it after 5 minutes', async () => {
    const { email } = await createUser(w.app, w.admin);
    const session = await passwordSession(w.app, email);
    const auth = new SoftAuthenticator(ORIGIN);
    const options = await registrationOptions(w.app, session);
    const first = auth.register(options);
    const second = auth.register(options);
    expect(
      (await post(w.app, '/api/auth/passkeys', { respuesta: first, nombre: 'A' }, session))
        .statusCode,
    ).toBe(201);
    expectErrorShape(
      await post(w.app, '/api/auth/passkeys', { respuesta: second, nombre: 'B' }, session),
      400,
      'PASSKEY_NO_VALIDA',
    );

    const late = await registrationOptions(w.app, session);
    w.clock.advance(PASSKEY_LIMITS.challengeTtlMs + 1000);
    await post(w.app, '/api/auth/reautenticar', { password: 'Clave-Muy-Segura-2026' }, session);
    expectErrorShape(
      await post(
        w.app,
        '/api/auth/passkeys',
        { respuesta: auth.register(late), nombre: 'C' },
        session,
      ),
      400,
      'PASSKEY_NO_VALIDA',
    );
  });

  it('refuses another origin, another RP ID, no user verification, a non-discoverable credential and a challenge it never issued', async () => {
    const { email } = await createUser(w.app, w.admin);
    const session = await passwordSession(w.app, email);
    const auth = new SoftAuthenticator(ORIGIN);
    for (const bend of [
      { origin: 'https://gestion.example.org.evil.test' },
      { origin: 'http://gestion.example.org' },
      { rpId: 'evil.test' },
      { uv: false },
      { notDiscoverable: true },
      { challenge: randomBytes(32).toString('base64url') },
    ]) {
      const res = await registerWith(w.app, session, auth, 'Llave', bend);
      expectErrorShape(res, 400, 'PASSKEY_NO_VALIDA');
    }
    expect((await call('GET', '/api/auth/passkeys', session)).json()).toEqual({ passkeys: [] });
  });

  it('registers with the enrolment token of a user whose role requires a factor, and the session starts then', async () => {
    const nombre = `llaves-${randomBytes(3).toString('hex')}`;
    const rol = await post(
      w.app,
      '/api/roles',
      { nombre, permisos: [], mfaObligatorio: true },
      w.admin,
    );
    expect(rol.statusCode).toBe(201);
    const u = await createUser(w.app, w.admin, { roles: [nombre] });
    const step = await secondStep(w.app, u.email);
    expect(step).toEqual({ token: expect.any(String), configurar: true });

    const auth = new SoftAuthenticator(ORIGIN);
    const res = await registerWith(w.app, step.token, auth, 'Móvil');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ token: string; user: { email: string }; nombre: string }>();
    expect(body).toMatchObject({
      nombre: 'Móvil',
      token: expect.any(String),
      user: { email: u.email },
    });
    expect((await meWith(w.app, body.token)).statusCode).toBe(200);
    // The enrolment token is spent; the next password sign-in asks for the passkey.
    expect(
      (await post(w.app, '/api/auth/passkeys/registration-options', {}, step.token)).statusCode,
    ).toBe(401);
    expect(await secondStep(w.app, u.email)).toEqual({
      token: expect.any(String),
      metodos: ['passkey'],
    });
  });

  it('keeps the sessions of a passkey holder given a role that requires a second factor', async () => {
    const nombre = `estricto-${randomBytes(3).toString('hex')}`;
    const rol = await post(
      w.app,
      '/api/roles',
      { nombre, permisos: [], mfaObligatorio: true },
      w.admin,
    );
    expect(rol.statusCode).toBe(201);
    const u = await userWithPasskey(w);
    const give = await w.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${u.id}/roles`,
      headers: { authorization: `Bearer ${w.admin}` },
      payload: { roles: [nombre] },
    });
    expect(give.statusCode).toBe(200);
    expect((await meWith(w.app, u.session)).statusCode).toBe(200);
  });

  it('loses every passkey when an admin resets the second factor', async () => {
    const u = await userWithPasskey(w);
    const admin = await passwordSession(w.app, ADMIN.email, ADMIN.password);
    const reset = await post(
      w.app,
      `/api/usuarios/${u.id}/mfa/reset`,
      { motivo: 'Perdió el móvil' },
      admin,
    );
    expect(reset.statusCode).toBe(204);
    const session = await passwordSession(w.app, u.email);
    expect((await call('GET', '/api/auth/passkeys', session)).json()).toEqual({ passkeys: [] });
    const audit = await auditsOf(w.app, 'mfa.restablecido', u.id);
    expect(JSON.parse(String(audit[0]?.cambios))).toMatchObject({ passkeys: 1, totp: false });
  });
});
