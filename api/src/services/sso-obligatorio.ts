/**
 * `obligatorio` providers (issue #18): users whose e-mail domain is in an active obligatorio
 * provider's `dominios` sign in only through it — POST /api/auth/login and the password reset
 * (forgot and reset) answer 403 SSO_OBLIGATORIO naming the provider.
 *
 * The decision reads only the e-mail's domain and the providers' public configuration, never
 * the account: so refusing before the password is checked (and on forgot, for any e-mail of the
 * domain) tells a caller nothing about which accounts exist (OWASP ASVS 5.0 V6.3.8), only that
 * the organisation signs in elsewhere — what its /login buttons say anyway.
 */
import { SSO_ERROR_CODES, ssoObligatorioMessage } from '@gestion/shared';
import type { Db } from '../db/types';
import { HttpError } from '../lib/http-errors';
import { obligatorioProveedores } from '../repositories/sso-repository';
import { jsonList } from './sso-common';

/** The domain of `email` (after the last `@`), lower-case; '' when none. */
export function dominioDe(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : '';
}

/** The active obligatorio provider owning `email`'s domain, or null. */
export async function ssoObligatorioPara(
  db: Db,
  email: string,
): Promise<{ id: number; nombre: string } | null> {
  const dominio = dominioDe(email);
  if (!dominio) return null;
  for (const p of await obligatorioProveedores(db))
    if (jsonList(p.dominios).includes(dominio)) return { id: p.id, nombre: p.nombre };
  return null;
}

/** 403 SSO_OBLIGATORIO for provider `p`, `details` carrying its id for the console's button. */
export function ssoObligatorioError(p: { id: number; nombre: string }): HttpError {
  const message = ssoObligatorioMessage(p.nombre);
  return new HttpError(403, SSO_ERROR_CODES.obligatorio, message, [
    { field: 'proveedorId', message: String(p.id) },
  ]);
}

/**
 * Refuses a password sign-in or reset for `email` when an obligatorio provider owns its domain.
 * @throws 403 SSO_OBLIGATORIO.
 */
export async function refuseIfSsoObligatorio(db: Db, email: string): Promise<void> {
  const p = await ssoObligatorioPara(db, email);
  if (p) throw ssoObligatorioError(p);
}
