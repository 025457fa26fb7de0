/**
 * The one date/time formatting of the frontends (issue #14: three formatters made dates look
 * different per area). Dates travel as ISO 8601 with a zone; they are shown in the reader's
 * language (`es` → `1 mar 2026, 8:00`, `en` → `Mar 1, 2026, 8:00 AM`) and, unless told
 * otherwise, the browser's time zone, through `Intl.DateTimeFormat`.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The languages the app speaks, as `Intl` locales. */
export type UiLocale = 'es' | 'en';

/** Options of `formatDateTime`. */
export interface FormatDateOptions {
  /** An IANA zone (`Europe/Madrid`); the browser's by default. */
  timeZone?: string;
  /** What a missing or unreadable value shows; '' by default. */
  fallback?: string;
  /** `datetime` (the default) or `date` alone. */
  style?: 'datetime' | 'date';
}

// Building a formatter costs far more than formatting: one per locale, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, style: 'datetime' | 'date', timeZone?: string) {
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(style === 'datetime' ? { timeStyle: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `iso` as a medium date and short time in `locale` (and `timeZone`); `fallback` when invalid. */
export function formatDateTime(
  iso: string | null | undefined,
  locale: string,
  options: FormatDateOptions = {},
): string {
  const fallback = options.fallback ?? '';
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return formatterFor(locale, options.style ?? 'datetime', options.timeZone).format(date);
}

/** The reader's language as an `Intl` locale, following the shell's language picker. */
export function useLocale(): UiLocale {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  return lng.startsWith('en') ? 'en' : 'es';
}

/**
 * `formatDateTime` bound to the reader's language, for tables and cells: a missing value shows
 * `—` (an empty cell reads as "not loaded"), unless `options.fallback` says otherwise.
 */
export function useFormatDateTime(
  options: Omit<FormatDateOptions, 'fallback'> & { fallback?: string } = {},
): (iso: string | null | undefined) => string {
  const locale = useLocale();
  const { timeZone, style, fallback = '—' } = options;
  return useCallback(
    (iso) => formatDateTime(iso, locale, { timeZone, style, fallback }),
    [locale, timeZone, style, fallback],
  );
}
