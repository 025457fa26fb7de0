/**
 * What the account-lifecycle services (issue #15) share: their dependencies, the audit action
 * names, the single refusal for a bad token, the mail helper and the temporary-password
 * generator. Rules from OWASP ASVS 5.0 V6 and the OWASP Forgot Password Cheat Sheet.
 */
import { ERROR_CODES, LOCALES, type Locale, LIFECYCLE_MESSAGES } from '@gestion/shared';
import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../db/types';
import { HttpError } from '../lib/http-errors';
import type { LockoutStore } from '../lib/lockout-store';
import type { PasswordHasher } from '../lib/passwords';
import { appLink, enqueueMail } from '../mail/outbox';
import type { MailRequest } from '../mail/types';
import { hashToken, insertSesion, newToken } from '../repositories/sesiones-repository';
import type { ServiceDeps } from './service-deps';

/** What every lifecycle service is built from (no Fastify types: STYLE.md). */
export interface CicloDeps extends ServiceDeps {
  hasher: PasswordHasher;
  lockout: LockoutStore;
  /** `APP_URL`: base of every link (never the request's Host header). */
  appUrl: string;
  /** Whether a real mailer is configured (`SMTP_URL`). */
  mailerConfigured: boolean;
  /** Absolute session lifetime, ms. */
  sessionMaxMs: number;
  /** Asks the outbox worker to deliver now instead of at its next poll (after a commit). */
  kickMail: () => void;
  warn: (obj: object, msg: string) => void;
}

/** Audit actions of the lifecycle flows (`auditoria.accion`). */
export const CICLO_AUDIT = {
  forgot: 'auth.recuperacion_solicitada',
  reset: 'auth.password_restablecida',
  resetFailed: 'auth.restablecimiento_fallido',
  adminReset: 'usuarios.restablecer_password',
  invite: 'usuarios.invitar',
  inviteResent: 'usuarios.invitacion_reenviada',
  inviteRevoked: 'usuarios.invitacion_revocada',
  inviteAccepted: 'auth.invitacion_aceptada',
  registerPending: 'auth.registro_pendiente',
  registerTaken: 'auth.registro_correo_existente',
  verified: 'auth.correo_verificado',
  verifyResent: 'auth.verificacion_reenviada',
  emailChangeRequested: 'cuenta.cambio_email_solicitado',
  /** A wrong password in POST /api/auth/email (counted like sign-in). */
  emailChangeFailed: 'cuenta.cambio_email_fallido',
  emailChanged: 'cuenta.cambio_email',
  loginChallenge: 'auth.login_verificacion',
  loginCodeFailed: 'auth.login_codigo_fallido',
  emailNotVerified: 'auth.login_correo_no_verificado',
  newDevice: 'auth.dispositivo_nuevo',
} as const;

/** 400 TOKEN_INVALIDO: a used, expired or unknown token, one answer for all three. */
export function tokenInvalid(): HttpError {
  return new HttpError(400, ERROR_CODES.tokenInvalid, LIFECYCLE_MESSAGES.tokenInvalid);
}

/** A stored `idioma` as a supported locale (anything else: the default, `es`). */
export function localeOf(idioma: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(idioma ?? '') ? (idioma as Locale) : LOCALES[0];
}

/**
 * The preferred supported locale of an `Accept-Language` header (`en-GB,en;q=0.9` → `en`),
 * or undefined when it names none we have.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 200)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 };
    })
    .filter((x) => Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked
    .map((r) => r.lang)
    .find((l): l is Locale => (LOCALES as readonly string[]).includes(l));
}

/** Creates the mail helpers of one service over its deps. */
export function mailer(deps: Pick<CicloDeps, 'appUrl' | 'now'>) {
  return {
    /** `APP_URL + page + ?token=…`. */
    link: (page: string, token: string) => appLink({ appUrl: deps.appUrl }, page, token),
    /** The page link without a token (`/login`, `/recuperar`). */
    page: (page: string) => `${deps.appUrl}${page}`,
    /** Writes the mail in `tx`: it leaves only if the change commits. */
    send: (tx: Db, request: MailRequest) => enqueueMail(tx, request, deps.now()),
  };
}

/** Letters and digits of a temporary password without the look-alikes O 0 l 1 I (issue #15). */
const UNAMBIGUOUS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A temporary password an admin hands over: 16 characters of UNAMBIGUOUS (about 93 bits),
 * always with a capital, a small letter and a digit. The account must change it at its first
 * sign-in (ASVS 6.4.6).
 */
export function generateTemporaryPassword(length = 16): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += UNAMBIGUOUS[randomInt(UNAMBIGUOUS.length)];
    if (/[A-Z]/.test(out) && /[a-z]/.test(out) && /[2-9]/.test(out)) return out;
  }
}

/** A six-digit code of a challenged sign-in, uniformly drawn. */
export function generateLoginCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Hex SHA-256 (stored code digests, device fingerprints). */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * What a person can read of a User-Agent for the new-device notice ("Firefox en Linux"): the
 * header itself, cut to 120 characters, is honest and enough.
 */
export function deviceLabel(userAgent: string | null): string {
  return (userAgent ?? 'desconocido').slice(0, 120);
}

/**
 * The password hash of an account that has none yet (a pending invitation): not a PHC string,
 * so it never verifies; sign-in treats such an account as unknown before even trying.
 */
export const NO_PASSWORD_HASH = '!invitacion-pendiente';

/** Who is calling, for sessions and the audit log. */
export interface CicloMeta {
  ip: string;
  userAgent: string | null;
}

/**
 * Opens a session for the user in `tx` (the same shape auth-service opens): the opaque token is
 * returned once, only its SHA-256 is stored.
 */
export async function openSession(
  tx: Db,
  deps: Pick<CicloDeps, 'now' | 'sessionMaxMs'>,
  usuarioId: number,
  meta: CicloMeta,
): Promise<string> {
  const token = newToken();
  await insertSesion(tx, {
    usuarioId,
    tokenHash: hashToken(token),
    now: deps.now(),
    maxMs: deps.sessionMaxMs,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return token;
}
