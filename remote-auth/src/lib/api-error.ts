/**
 * One place that reads a failed RTK Query call (STYLE.md: one error path). The api answers every
 * failure as `{statusCode, error, message, code?, details?}` with a Spanish `message`
 * (DESIGN.md §3); pages show that message, or their own default when the call never got an
 * answer (network down) or the body is not the api's shape.
 */
import { ApiError, isApiErrorBody, type ApiErrorBody, type ErrorDetail } from '@gestion/shared';
import { localizeApiError } from '@gestion/ui';

/** The api's error body carried by a failed call, when there is one. */
export function apiErrorBody(error: unknown): ApiErrorBody | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = error.data;
  return isApiErrorBody(data) ? data : undefined;
}

/** The HTTP status of a failed call; undefined when it never got an answer. */
export function apiErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = error.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's error in the reader's language (issue #14; `localizeApiError` of the kit: by its
 * catalogued text or its `code`, as sent for a Spanish reader), or undefined without a body.
 */
function localizedBody(error: unknown): ApiError | undefined {
  const body = apiErrorBody(error);
  if (!body) return undefined;
  const status = apiErrorStatus(error) ?? body.statusCode;
  return localizeApiError(new ApiError(status, body.message, body.code, body.details ?? []));
}

/** The server's message in the reader's language, else `fallback`. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return localizedBody(error)?.message || fallback;
}

/** The invalid fields the server named (`details`, messages in the reader's language), or none. */
export function apiErrorDetails(error: unknown): readonly ErrorDetail[] {
  return localizedBody(error)?.details ?? [];
}

/** True for the 409 a PATCH gets when its `version` is stale (DESIGN.md §3). */
export function isVersionConflict(error: unknown): boolean {
  const body = apiErrorBody(error);
  return apiErrorStatus(error) === 409 && (!body?.code || body.code === 'VERSION_CONFLICT');
}

/**
 * The one decision a form makes about a failed submit (STYLE.md: one place decides what the user
 * sees): each `details` entry naming a field the form has (`roles.1` counts as `roles`) goes
 * under that field through `setFieldError`. Returns true when every detail found its field, so
 * the caller shows nothing more; false (no details, or one the form cannot place) means "show
 * the error as before", a toast, so no message is lost and none is shown twice.
 */
export function applyFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setFieldError: (field: F, message: string) => void,
): boolean {
  const details = apiErrorDetails(error);
  const fieldOf = (d: ErrorDetail) =>
    fields.find((f) => d.field === f || d.field.split('.')[0] === f);
  if (details.length === 0 || details.some((d) => fieldOf(d) === undefined)) return false;
  for (const d of details) setFieldError(fieldOf(d)!, d.message);
  return true;
}
