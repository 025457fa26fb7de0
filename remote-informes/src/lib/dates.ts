/**
 * Dates travel as ISO 8601 with a zone (issue #6, `contracts/filtrado.ts`) and are shown in the
 * user's locale and the browser's time zone through `Intl.DateTimeFormat`; the pickers work in
 * local time with dayjs.
 */
import dayjs, { type Dayjs } from 'dayjs';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `iso` as a short date and time in `locale` and the browser's time zone ('' when invalid). */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}

/** A picker value as the ISO 8601 UTC string the api expects, or '' when empty or invalid. */
export function toIso(value: Dayjs | null): string {
  return value && value.isValid() ? value.toDate().toISOString() : '';
}

/** An ISO string as a picker value (null when empty). */
export function fromIso(iso: string | null | undefined): Dayjs | null {
  return iso ? dayjs(iso) : null;
}
