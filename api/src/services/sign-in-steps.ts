/**
 * The steps of a sign-in after the password was found right (issue #15):
 *
 * - `completeSignIn`: opens the session, records the device and, when the User-Agent was never
 *   seen for this user (and it is not the account's very first sign-in), writes the
 *   `new-device` notice in the same transaction.
 * - The challenged sign-in ("sign-in under attack"): once the account has ACCOUNT_CEILING
 *   failures in its window, a right password from an address that has not failed gets a
 *   six-digit code by mail (`login-code`, 10 minutes, LOGIN_CODE_TRIES tries, single use) and
 *   `{verificacion: {token}}` instead of a session; POST /api/auth/login/verify with the token
 *   and the code signs in. So neither is the owner locked out nor a distributed guess free
 *   (OWASP ASVS 5.0 V6.3.1).
 */
import {
  ERROR_CODES,
  LIFECYCLE_TTL_MS,
  MESSAGES,
  type LoginChallengeResponse,
  type LoginVerifyRequest,
  type SignedInResponse,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/types';
import { HttpError } from '../lib/http-errors';
import { getAjuste } from '../repositories/ajustes-repository';
import { AUDIT_ACTIONS, insertAudit } from '../repositories/auditoria-repository';
import {
  countWrongCode,
  findUsableToken,
  issueToken,
  recordDevice,
  spendToken,
  TOKEN_TIPOS,
} from '../repositories/tokens-cuenta-repository';
import { findUserWithRoles, touchLastAccess } from '../repositories/usuarios-repository';
import { findCicloUsuario, type CicloUsuario } from '../repositories/usuarios-ciclo-repository';
import {
  CICLO_AUDIT,
  deviceLabel,
  generateLoginCode,
  localeOf,
  mailer,
  openSession,
  sha256,
  type CicloDeps,
  type CicloMeta,
} from './ciclo-cuenta-common';

/** Wrong codes a challenge token takes before it is spent. */
export const LOGIN_CODE_TRIES = 5;

/** 401 INVALID_CREDENTIALS: a wrong, expired, spent or unknown challenge. */
function invalidCode(): HttpError {
  return new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
}

/** 403 EMAIL_NO_VERIFICADO (issue #15): the right password, the e-mail not yet verified. */
export function emailNotVerified(): HttpError {
  return new HttpError(403, ERROR_CODES.emailNotVerified, LIFECYCLE_MESSAGES.emailNotVerified);
}

/**
 * The e-mail gate of every sign-in (issue #15): while `verificacionEmail` is on, an account whose
 * e-mail is not verified is audited (`CICLO_AUDIT.emailNotVerified`) and refused. Called only
 * once the password or passkey proved right, so the 403 tells nothing to a guesser.
 * @throws 403 EMAIL_NO_VERIFICADO.
 */
export async function refuseUnverifiedEmail(
  db: Db,
  u: { id: number; email: string; emailVerificado: boolean },
  ip: string,
  at: number,
): Promise<void> {
  if (u.emailVerificado || !(await getAjuste(db, 'verificacion_email'))) return;
  await insertAudit(db, {
    actorId: u.id,
    actorEmail: u.email,
    accion: CICLO_AUDIT.emailNotVerified,
    objetivoTipo: 'usuario',
    objetivoId: u.id,
    ip,
    at,
  });
  throw emailNotVerified();
}

type Deps = Pick<CicloDeps, 'db' | 'dialect' | 'now' | 'appUrl' | 'sessionMaxMs' | 'kickMail'>;

/** The sign-in steps over one database. */
export function createSignInSteps(deps: Deps) {
  const { db, now, dialect } = deps;
  const mail = mailer(deps);

  /** Session, last access, device (+ notice) and the `auth.login` audit row, in `tx`. */
  async function signInTx(tx: Db, u: CicloUsuario, meta: CicloMeta, via?: string) {
    const token = await openSession(tx, deps, u.id, meta);
    await touchLastAccess(tx, u.id, now());
    const device = await recordDevice(tx, u.id, sha256(meta.userAgent ?? ''), now());
    const notify = device.nuevo && !device.primero;
    if (notify) {
      await mail.send(tx, {
        to: u.email,
        locale: localeOf(u.idioma),
        template: 'new-device',
        data: {
          nombre: u.nombre,
          dispositivo: deviceLabel(meta.userAgent),
          ip: meta.ip,
          fecha: new Date(now()).toISOString(),
        },
      });
    }
    await insertAudit(tx, {
      actorId: u.id,
      actorEmail: u.email,
      accion: AUDIT_ACTIONS.login,
      objetivoTipo: 'usuario',
      objetivoId: u.id,
      cambios:
        notify || via
          ? { ...(notify ? { dispositivoNuevo: true } : {}), ...(via ? { via } : {}) }
          : undefined,
      ip: meta.ip,
      at: now(),
    });
    return { token, notify };
  }

  async function signedIn(usuarioId: number, token: string): Promise<SignedInResponse> {
    const user = await findUserWithRoles(db, usuarioId);
    if (!user) throw new Error(`user ${usuarioId} vanished right after it signed in`);
    return { token, user };
  }

  return {
    /**
     * Signs `usuarioId` in (the password was right, or a passkey stood for both factors);
     * `via` is audited with the sign-in (`passkey`).
     */
    async completeSignIn(
      usuarioId: number,
      meta: CicloMeta,
      via?: string,
    ): Promise<SignedInResponse> {
      const { token, notify } = await db.transaction().execute(async (tx) => {
        const u = await findCicloUsuario(tx, usuarioId);
        if (!u) throw new Error(`user ${usuarioId} vanished while signing in`);
        return signInTx(tx, u, meta, via);
      });
      if (notify) deps.kickMail();
      return signedIn(usuarioId, token);
    },

    /**
     * `completeSignIn` inside a transaction the caller already holds, for a second step that
     * decided in it (mfa-login.ts): one transaction instead of two. Call `finish` after commit.
     */
    signInTx,

    /** After `signInTx` committed: kicks the mail worker for a notice, reads the user back. */
    async finish(
      usuarioId: number,
      s: { token: string; notify: boolean },
    ): Promise<SignedInResponse> {
      if (s.notify) deps.kickMail();
      return signedIn(usuarioId, s.token);
    },

    /** Mails a code and answers `{verificacion: {token}}` instead of a session. */
    async challenge(usuarioId: number, meta: CicloMeta): Promise<LoginChallengeResponse> {
      const token = await db.transaction().execute(async (tx) => {
        const u = await findCicloUsuario(tx, usuarioId);
        if (!u) throw new Error(`user ${usuarioId} vanished while signing in`);
        const codigo = generateLoginCode();
        const t = await issueToken(tx, {
          usuarioId,
          tipo: TOKEN_TIPOS.login,
          ttlMs: LIFECYCLE_TTL_MS.loginCode,
          now: now(),
          dato: sha256(`${usuarioId}:${codigo}`),
        });
        await mail.send(tx, {
          to: u.email,
          locale: localeOf(u.idioma),
          template: 'login-code',
          data: { nombre: u.nombre, codigo },
        });
        await insertAudit(tx, {
          actorId: u.id,
          actorEmail: u.email,
          accion: CICLO_AUDIT.loginChallenge,
          objetivoTipo: 'usuario',
          objetivoId: u.id,
          ip: meta.ip,
          at: now(),
        });
        return t;
      });
      deps.kickMail();
      return { verificacion: { token } };
    },

    /**
     * POST /api/auth/login/verify → `{token, user}`.
     * @throws HttpError 401 INVALID_CREDENTIALS for a wrong code (counted; the token is spent
     *   at LOGIN_CODE_TRIES) or an expired, spent or unknown token.
     */
    async verifyCode(body: LoginVerifyRequest, meta: CicloMeta): Promise<SignedInResponse> {
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await findUsableToken(tx, body.token, TOKEN_TIPOS.login, now(), dialect);
        const u = row && (await findCicloUsuario(tx, row.usuarioId));
        if (!row || !u || !u.activo) return { ok: false as const };
        const expected = Buffer.from(row.dato ?? '', 'hex');
        const given = Buffer.from(sha256(`${u.id}:${body.codigo.trim()}`), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          const tries = await countWrongCode(tx, row.id);
          if (tries >= LOGIN_CODE_TRIES) await spendToken(tx, row.id, now());
          await insertAudit(tx, {
            actorId: u.id,
            actorEmail: u.email,
            accion: CICLO_AUDIT.loginCodeFailed,
            objetivoTipo: 'usuario',
            objetivoId: u.id,
            cambios: { intentos: tries },
            ip: meta.ip,
            at: now(),
          });
          return { ok: false as const };
        }
        if (!(await spendToken(tx, row.id, now()))) return { ok: false as const };
        const s = await signInTx(tx, u, meta, 'codigo');
        return { ok: true as const, usuarioId: u.id, ...s };
      });
      if (!outcome.ok) throw invalidCode();
      if (outcome.notify) deps.kickMail();
      return signedIn(outcome.usuarioId, outcome.token);
    },
  };
}

export type SignInSteps = ReturnType<typeof createSignInSteps>;
