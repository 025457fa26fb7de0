/**
 * TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps) through otplib 13 (issue #16). Only
 * the matching lives here; "a step is accepted once per user" is the repository's conditional
 * UPDATE on `mfa_totp.ultimo_paso` (mfa-repository.ts), since only the database can decide
 * between two replicas.
 */
import { MFA_LIMITS } from '@gestion/shared';
import { generateSecret, generateURI, verify } from 'otplib';

/** The issuer shown by authenticator apps beside the account. */
export const TOTP_ISSUER = 'Gestión de usuarios';

/** Six digits, nothing else: what an authenticator shows (spaces are stripped before). */
const SIX_DIGITS = /^\d{6}$/;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/<issuer>:<email>?secret=…&issuer=…` URL an app reads from a QR. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** `codigo` as typed, spaces and dashes removed (apps show `123 456`). */
export function normaliseCode(codigo: string): string {
  return codigo.replace(/[\s-]/g, '');
}

/** Whether `codigo` (normalised) has the shape of a TOTP code rather than a recovery code. */
export function looksLikeTotp(codigo: string): boolean {
  return SIX_DIGITS.test(normaliseCode(codigo));
}

/**
 * The RFC 6238 time step `codigo` belongs to, among T−1, T and T+1 around `nowMs` (one step of
 * drift either way, as the issue requires); null when it matches none.
 * @param nowMs the app's clock, epoch ms (tests move it).
 */
export async function matchTotpStep(
  secret: string,
  codigo: string,
  nowMs: number,
): Promise<number | null> {
  const token = normaliseCode(codigo);
  if (!SIX_DIGITS.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(nowMs / 1000),
    period: MFA_LIMITS.totpPeriodS,
    // Seconds either side: the window then spans exactly the steps T−1..T+1.
    epochTolerance: MFA_LIMITS.totpPeriodS,
  });
  // The TOTP member of otplib's result union carries the step (`delta` alone would not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
