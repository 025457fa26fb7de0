/**
 * What the second-factor services (issue #16) share: their deps, audit action names, recovery
 * codes (generation and argon2id hashing), the one check of a second-factor code (TOTP with its
 * once-per-step rule, or a recovery code), the failure counter with its 15-minute lock, the
 * notice mail, and step-up.
 */
import {
  ADMIN_MESSAGES,
  MFA_ERROR_CODES,
  MFA_LIMITS,
  MFA_MESSAGES,
  type MfaMetodo,
} from '@gestion/shared';
import { randomInt } from 'node:crypto';
import type { Db } from '../db/types';
import { HttpError, validationError } from '../lib/http-errors';
import { normalizeEmail } from '../lib/email';
import { lockoutKey } from '../lib/lockout-store';
import { decryptSecret } from '../lib/mfa-crypto';
import { looksLikeTotp, matchTotpStep, normaliseCode } from '../lib/totp';
import type { MfaCambio } from '../mail/types';
import { insertAudit } from '../repositories/auditoria-repository';
import {
  acceptTotpStep,
  countRecoveryCodes,
  deleteOtherSesiones,
  findRecoveryCodes,
  findTotp,
  lockedUntil,
  recordMfaFailure,
  clearMfaFailures,
  sessionAuthenticatedAt,
  spendRecoveryCode,
  voidDesafios,
  type TotpRow,
} from '../repositories/mfa-repository';
import type { CicloUsuario } from '../repositories/usuarios-ciclo-repository';
import { localeOf, mailer, type CicloDeps } from './ciclo-cuenta-common';
import { createPasswordAttempts } from './password-attempts';
import type { AuditInput, SignedInCaller } from './service-deps';

/** The lifecycle deps plus the AES-256-GCM key of the stored TOTP secrets. */
export interface MfaDeps extends CicloDeps {
  mfaKey: Buffer;
}

/** Audit actions of the second factor (`auditoria.accion`). */
export const MFA_AUDIT = {
  totpEnrolled: 'mfa.totp_activado',
  totpRemoved: 'mfa.totp_eliminado',
  recoveryRegenerated: 'mfa.codigos_regenerados',
  /** `cambios.restantes`: unused recovery codes after this one. */
  recoveryUsed: 'mfa.codigo_recuperacion_usado',
  /** `cambios`: metodo, fallosConsecutivos (and `bloqueado` when this one set the lock). */
  failed: 'mfa.verificacion_fallida',
  locked: 'mfa.bloqueo',
  reset: 'mfa.restablecido',
  reauthenticated: 'auth.reautenticacion',
  /** A wrong password on a second-factor call or POST /api/auth/reautenticar. */
  passwordFailed: 'mfa.contrasena_fallida',
  passkeyAdded: 'mfa.passkey_anadida',
  passkeyRemoved: 'mfa.passkey_eliminada',
  passkeyRenamed: 'mfa.passkey_renombrada',
  /** A passkey sign-in without password refused (`cambios.motivo`); not counted for the lock. */
  passkeyRefused: 'mfa.passkey_rechazada',
} as const;

/** Letters and digits without look-alikes (no l, o, 0, 1): 32 symbols, 5 bits each. */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Characters of a recovery code: 12 × 5 = 60 bits. */
const CODE_LENGTH = 12;
/** The plain prefix that finds a code's row (not a secret: the hash covers the whole code). */
const SELECTOR_LENGTH = 4;

/** A recovery code as typed: lowercase, spaces and dashes removed. */
export function normaliseRecoveryCode(codigo: string): string {
  return normaliseCode(codigo).toLowerCase();
}

/**
 * A new set of MFA_LIMITS.recoveryCodes codes, shown as `xxxx-xxxx-xxxx`, with distinct
 * selectors, and what to store for each (selector, argon2id hash of the normalised code).
 */
export async function newRecoveryCodes(
  hash: (code: string) => Promise<string>,
): Promise<{ shown: string[]; stored: { selector: string; hash: string }[] }> {
  const plain: string[] = [];
  const selectors = new Set<string>();
  while (plain.length < MFA_LIMITS.recoveryCodes) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    const selector = code.slice(0, SELECTOR_LENGTH);
    if (selectors.has(selector)) continue;
    selectors.add(selector);
    plain.push(code);
  }
  const stored = await Promise.all(
    plain.map(async (c) => ({ selector: c.slice(0, SELECTOR_LENGTH), hash: await hash(c) })),
  );
  return { shown: plain.map((c) => c.match(/.{4}/g)!.join('-')), stored };
}

/** 403 REAUTENTICACION_REQUERIDA (step-up). */
export function reauthRequired(): HttpError {
  return new HttpError(403, MFA_ERROR_CODES.reauthRequired, MFA_MESSAGES.reauthRequired);
}

/** 409 with one of the MFA codes. */
export function mfaConflict(code: 'totpActive' | 'totpNotPending' | 'notEnrolled'): HttpError {
  return new HttpError(409, MFA_ERROR_CODES[code], MFA_MESSAGES[code]);
}

/** 400 VALIDATION_ERROR on `codigo`: a wrong code where the caller already holds a session. */
export function wrongCode(): HttpError {
  return validationError([{ field: 'codigo', message: MFA_MESSAGES.wrongCode }]);
}

/** The outcome of one second-factor check. */
export type FactorCheck =
  { ok: true; metodo: MfaMetodo; restantes?: number } | { ok: false; metodo: MfaMetodo };

/** The helpers of the second-factor services over their deps. */
export function createMfaCommon(deps: MfaDeps) {
  const { now, hasher } = deps;
  const mail = mailer(deps);
  const attempts = createPasswordAttempts(deps);
  const notice = (tx: Db, u: CicloUsuario, cambio: MfaCambio, motivo?: string) =>
    mail.send(tx, {
      to: u.email,
      locale: localeOf(u.idioma),
      template: 'mfa-changed',
      data: { nombre: u.nombre, cambio, ...(motivo ? { motivo } : {}) },
    });

  /**
   * One change of the user's factors, in `tx`: revokes their other sessions (all but
   * `keepSesion`; null: all), voids their pending second steps, writes the `mfa-changed` notice
   * and audits `accion` as done by the user from `ip`.
   */
  const factorChanged = async (
    tx: Db,
    u: CicloUsuario,
    ip: string,
    keepSesion: number | null,
    accion: string,
    cambio: MfaCambio,
    cambios: Record<string, unknown> = {},
  ): Promise<void> => {
    const sesionesRevocadas = await deleteOtherSesiones(tx, u.id, keepSesion);
    await voidDesafios(tx, u.id, now());
    await notice(tx, u, cambio);
    await insertAudit(tx, {
      actorId: u.id,
      actorEmail: u.email,
      accion,
      objetivoTipo: 'usuario',
      objetivoId: u.id,
      cambios: { ...cambios, sesionesRevocadas },
      ip,
      at: now(),
    });
  };

  /** Throws 429 MFA_BLOQUEADO (Retry-After, seconds) when `until` (epoch ms) is set. */
  const refuseLockedUntil = (until: number | null): void => {
    if (until === null) return;
    throw new HttpError(429, MFA_ERROR_CODES.locked, MFA_MESSAGES.locked, undefined, {
      'retry-after': String(Math.max(1, Math.ceil((until - now()) / 1000))),
    });
  };

  return {
    mail,

    /**
     * Checks a second-factor code in `tx`: six digits against the active TOTP (steps T−1..T+1,
     * each step once per user, atomically), anything else against the unused recovery codes
     * (spent on use). Writes nothing else; the caller counts failures.
     */
    async checkFactor(
      tx: Db,
      usuarioId: number,
      codigo: string,
      preloaded?: { totp: TotpRow | undefined },
    ): Promise<FactorCheck> {
      if (looksLikeTotp(codigo)) {
        // The sign-in's code step read the row with its token already (findSecondStep).
        const totp = preloaded ? preloaded.totp : await findTotp(tx, usuarioId);
        if (!totp?.activo) return { ok: false, metodo: 'totp' };
        const secret = decryptSecret(deps.mfaKey, usuarioId, totp.secreto);
        const paso = await matchTotpStep(secret, codigo, now());
        // A replayed step (or an earlier one) is refused by the conditional UPDATE.
        const ok = paso !== null && (await acceptTotpStep(tx, usuarioId, paso));
        return { ok, metodo: 'totp' };
      }
      const code = normaliseRecoveryCode(codigo);
      for (const row of await findRecoveryCodes(tx, usuarioId, code.slice(0, SELECTOR_LENGTH))) {
        if ((await hasher.verify(row.hash, code)) && (await spendRecoveryCode(tx, row.id, now())))
          return {
            ok: true,
            metodo: 'recuperacion',
            restantes: await countRecoveryCodes(tx, usuarioId),
          };
      }
      return { ok: false, metodo: 'recuperacion' };
    },

    /**
     * 429 MFA_BLOQUEADO with Retry-After while the user's second factor is locked.
     */
    async refuseWhileLocked(tx: Db, usuarioId: number): Promise<void> {
      refuseLockedUntil(await lockedUntil(tx, usuarioId, now()));
    },

    /** `refuseWhileLocked` for a lock already read (findSecondStep): epoch ms, or null. */
    refuseLockedUntil,

    /**
     * Records the outcome of a check in `tx`: a success clears the failure count (and audits a
     * used recovery code with how many are left); a failure is counted and audited, and the
     * tenth in a row locks the second factor for 15 minutes and mails the user.
     * @param audit writes one row for the user (the caller knows actor and address).
     */
    async recordOutcome(
      tx: Db,
      u: CicloUsuario,
      check: FactorCheck,
      audit: (entry: AuditInput) => Promise<void>,
      known?: { conFallos: boolean },
    ): Promise<void> {
      if (check.ok) {
        // Skipped when the caller read that no counter exists (the common sign-in).
        if (known?.conFallos !== false) await clearMfaFailures(tx, u.id);
        if (check.metodo === 'recuperacion')
          await audit({
            accion: MFA_AUDIT.recoveryUsed,
            objetivoTipo: 'usuario',
            objetivoId: u.id,
            cambios: { restantes: check.restantes },
          });
        return;
      }
      const r = await recordMfaFailure(tx, u.id, {
        now: now(),
        lockAt: MFA_LIMITS.lockFailures,
        lockMs: MFA_LIMITS.lockMs,
      });
      await audit({
        accion: MFA_AUDIT.failed,
        objetivoTipo: 'usuario',
        objetivoId: u.id,
        cambios: { metodo: check.metodo, fallosConsecutivos: r.fallos },
      });
      if (!r.bloqueado) return;
      await audit({
        accion: MFA_AUDIT.locked,
        objetivoTipo: 'usuario',
        objetivoId: u.id,
        cambios: { minutos: MFA_LIMITS.lockMs / 60_000 },
      });
      await mail.send(tx, {
        to: u.email,
        locale: localeOf(u.idioma),
        template: 'mfa-locked',
        data: { nombre: u.nombre, minutos: String(MFA_LIMITS.lockMs / 60_000) },
      });
    },

    /** Writes the `mfa-changed` notice to the user in `tx`. */
    notice,

    factorChanged,

    /**
     * Checks the caller's password like POST /api/auth/password does (the sign-in lock-out
     * counters, the failure audited).
     * @throws HttpError 429 ACCOUNT_LOCKED; 400 VALIDATION_ERROR (field `password`) when wrong.
     */
    async checkPassword(caller: SignedInCaller, password: string | undefined): Promise<void> {
      const { user } = caller;
      if (password === undefined)
        throw validationError([
          { field: 'password', message: ADMIN_MESSAGES.wrongCurrentPassword },
        ]);
      const key = lockoutKey(normalizeEmail(user.email), caller.ip);
      await attempts.refuseWhileLocked(key);
      const row = await deps.db
        .selectFrom('usuarios')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirst();
      if (!row || !(await hasher.verify(row.password_hash, password))) {
        await attempts.recordFailure(
          key,
          MFA_AUDIT.passwordFailed,
          'contrasena_incorrecta',
          (accion, cambios) =>
            deps.audit(caller, { accion, objetivoTipo: 'usuario', objetivoId: user.id, cambios }),
        );
        throw validationError([
          { field: 'password', message: ADMIN_MESSAGES.wrongCurrentPassword },
        ]);
      }
      await attempts.succeeded(key);
    },

    /**
     * Step-up: the password or a factor must have been entered in session `sesionId` within
     * MFA_LIMITS.stepUpMs (sign-in counts, POST /api/auth/reautenticar renews it).
     * @throws HttpError 403 REAUTENTICACION_REQUERIDA otherwise.
     */
    async requireRecentAuth(sesionId: number): Promise<void> {
      const at = await sessionAuthenticatedAt(deps.db, sesionId);
      if (at === undefined || now() - at > MFA_LIMITS.stepUpMs) throw reauthRequired();
    },
  };
}

export type MfaCommon = ReturnType<typeof createMfaCommon>;
