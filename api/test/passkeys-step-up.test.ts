/**
 * Step-up with a passkey (issue #16), on SQLite and PostgreSQL, with real WebAuthn assertions
 * from the software authenticator: POST /api/auth/passkeys/authentication-options
 * `{reautenticacion: true}` with a session lists the caller's passkeys, and
 * POST /api/auth/reautenticar `{respuesta}` renews step-up like the password; another user's
 * passkey, a reused challenge and a step-up challenge presented to sign in are refused (audited,
 * not counted towards the lock of the second factor).
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { ADMIN, DATABASES, expectErrorShape } from './helper';
import { createUser } from './admin-fixtures';
import { buildCicloWorld, post, type CicloWorld } from './ciclo-fixtures';
import { passwordSession } from './mfa-fixtures';
import {
  auditsOf,
  registrationOptions,
  secondFactorFailures,
  userWithPasskey,
} from './passkeys-fixtures';

const MIN = 60_000;

describe.each(DATABASES)('passkeys: step-up (%s)', (dialect) => {
  let w: CicloWorld;
  /** The step-up options for `session`, or the failed answer. */
  const stepUpOptions = (session?: string) =>
    post(w.app, '/api/auth/passkeys/authentication-options', { reautenticacion: true }, session);
  const optionsOf = async (session: string) => {
    const res = await stepUpOptions(session);
    expect(res.statusCode).toBe(200);
    return res.json<PublicKeyCredentialRequestOptionsJSON>();
  };
  const reauth = (session: string, respuesta: object) =>
    post(w.app, '/api/auth/reautenticar', { respuesta }, session);
  /** Whether `session` may do a step-up operation now (the registration options). */
  const mayStepUp = async (session: string) =>
    (await post(w.app, '/api/auth/passkeys/registration-options', {}, session)).statusCode;
  const fallos = (id: number) => secondFactorFailures(w.app, id);

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(() => w.close());

  it('accepts a passkey of the caller as a factor entered, for 10 minutes', async () => {
    const u = await userWithPasskey(w);
    w.clock.advance(11 * MIN);
    expectErrorShape(
      await post(w.app, '/api/auth/passkeys/registration-options', {}, u.session),
      403,
      'REAUTENTICACION_REQUERIDA',
    );
    const options = await optionsOf(u.session);
    expect(options).toMatchObject({
      rpId: 'gestion.example.org',
      userVerification: 'required',
      allowCredentials: [
        { id: u.auth.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
      ],
    });
    const res = await reauth(u.session, u.auth.authenticate(options));
    expect(res.statusCode).toBe(204);
    expect(await mayStepUp(u.session)).toBe(200);
    const audits = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'auth.reautenticacion')
      .where('actor_id', '=', u.id)
      .execute();
    expect(audits.map((a) => String(a.cambios))).toContainEqual(
      expect.stringContaining('"metodo":"passkey"'),
    );
    w.clock.advance(11 * MIN);
    expect(await mayStepUp(u.session)).toBe(403);
  });

  it('refuses another user’s passkey, audited and not counted', async () => {
    const a = await userWithPasskey(w);
    const b = await userWithPasskey(w);
    w.clock.advance(11 * MIN);
    const options = await optionsOf(a.session);
    const respuesta = b.auth.authenticate({ ...options, allowCredentials: [] });
    expectErrorShape(await reauth(a.session, respuesta), 400, 'PASSKEY_NO_VALIDA');
    expect(await mayStepUp(a.session)).toBe(403);
    const refused = await auditsOf(w.app, 'mfa.passkey_rechazada', a.id);
    expect(refused.map((r) => String(r.cambios))).toContainEqual(
      expect.stringContaining('"motivo":"otro_usuario"'),
    );
    expect(await fallos(a.id)).toBe(0);
    // Nor does a's challenge serve b's own session.
    const forB = b.auth.authenticate(await optionsOf(a.session), {
      credentialId: b.auth.credentials[0]!.id,
    });
    expectErrorShape(await reauth(b.session, forB), 400, 'PASSKEY_NO_VALIDA');
  });

  it('spends the challenge: the same answer twice is refused, and it never signs in', async () => {
    const u = await userWithPasskey(w);
    w.clock.advance(11 * MIN);
    const respuesta = u.auth.authenticate(await optionsOf(u.session));
    expect((await reauth(u.session, respuesta)).statusCode).toBe(204);
    expectErrorShape(await reauth(u.session, respuesta), 400, 'PASSKEY_NO_VALIDA');

    const unused = u.auth.authenticate(await optionsOf(u.session));
    expectErrorShape(
      await post(w.app, '/api/auth/passkeys/authenticate', { respuesta: unused }),
      401,
      'PASSKEY_NO_VALIDA',
    );
    // A passwordless challenge does not serve step-up either.
    const open = await post(w.app, '/api/auth/passkeys/authentication-options', {});
    const fromOpen = u.auth.authenticate(open.json<PublicKeyCredentialRequestOptionsJSON>());
    expectErrorShape(await reauth(u.session, fromOpen), 400, 'PASSKEY_NO_VALIDA');
  });

  it('needs a session and a passkey; keeps one proof per call and the passwordless options', async () => {
    expectErrorShape(await stepUpOptions(), 401);
    const { email } = await createUser(
      w.app,
      await passwordSession(w.app, ADMIN.email, ADMIN.password),
    );
    const plain = await passwordSession(w.app, email);
    expectErrorShape(await stepUpOptions(plain), 409, 'MFA_NO_CONFIGURADO');

    const u = await userWithPasskey(w);
    const respuesta = u.auth.authenticate(await optionsOf(u.session));
    expectErrorShape(
      await post(w.app, '/api/auth/reautenticar', { respuesta, password: 'x' }, u.session),
      400,
      'VALIDATION_ERROR',
    );
    const open = await post(w.app, '/api/auth/passkeys/authentication-options', {}, u.session);
    expect(open.json()).toMatchObject({ allowCredentials: [] });
    expect((await registrationOptions(w.app, u.session)).challenge).toEqual(expect.any(String));
  });
});
