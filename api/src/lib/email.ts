/**
 * E-mail handling (issue #2): addresses are trimmed and lowercased before they are compared or
 * stored, so `  Ana@Example.org ` and `ana@example.org` are one account.
 */
import { EMAIL_MAX_LENGTH } from '@gestion/shared';

/**
 * A pragmatic address check (the WHATWG `input[type=email]` rule): a local part of the usual
 * characters, `@`, and dot-separated DNS labels. `admin@localhost` is allowed on purpose (the
 * default first administrator).
 */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Trimmed and lowercased: the form every lookup and every stored row uses. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for a normalised address of at most 254 characters (RFC 5321) matching the pattern. */
export function isValidEmail(normalized: string): boolean {
  return normalized.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(normalized);
}
