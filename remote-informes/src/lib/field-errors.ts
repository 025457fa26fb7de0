import type { ErrorDetail } from '@gestion/shared';

/**
 * The field a server detail names, as a form calls it: Fastify's validation reports `/nombre` or
 * `body/nombre`, the api's own rules plain `nombre`.
 */
export function detailField(detail: ErrorDetail): string {
  return detail.field.replace(/^\/?(body[./])?/, '').replace(/^\//, '');
}

/**
 * Puts each server detail on its form field (`setError`) when the form has it.
 * @returns the messages of details that name no field of the form, to show above it.
 */
export function applyFieldErrors<F extends string>(
  details: readonly ErrorDetail[],
  fields: readonly F[],
  setError: (
    field: F,
    error: { type: string; message: string },
    options?: { shouldFocus: boolean },
  ) => void,
): string[] {
  const unmatched: string[] = [];
  let first = true;
  for (const detail of details) {
    const field = detailField(detail);
    if ((fields as readonly string[]).includes(field)) {
      setError(field as F, { type: 'server', message: detail.message }, { shouldFocus: first });
      first = false;
    } else {
      unmatched.push(detail.message);
    }
  }
  return unmatched;
}
