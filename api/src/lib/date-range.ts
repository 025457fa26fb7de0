/** Date bounds of list filters (`desde`/`hasta`), issue #5. */
import { EVENTOS_MESSAGES, parseIsoDateTime } from '@gestion/shared';
import { validationError } from './http-errors';

const DAY_MS = 86_400_000;

/**
 * Parses a list filter bound: ISO 8601 with zone, or a bare `YYYY-MM-DD` read as that UTC day
 * (its first millisecond for a `start` bound, its last for an `end` bound, so `hasta=2026-03-01`
 * includes the whole day). Undefined when absent.
 * @throws 400 naming `field` when the value is neither.
 */
export function parseRangeBound(
  field: string,
  value: string | undefined,
  side: 'start' | 'end',
): number | undefined {
  if (value === undefined || value === '') return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const ms = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    const d = new Date(ms);
    if (d.getUTCDate() === Number(day[3]) && d.getUTCMonth() === Number(day[2]) - 1) {
      return side === 'start' ? ms : ms + DAY_MS - 1;
    }
  } else {
    const ms = parseIsoDateTime(value);
    if (ms !== undefined) return ms;
  }
  throw validationError([{ field, message: EVENTOS_MESSAGES.dateWithoutZone }]);
}
