/**
 * A user's own second factor (issue #16, Mi cuenta › Seguridad): TOTP enrolment, activation and
 * removal, recovery codes, the state of it all, and step-up (POST /api/auth/reautenticar).
 *
 * Rules: the `{password}` calls check the password like POST /api/auth/password (the sign-in
 * lock-out counters) and, being a fresh entry of it, renew the session's step-up time; activation
 * with a session needs step-up (the enrolment call just before renews it). Every factor change
 * revokes the user's other sessions, mails the `mfa-changed` notice and is audited, in one
 * transaction. An enrolment token (`{mfa: {token, configurar: true}}`) enrols without a password
 * and the session starts at activation.
 */
import {
  MFA_LIMITS,
  type MfaEstado,
  type MfaMetodo,
  type ReautenticarRequest,
  type RecoveryCodesResponse,
  type TotpActivateResponse,
  type TotpEnrolResponse,
  ERROR_CODES,
  MESSAGES,
} from '@gestion/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../db/types';
import { HttpError, validationError } from '../lib/http-errors';
import { decryptSecret, encryptSecret } from '../lib/mfa-crypto';
import { matchTotpStep, newTotpSecret, totpUri } from '../lib/totp';
import {
  activateTotp,
  countDesafioFailure,
  countRecoveryCodes,
  deleteRecoveryCodes,
  deleteTotp,
  findTotp,
  markSessionReauthenticated,
  replaceRecoveryCodes,
  rolesRequireMfa,
  savePendingTotp,
  spendDesafio,
} from '../repositories/mfa-repository';
import { countPasskeys } from '../repositories/passkeys-repository';
import { findCicloUsuario, type CicloUsuario } from '../repositories/usuarios-ciclo-repository';
import type { CicloMeta } from './ciclo-cuenta-common';
import {
  createMfaCommon,
  MFA_AUDIT,
  mfaConflict,
  newRecoveryCodes,
  wrongCode,
  type MfaDeps,
} from './mfa-common';
import { auditAs, createMfaLogin } from './mfa-login';
import { createPasskeyStepUp } from './passkeys-step-up';
import type { SignedInCaller } from './service-deps';

/** Who acts on the factor: a signed-in session, or the enrolment step of a sign-in. */
export type MfaActor =
  | { kind: 'session'; caller: SignedInCaller; sesionId: number }
  | { kind: 'enrolment'; desafioId: number; usuarioId: number; meta: CicloMeta };

/** The caller's own second factor over one database. */
export function createMfaService(deps: MfaDeps) {
  const { db, now, hasher } = deps;
  const common = createMfaCommon(deps);
  const login = createMfaLogin(deps);
  const passkeyStepUp = createPasskeyStepUp(deps);

  async function mustUser(tx: Db, id: number): Promise<CicloUsuario> {
    const u = await findCicloUsuario(tx, id);
    if (!u) throw new Error(`user ${id} vanished inside its transaction`);
    return u;
  }

  /**
   * The fresh entry of the password (or a code) renews the session's step-up time — written only
   * once the call succeeds, so a refused call changes nothing.
   */
  const stepUpRenewed = (sesionId: number) => markSessionReauthenticated(db, sesionId, now());

  /** Revokes the other sessions, mails the notice and audits one factor change, in `tx`. */
  const factorChanged = common.factorChanged;

  return {
    /** GET /api/auth/mfa: the caller's factors (passkeys among them) and recovery codes left. */
    async status(usuarioId: number): Promise<MfaEstado> {
      const totp = await findTotp(db, usuarioId);
      const metodos: MfaMetodo[] = totp?.activo ? ['totp'] : [];
      if ((await countPasskeys(db, usuarioId)) > 0) metodos.push('passkey');
      return {
        metodos,
        totp: {
          activo: totp?.activo ?? false,
          pendiente: totp ? !totp.activo : false,
          activadoEn: totp?.activadoEn ? new Date(totp.activadoEn).toISOString() : null,
        },
        codigosRecuperacionRestantes: await countRecoveryCodes(db, usuarioId),
        obligatorio: await rolesRequireMfa(db, usuarioId),
      };
    },

    /**
     * POST /api/auth/mfa/totp: a new pending secret (replacing a pending one).
     * @throws 400 (field `password`: missing or wrong, with a session), 429 ACCOUNT_LOCKED,
     *   409 TOTP_YA_ACTIVO while an active TOTP exists.
     */
    async enrol(actor: MfaActor, password?: string): Promise<TotpEnrolResponse> {
      if (actor.kind === 'session') await common.checkPassword(actor.caller, password);
      const usuarioId = actor.kind === 'session' ? actor.caller.user.id : actor.usuarioId;
      const u = await mustUser(db, usuarioId);
      if ((await findTotp(db, usuarioId))?.activo) throw mfaConflict('totpActive');
      const secret = newTotpSecret();
      await savePendingTotp(db, usuarioId, encryptSecret(deps.mfaKey, usuarioId, secret), now());
      if (actor.kind === 'session') await stepUpRenewed(actor.sesionId);
      return { secret, otpauthUrl: totpUri(secret, u.email) };
    },

    /**
     * POST /api/auth/mfa/totp/activate: the first code of the pending secret activates it and
     * answers the 10 recovery codes (and, for the enrolment step, the new session).
     * @throws 403 REAUTENTICACION_REQUERIDA (a session without step-up); 409 TOTP_NO_PENDIENTE;
     *   400 (field `codigo`) for a wrong code with a session; 401 INVALID_CREDENTIALS for a wrong
     *   code of the enrolment step (5 spend its token) or a spent token.
     */
    async activate(actor: MfaActor, codigo: string): Promise<TotpActivateResponse> {
      if (actor.kind === 'session') await common.requireRecentAuth(actor.sesionId);
      const usuarioId = actor.kind === 'session' ? actor.caller.user.id : actor.usuarioId;
      const pending = await findTotp(db, usuarioId);
      if (!pending || pending.activo) throw mfaConflict('totpNotPending');
      const secret = decryptSecret(deps.mfaKey, usuarioId, pending.secreto);
      const paso = await matchTotpStep(secret, codigo, now());
      if (paso === null) {
        if (actor.kind === 'session') throw wrongCode();
        await countDesafioFailure(db, actor.desafioId, MFA_LIMITS.challengeTries, now());
        throw new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
      }
      // Hashed before the transaction: ten argon2id hashes should not hold it open.
      const codes = await newRecoveryCodes((c) => hasher.hash(c));
      const ip = actor.kind === 'session' ? actor.caller.ip : actor.meta.ip;
      const activated = await db.transaction().execute(async (tx) => {
        if (actor.kind === 'enrolment' && !(await spendDesafio(tx, actor.desafioId, now())))
          return false;
        if (!(await activateTotp(tx, usuarioId, paso, now()))) return false;
        await replaceRecoveryCodes(tx, usuarioId, codes.stored, now());
        const u = await mustUser(tx, usuarioId);
        const keep = actor.kind === 'session' ? actor.sesionId : null;
        await factorChanged(tx, u, ip, keep, MFA_AUDIT.totpEnrolled, 'activado');
        return true;
      });
      if (!activated) {
        if (actor.kind === 'session') throw mfaConflict('totpNotPending');
        throw new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
      }
      deps.kickMail();
      if (actor.kind === 'session') return { codigosRecuperacion: codes.shown };
      const signed = await login.completeEnrolment(usuarioId, actor.meta);
      return { codigosRecuperacion: codes.shown, ...signed };
    },

    /**
     * DELETE /api/auth/mfa/totp: removes TOTP and the recovery codes with it.
     * @throws 400 (field `password`), 429 ACCOUNT_LOCKED, 409 MFA_NO_CONFIGURADO.
     */
    async remove(caller: SignedInCaller, sesionId: number, password: string): Promise<void> {
      await common.checkPassword(caller, password);
      const removed = await db.transaction().execute(async (tx) => {
        if (!(await deleteTotp(tx, caller.user.id))) return false;
        await deleteRecoveryCodes(tx, caller.user.id);
        const u = await mustUser(tx, caller.user.id);
        await factorChanged(tx, u, caller.ip, sesionId, MFA_AUDIT.totpRemoved, 'eliminado');
        return true;
      });
      if (!removed) throw mfaConflict('notEnrolled');
      await stepUpRenewed(sesionId);
      deps.kickMail();
    },

    /**
     * POST /api/auth/mfa/recovery-codes: a new set of 10; the old set dies.
     * @throws 400 (field `password`), 429 ACCOUNT_LOCKED, 409 MFA_NO_CONFIGURADO.
     */
    async regenerate(
      caller: SignedInCaller,
      sesionId: number,
      password: string,
    ): Promise<RecoveryCodesResponse> {
      await common.checkPassword(caller, password);
      if (!(await findTotp(db, caller.user.id))?.activo) throw mfaConflict('notEnrolled');
      const codes = await newRecoveryCodes((c) => hasher.hash(c));
      await db.transaction().execute(async (tx) => {
        await replaceRecoveryCodes(tx, caller.user.id, codes.stored, now());
        const u = await mustUser(tx, caller.user.id);
        await factorChanged(tx, u, caller.ip, sesionId, MFA_AUDIT.recoveryRegenerated, 'codigos');
      });
      await stepUpRenewed(sesionId);
      deps.kickMail();
      return { codigosRecuperacion: codes.shown };
    },

    /**
     * POST /api/auth/reautenticar: the password, a second-factor code (counted and locked as
     * at sign-in) or a passkey's `respuesta` (passkeys-step-up.ts) renews the session's step-up
     * time.
     * @throws 400 VALIDATION_ERROR (not exactly one given; a wrong password, field `password`;
     *   a wrong code, field `codigo`), 400 PASSKEY_NO_VALIDA, 429 ACCOUNT_LOCKED or
     *   MFA_BLOQUEADO.
     */
    async reauthenticate(
      caller: SignedInCaller,
      sesionId: number,
      body: ReautenticarRequest,
    ): Promise<void> {
      const hasPassword = body.password !== undefined;
      const given = [body.password, body.codigo, body.respuesta].filter((v) => v !== undefined);
      if (given.length !== 1)
        throw validationError([{ field: 'password', message: MESSAGES.invalidCredentials }]);
      if (body.respuesta !== undefined) {
        const respuesta = body.respuesta as unknown as AuthenticationResponseJSON;
        await passkeyStepUp.reauthenticate(caller, sesionId, respuesta);
      } else if (hasPassword) {
        await common.checkPassword(caller, body.password);
        await stepUpRenewed(sesionId);
      } else {
        // Without a factor there is nothing a code could match: refused before anything is
        // counted.
        const totp = await findTotp(db, caller.user.id);
        if (!totp?.activo && (await countRecoveryCodes(db, caller.user.id)) === 0)
          throw mfaConflict('notEnrolled');
        const ok = await db.transaction().execute(async (tx) => {
          const u = await mustUser(tx, caller.user.id);
          await common.refuseWhileLocked(tx, u.id);
          const check = await common.checkFactor(tx, u.id, body.codigo!);
          await common.recordOutcome(tx, u, check, auditAs(tx, u, caller.ip, now()));
          if (check.ok) await markSessionReauthenticated(tx, sesionId, now());
          return check.ok;
        });
        deps.kickMail();
        if (!ok) throw wrongCode();
      }
      await deps.audit(caller, {
        accion: MFA_AUDIT.reauthenticated,
        objetivoTipo: 'sesion',
        objetivoId: sesionId,
        cambios: { metodo: body.respuesta ? 'passkey' : hasPassword ? 'password' : 'codigo' },
      });
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
