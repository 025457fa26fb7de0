/**
 * Set-up of the second-factor suites (issue #16): the lifecycle world (a real SMTP server in the
 * test process, the app's movable clock) and helpers that compute TOTP codes with otplib at any
 * moment of that clock, enrol a user and sign in with two steps.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { createUser } from './admin-fixtures';
import { post } from './ciclo-fixtures';
import { PASSWORD, bearer, login } from './helper';

/** The six-digit code of `secret` at `ms` (epoch ms), as an authenticator app shows it. */
export function codeAt(secret: string, ms: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(ms / 1000) });
}

/** The RFC 6238 step of `ms`. */
export const stepOf = (ms: number) => Math.floor(ms / 30_000);

/** Signs in with the password; returns the session token (fails if a second step is asked). */
export async function passwordSession(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await login(app, email, password);
  const body = res.json<{ token?: string }>();
  if (res.statusCode !== 200 || !body.token)
    throw new Error(`login: ${res.statusCode} ${res.body}`);
  return body.token;
}

/** The `mfa` token of a password sign-in that asks for a second step. */
export async function secondStep(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await login(app, email, password);
  const body = res.json<{ mfa?: { token: string; metodos?: string[]; configurar?: true } }>();
  if (res.statusCode !== 200 || !body.mfa) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return body.mfa;
}

/** POST /api/auth/login/mfa. */
export function loginMfa(app: FastifyInstance, token: string, codigo: string) {
  return post(app, '/api/auth/login/mfa', { token, codigo });
}

/**
 * Enrols and activates TOTP for the session `token` at the app's clock `now`; returns the secret
 * and the recovery codes.
 */
export async function enrolTotp(
  app: FastifyInstance,
  token: string,
  now: number,
  password = PASSWORD,
) {
  const enrol = await post(app, '/api/auth/mfa/totp', { password }, token);
  if (enrol.statusCode !== 200) throw new Error(`enrol: ${enrol.statusCode} ${enrol.body}`);
  const { secret, otpauthUrl } = enrol.json<{ secret: string; otpauthUrl: string }>();
  const act = await post(
    app,
    '/api/auth/mfa/totp/activate',
    { codigo: await codeAt(secret, now) },
    token,
  );
  if (act.statusCode !== 200) throw new Error(`activate: ${act.statusCode} ${act.body}`);
  return {
    secret,
    otpauthUrl,
    codigos: act.json<{ codigosRecuperacion: string[] }>().codigosRecuperacion,
  };
}

/** A new user (created by the admin with `roles`) with TOTP enrolled; its e-mail and secret. */
export async function userWithTotp(
  app: FastifyInstance,
  adminToken: string,
  now: number,
  roles: string[] = [],
) {
  const { id, email } = await createUser(app, adminToken, { roles });
  const session = await passwordSession(app, email);
  const { secret, codigos } = await enrolTotp(app, session, now);
  return { id, email, secret, codigos, session };
}

/** GET /api/auth/me with a token. */
export function meWith(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}
