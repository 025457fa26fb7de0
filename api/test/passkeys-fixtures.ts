/**
 * Helpers of the passkey suites (issue #16): the ceremonies against the api with the software
 * authenticator of support/webauthn-authenticator.ts, on the lifecycle world (APP_URL
 * https://gestion.example.org, so the RP ID is gestion.example.org).
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { createUser } from './admin-fixtures';
import { post, type CicloWorld } from './ciclo-fixtures';
import { passwordSession } from './mfa-fixtures';
import { SoftAuthenticator, type CeremonyOptions } from './support/webauthn-authenticator';

/** APP_URL of buildCicloWorld: the origin the ceremonies run on. */
export const ORIGIN = 'https://gestion.example.org';

/** POST /api/auth/passkeys/registration-options with a session or enrolment token. */
export async function registrationOptions(app: FastifyInstance, token: string) {
  const res = await post(app, '/api/auth/passkeys/registration-options', {}, token);
  if (res.statusCode !== 200) throw new Error(`options: ${res.statusCode} ${res.body}`);
  return res.json<PublicKeyCredentialCreationOptionsJSON>();
}

/** POST /api/auth/passkeys/authentication-options, with the second-step token if given. */
export async function authenticationOptions(app: FastifyInstance, token?: string) {
  const res = await post(app, '/api/auth/passkeys/authentication-options', token ? { token } : {});
  if (res.statusCode !== 200) throw new Error(`options: ${res.statusCode} ${res.body}`);
  return res.json<PublicKeyCredentialRequestOptionsJSON>();
}

/** The whole registration: options, the authenticator's answer (bent by `o`), POST. */
export async function registerWith(
  app: FastifyInstance,
  token: string,
  auth: SoftAuthenticator,
  nombre = 'Portátil',
  o: CeremonyOptions = {},
) {
  const options = await registrationOptions(app, token);
  return post(app, '/api/auth/passkeys', { respuesta: auth.register(options, o), nombre }, token);
}

/** The whole sign-in: options (with `token`: the second step), the assertion, POST. */
export async function authenticateWith(
  app: FastifyInstance,
  auth: SoftAuthenticator,
  token?: string,
  o: CeremonyOptions = {},
) {
  const options = await authenticationOptions(app, token);
  const respuesta = auth.authenticate(options, o);
  return post(app, '/api/auth/passkeys/authenticate', token ? { respuesta, token } : { respuesta });
}

/**
 * A new user (created by the admin with `roles`) with one passkey registered from a password
 * session; its id, e-mail, that session, the authenticator and the passkey.
 */
export async function userWithPasskey(w: CicloWorld, roles: string[] = []) {
  const { id, email } = await createUser(w.app, w.admin, { roles });
  const session = await passwordSession(w.app, email);
  const auth = new SoftAuthenticator(ORIGIN);
  const res = await registerWith(w.app, session, auth);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { id, email, session, auth, passkey: res.json<{ id: number; nombre: string }>() };
}

/** Rows of the audit log with `accion` about user `id`. */
export function auditsOf(app: FastifyInstance, accion: string, id: number) {
  return app.db
    .selectFrom('auditoria')
    .select(['cambios'])
    .where('accion', '=', accion)
    .where('objetivo_id', '=', String(id))
    .execute();
}

/** The second-factor failures in a row counted for user `id` (`mfa_fallos`), 0 when none. */
export async function secondFactorFailures(app: FastifyInstance, id: number): Promise<number> {
  const row = await app.db
    .selectFrom('mfa_fallos')
    .select('fallos')
    .where('usuario_id', '=', id)
    .executeTakeFirst();
  return Number(row?.fallos ?? 0);
}
