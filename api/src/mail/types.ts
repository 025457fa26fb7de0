/**
 * What the rest of the api hands to the mail outbox (issue #15). A service writes a
 * `MailRequest` with `enqueueMail(trx, request)` inside the same transaction as the change that
 * causes it; the outbox worker renders the template in the recipient's locale (HTML and plain
 * text) and delivers it with retries. Links are absolute, built from `APP_URL` by the caller
 * with `appLink()`; never from the request's Host header.
 */
import type { Locale } from '@gestion/shared';

/** Every mail the product sends, with the data its template needs (all strings). */
export interface MailTemplates {
  /** Forgot password or admin-started reset: `link` = APP_URL/restablecer?token=…, valid 30 min. */
  'password-reset': { nombre: string; link: string };
  /** Notice: the password was changed or reset. */
  'password-changed': { nombre: string };
  /** Invitation of a user an admin created: `link` = APP_URL/invitacion?token=…, valid 72 h. */
  invitation: { nombre: string; link: string; invitadoPor: string };
  /** Registration while `verificacionEmail` is on: `link` = APP_URL/verificar?token=…, 24 h. */
  'email-verify': { nombre: string; link: string };
  /** Someone registered (or asked to move an account to) an address that already has an account. */
  'email-taken': { nombre: string; loginLink: string; recuperarLink: string };
  /** E-mail change: sent to the NEW address, `link` = APP_URL/confirmar-correo?token=…, 24 h. */
  'email-change-confirm': { nombre: string; link: string };
  /** E-mail change: notice sent to the OLD address. */
  'email-changed': { nombre: string; nuevoEmail: string };
  /** Notice: a sign-in from a device not seen before. */
  'new-device': { nombre: string; dispositivo: string; ip: string; fecha: string };
  /** Challenged sign-in: a six-digit `codigo`, valid 10 minutes. */
  'login-code': { nombre: string; codigo: string };
  /** Ajustes › Correo › "Enviar correo de prueba". */
  test: { nombre: string };
  /** Notice of a change of the user's second factor (issue #16); `motivo` of an admin's reset. */
  'mfa-changed': { nombre: string; cambio: MfaCambio; motivo?: string };
  /** Notice: 10 failed second factors locked the second factor for `minutos` (issue #16). */
  'mfa-locked': { nombre: string; minutos: string };
  /** A personal API token (`token`: its nombre) expires on `fecha` (issue #17), a week ahead. */
  'api-token-expiring': { nombre: string; token: string; fecha: string };
}

/** Which change of the second factor a `mfa-changed` notice tells (issue #16). */
export type MfaCambio =
  'activado' | 'eliminado' | 'codigos' | 'restablecido' | 'passkey_anadida' | 'passkey_eliminada';

export type MailTemplate = keyof MailTemplates;

/** One mail to send. `to` is a normalised e-mail; `locale` the recipient's stored locale. */
export type MailRequest = {
  [T in MailTemplate]: { to: string; locale: Locale; template: T; data: MailTemplates[T] };
}[MailTemplate];
