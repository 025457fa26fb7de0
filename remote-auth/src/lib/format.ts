import { useCallback } from 'react';
import { useAuthTexts } from '../i18n/namespace';

/**
 * Formats an ISO 8601 time for the current language (`21/11/2026, 07:05` in Spanish); `—` for
 * a missing or unreadable value.
 */
export function useFormatDate(): (iso: string | null | undefined) => string {
  const { i18n } = useAuthTexts();
  const locale = (i18n.resolvedLanguage ?? i18n.language ?? 'es').slice(0, 2);
  return useCallback(
    (iso) => {
      if (!iso) return '—';
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return '—';
      return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'es-ES', {
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(date);
    },
    [locale],
  );
}
