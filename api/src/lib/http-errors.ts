/**
 * The one typed error the api throws (STYLE.md "one error path"): the error handler turns it
 * into `{statusCode, error, message, code, details}` (DESIGN.md §3), adding `headers`.
 */
import {
  API_MESSAGES,
  type ApiTokenErrorCode,
  ERROR_CODES,
  type ErrorCode,
  type ErrorDetail,
  type GrupoErrorCode,
  type MfaErrorCode,
  type PasskeyErrorCode,
  type ScimTokensErrorCode,
  type SsoErrorCode,
} from '@gestion/shared';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    /** ERROR_CODES, or MFA_ERROR_CODES (issue #16: kept apart for the shell's budget). */
    readonly code:
      | ErrorCode
      | MfaErrorCode
      | PasskeyErrorCode
      | GrupoErrorCode
      | ScimTokensErrorCode
      | ApiTokenErrorCode
      | SsoErrorCode,
    /** Spanish, shown to the user as is. */
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 VALIDATION_ERROR listing the invalid fields. */
export function validationError(details: ErrorDetail[]): HttpError {
  return new HttpError(400, ERROR_CODES.validation, API_MESSAGES.validation, details);
}

/** 401 UNAUTHENTICATED: no token, an unknown one, or an expired session. */
export function unauthenticated(): HttpError {
  return new HttpError(401, ERROR_CODES.unauthenticated, API_MESSAGES.unauthenticated);
}

/** 403 FORBIDDEN: signed in without the permission. */
export function forbidden(): HttpError {
  return new HttpError(403, ERROR_CODES.forbidden, API_MESSAGES.forbidden);
}

/** 404 NOT_FOUND. */
export function notFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, API_MESSAGES.notFound);
}

/** 429 with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(code: ErrorCode, message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, code, message, undefined, { 'retry-after': String(seconds) });
}

/** True for a unique-constraint violation from SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * SQLSTATEs of PostgreSQL's class 22 ("data exception") that a value taken from a request can
 * cause: a number out of the column's range (an id of 2^31 on an `integer` key), text the
 * column cannot hold (a NUL character), an impossible date. Found by the fuzz test (issue #7).
 */
const PG_BAD_VALUE = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * True when the database refused a value of the request itself (PostgreSQL class 22 above;
 * SQLite's datatype mismatch, e.g. an OFFSET beyond 2^63, or a value over its size limit): the
 * request is bad input, a 400, never a 500 (DESIGN.md §3).
 */
export function isBadValueForDatabase(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return (
    (typeof code === 'string' && PG_BAD_VALUE.has(code)) ||
    code === 'SQLITE_MISMATCH' ||
    code === 'SQLITE_TOOBIG'
  );
}
