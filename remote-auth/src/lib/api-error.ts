/**
 * One place that reads a failed RTK Query call (STYLE.md: one error path). The api answers every
 * failure as `{statusCode, error, message, code?, details?}` with a Spanish `message`
 * (DESIGN.md §3); pages show that message, or their own default when the call never got an
 * answer (network down) or the body is not the api's shape.
 */
import { isApiErrorBody, type ApiErrorBody, type ErrorDetail } from '@gestion/shared';

/** The api's error body carried by a failed call, when there is one. */
export function apiErrorBody(error: unknown): ApiErrorBody | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error).data;
  return isApiErrorBody(data) ? data : undefined;
}

/** The HTTP status of a failed call; undefined when it never got an answer. */
export function apiErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = (error).status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's Spanish message, else `fallback`. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return apiErrorBody(error)?.message || fallback;
}

/** The invalid fields the server named (`details`), empty when none. */
export function apiErrorDetails(error: unknown): readonly ErrorDetail[] {
  return apiErrorBody(error)?.details ?? [];
}

/** True for the 409 a PATCH gets when its `version` is stale (DESIGN.md §3). */
export function isVersionConflict(error: unknown): boolean {
  const body = apiErrorBody(error);
  return apiErrorStatus(error) === 409 && (!body?.code || body.code === 'VERSION_CONFLICT');
}
