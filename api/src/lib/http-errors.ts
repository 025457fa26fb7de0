/**
 * The one typed error the api throws (STYLE.md "one error path"): the error handler turns it
 * into `{statusCode, error, message, code, details}` (DESIGN.md §3), adding `headers`.
 */
import { API_MESSAGES, ERROR_CODES, type ErrorCode, type ErrorDetail } from '@gestion/shared';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
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
