/**
 * The one reader of a failed api call (STYLE.md "one error path"). The api answers every failure
 * as `{statusCode, error, message, code?, details?}` with a Spanish `message` (DESIGN.md §3); RTK
 * Query hands that over as `{status, data}`. Everything the frontends decide about an error
 * starts from the `ApiError` of `@gestion/shared` this module makes of it.
 */
import { ApiError, ERROR_CODES, isApiErrorBody, type ErrorDetail } from '@gestion/shared';
import { localizeApiError } from './api-error-text';

/**
 * Whatever a failed call threw (`unwrap()`, a query's `error`) as an `ApiError`: the HTTP status
 * (0 when no answer came back), the server's message or `fallback`, its `code` and `details` —
 * message and details in the reader's language (api-error-text.ts; as sent for Spanish).
 */
export function readApiError(error: unknown, fallback: string): ApiError {
  return localizeApiError(readRawApiError(error, fallback));
}

/** `readApiError` without the translation: the api's own texts. */
export function readRawApiError(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError) return error;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    const httpStatus = typeof status === 'number' ? status : 0;
    if (isApiErrorBody(data)) {
      return new ApiError(httpStatus, data.message || fallback, data.code, data.details ?? []);
    }
    return new ApiError(httpStatus, fallback, undefined, []);
  }
  return new ApiError(0, fallback, undefined, []);
}

/** True for the 409 a PATCH gets when its `version` is stale (DESIGN.md §3). */
export function isVersionConflict(error: ApiError): boolean {
  return error.status === 409 && (!error.code || error.code === ERROR_CODES.versionConflict);
}

/**
 * The field a server detail names, as a form calls it: Fastify's validation reports `/nombre` or
 * `body/nombre`, the api's own rules plain `nombre`, and an item of a list `roles.1` (→ `roles`).
 */
export function detailField(detail: ErrorDetail): string {
  return detail.field
    .replace(/^\/?(body[./])?/, '')
    .replace(/^\//, '')
    .split(/[./]/)[0]!;
}

/** What a form shows for a failed submit: decided here, applied by `useServerForm`. */
export type FormErrorOutcome =
  /** A stale `version`: explain it, keep the user's input (the page refetches the record). */
  | { kind: 'conflict' }
  /** The record is gone or the answer says to go elsewhere: leave for `to`. */
  | { kind: 'redirect'; to: string }
  /**
   * Messages under the fields they name (several for one field joined), and `alert` above the
   * form for what no field can show (or undefined when the fields say everything).
   */
  | { kind: 'fields'; fieldErrors: ReadonlyMap<string, string>; alert?: string };

/** How `decideFormError` treats a form's failures beyond the defaults. */
export interface FormErrorPolicy {
  /** The form's fields: a detail naming another one goes to the alert. */
  fields: readonly string[];
  /**
   * Codes whose message is shown above the form even when every detail found its field (the
   * fields say which, the alert says why: a date change refused for the periods in the way).
   */
  explainCodes?: readonly string[];
  /** Where to go for an error the form cannot fix (e.g. the edited record was deleted: 404). */
  redirectOf?: (error: ApiError) => string | undefined;
}

/**
 * THE decision about a failed submit (issue #14: once, not in each dialog): a stale version is
 * a conflict; a redirect when the policy names one; otherwise each detail goes under the field
 * it names, and the message goes above the form when no detail came, when a detail names no
 * field of the form (its text joins the message, so nothing is lost), or for an `explainCodes`.
 */
export function decideFormError(error: ApiError, policy: FormErrorPolicy): FormErrorOutcome {
  if (isVersionConflict(error)) return { kind: 'conflict' };
  const to = policy.redirectOf?.(error);
  if (to) return { kind: 'redirect', to };
  const details = error.details ?? [];
  const fieldErrors = new Map<string, string>();
  const unmatched: string[] = [];
  for (const detail of details) {
    const field = detailField(detail);
    if (policy.fields.includes(field)) {
      const before = fieldErrors.get(field);
      fieldErrors.set(field, before ? `${before}. ${detail.message}` : detail.message);
    } else {
      unmatched.push(detail.message);
    }
  }
  const explain = error.code !== undefined && (policy.explainCodes ?? []).includes(error.code);
  const alert =
    details.length === 0 || unmatched.length > 0 || explain
      ? [error.message, ...unmatched].join(' ')
      : undefined;
  return { kind: 'fields', fieldErrors, alert };
}
