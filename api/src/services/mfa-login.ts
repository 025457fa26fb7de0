/**
 * The second step of a sign-in (issue #16). After the right password, `afterPassword` decides:
 *
 * - a user with an active TOTP gets `{mfa: {token, metodos}}` and no session; POST
 *   /api/auth/login/mfa `{token, codigo}` (an authenticator code or a recovery code) then signs
 *   in exactly as a password sign-in does (sign-in-steps.ts);
 * - a user whose roles require a second factor (`roles.mfa_obligatorio`) and who has none gets
 *   `{mfa: {token, configurar: true}}`: that token, as bearer, may only enrol TOTP (mfa-service);
 *   the session starts when the first code activates it;
 * - anyone else signs in at once, as before.
 *
 * A token lives 5 minutes and takes 5 wrong codes; 10 consecutive failures of the user (over any
 * number of tokens) lock the second factor for 15 minutes and mail the user (mfa-common.ts). The
 * tokens live in the database, so any replica completes a step another one started.
 */
import {
  MESSAGES,
  ERROR_CODES,
  MFA_LIMITS,
  type LoginMfaRequest,
  type LoginMfaResponse,
  type MfaMetodo,
  type SignedInResponse,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { HttpError } from '../lib/http-errors';
import { insertAudit } from '../repositories/auditoria-repository';
import {
  countDesafioFailure,
  findDesafio,
  findSecondStep,
  issueDesafio,
  factorSummary,
  spendDesafio,
  type DesafioRow,
} from '../repositories/mfa-repository';
import { findCicloUsuario, type CicloUsuario } from '../repositories/usuarios-ciclo-repository';
import type { CicloMeta } from './ciclo-cuenta-common';
import { createMfaCommon, type MfaDeps } from './mfa-common';
import type { AuditInput } from './service-deps';
import { createSignInSteps } from './sign-in-steps';

/** 401 INVALID_CREDENTIALS: a wrong, replayed or expired code, or an unknown or spent token. */
function invalidCode(): HttpError {
  return new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
}

/** An audit writer for `u` acting from `ip`, in `tx` (no session exists yet). */
export function auditAs(tx: Db, u: CicloUsuario, ip: string, now: number) {
  return (entry: AuditInput) =>
    insertAudit(tx, { ...entry, actorId: u.id, actorEmail: u.email, ip, at: now });
}

/**
 * After the right password of user `usuarioId`: the second step to take, or null to sign in at
 * once (no factor and none required). Needs only the database and the clock, so the auth service
 * calls it without the encryption key.
 */
export async function afterPassword(
  deps: Pick<MfaDeps, 'db' | 'now'>,
  usuarioId: number,
): Promise<LoginMfaResponse | null> {
  const { db, now } = deps;
  const f = await factorSummary(db, usuarioId);
  const metodos: MfaMetodo[] = [];
  if (f.totp) {
    metodos.push('totp');
    if (f.recuperacion) metodos.push('recuperacion');
  }
  // A passkey is a factor too: the second step may be its ceremony (passkeys-login.ts).
  if (f.passkey) metodos.push('passkey');
  if (metodos.length === 0 && !f.requerido) return null;
  const configurar = metodos.length === 0;
  const token = await issueDesafio(db, {
    usuarioId,
    configurar,
    now: now(),
    ttlMs: MFA_LIMITS.challengeTtlMs,
  });
  return configurar ? { mfa: { token, configurar: true } } : { mfa: { token, metodos } };
}

/** The second step of sign-in over one database. */
export function createMfaLogin(deps: MfaDeps) {
  const { db, now, dialect } = deps;
  const common = createMfaCommon(deps);
  const steps = createSignInSteps(deps);

  return {
    afterPassword: (usuarioId: number) => afterPassword(deps, usuarioId),

    /**
     * POST /api/auth/login/mfa → `{token, user}`.
     * @throws HttpError 401 INVALID_CREDENTIALS for a wrong or replayed code (counted: the token
     *   is spent at 5, the user's second factor locked at 10 in a row) or an unknown, expired or
     *   spent token; 429 MFA_BLOQUEADO (Retry-After) while the second factor is locked.
     */
    async verify(body: LoginMfaRequest, meta: CicloMeta): Promise<SignedInResponse> {
      // One transaction from the token to the session, and the token's user, lock and TOTP in
      // one read: the issue's budget allows a TOTP sign-in 2 ms more than a password sign-in.
      const outcome = await db.transaction().execute(async (tx) => {
        const d = await findSecondStep(tx, body.token, now(), dialect);
        const u = d && (await findCicloUsuario(tx, d.usuarioId));
        if (!d || !u || !u.activo) return { ok: false as const };
        common.refuseLockedUntil(d.bloqueadoHasta);
        const check = await common.checkFactor(tx, u.id, body.codigo, d);
        await common.recordOutcome(tx, u, check, auditAs(tx, u, meta.ip, now()), d);
        if (!check.ok) {
          await countDesafioFailure(tx, d.id, MFA_LIMITS.challengeTries, now());
          return { ok: false as const, failed: true };
        }
        if (!(await spendDesafio(tx, d.id, now()))) return { ok: false as const };
        return { ok: true as const, usuarioId: u.id, ...(await steps.signInTx(tx, u, meta)) };
      });
      if (!outcome.ok) {
        // A failure may have locked the second factor and queued its mail.
        if (outcome.failed) deps.kickMail();
        throw invalidCode();
      }
      return steps.finish(outcome.usuarioId, outcome);
    },

    /**
     * The enrolment step behind a bearer token of `{mfa: {token, configurar: true}}`, or
     * undefined when `token` is no usable enrolment token (then it may be a session token).
     */
    findEnrolment: (token: string): Promise<DesafioRow | undefined> =>
      findDesafio(db, token, true, now(), dialect),

    /** Signs the user in after the enrolment step activated their first factor. */
    completeEnrolment: (usuarioId: number, meta: CicloMeta) =>
      steps.completeSignIn(usuarioId, meta),
  };
}

export type MfaLogin = ReturnType<typeof createMfaLogin>;
