/** How the second factor's answers are told apart by the pages that send a code. */
import { ERROR_CODES, MFA_ERROR_CODES } from '@gestion/shared';
import { readRawApiError } from '@gestion/ui';

/**
 * True when the api refused the code itself: 400 with a `codigo` detail (a signed-in
 * activation or step-up) or 401 INVALID_CREDENTIALS (the sign-in steps, whose answer is the same
 * for a wrong code and a spent or expired token — the pages count tries and time to tell).
 */
export function isWrongCode(error: unknown): boolean {
  const e = readRawApiError(error, '');
  return (
    e.code === ERROR_CODES.invalidCredentials ||
    (e.code === ERROR_CODES.validation && (e.details ?? []).some((d) => d.field === 'codigo'))
  );
}

/** True for 429 MFA_BLOQUEADO: 10 failed second factors in a row, locked 15 minutes. */
export function isMfaLocked(error: unknown): boolean {
  return readRawApiError(error, '').code === MFA_ERROR_CODES.locked;
}
