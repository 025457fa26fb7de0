/**
 * One place that reads a failed RTK Query call (STYLE.md "one error path"): the api answers
 * `{statusCode, error, message, code?, details?}` with a Spanish `message`; pages decide whether
 * it goes on a field (`details`), in the dialog (409) or in a toast.
 */
import { isApiErrorBody, type ErrorDetail } from '@gestion/shared';

export interface ReadError {
  /** HTTP status; 0 when the network failed before any answer. */
  status: number;
  /** The server's Spanish message, or `fallback`. */
  message: string;
  code?: string;
  details: readonly ErrorDetail[];
}

/** Normalises whatever `unwrap()` threw into a `ReadError`. */
export function readError(error: unknown, fallback: string): ReadError {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    const httpStatus = typeof status === 'number' ? status : 0;
    if (isApiErrorBody(data)) {
      return {
        status: httpStatus,
        message: data.message || fallback,
        code: data.code,
        details: data.details ?? [],
      };
    }
    return { status: httpStatus, message: fallback, details: [] };
  }
  return { status: 0, message: fallback, details: [] };
}
