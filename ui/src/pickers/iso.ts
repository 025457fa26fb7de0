/**
 * Pickers work in local time with dayjs; the api takes and gives ISO 8601 UTC strings.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** A picker value as the ISO 8601 UTC string the api expects; null when empty or invalid. */
export function toIso(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.toDate().toISOString() : null;
}

/** An api date as a picker value (null when empty). */
export function fromIso(iso: string | null | undefined): Dayjs | null {
  return iso ? dayjs(iso) : null;
}
