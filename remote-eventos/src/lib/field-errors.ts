import type { ErrorDetail } from '@gestion/shared';

/**
 * The field a server detail names, as the form calls it: Fastify's validation reports
 * `/fechaInicio` or `body/fechaInicio`, the api's own rules plain `fechaInicio`.
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
  // Several details may name one field (each period an event date change would leave out).
  const byField = new Map<F, string[]>();
  for (const detail of details) {
    const field = detailField(detail);
    if ((fields as readonly string[]).includes(field)) {
      byField.set(field as F, [...(byField.get(field as F) ?? []), detail.message]);
    } else {
      unmatched.push(detail.message);
    }
  }
  let first = true;
  for (const [field, messages] of byField) {
    setError(field, { type: 'server', message: messages.join('. ') }, { shouldFocus: first });
    first = false;
  }
  return unmatched;
}
