/**
 * A cell of a report's result as people read it, the same on screen (the grid) and on paper
 * (the printed table): dates in the user's locale, booleans as Sí/No, numbers with the locale's
 * separators, event states translated.
 */
import type { Columna } from '@gestion/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@gestion/ui';
import { periodoLegible } from './textos-resultado';

type Valor = string | number | boolean | null | undefined;

export function formatCelda(col: Columna, value: Valor, t: TFunction, locale: string): string {
  if (value === null || value === undefined) return '';
  switch (col.tipo) {
    case 'fecha':
      return formatDateTime(String(value), locale);
    case 'booleano':
      return value ? t('common.yes') : t('common.no');
    case 'numero':
      return typeof value === 'number'
        ? new Intl.NumberFormat(locale).format(value)
        : String(value);
    default:
      // Event states arrive as their keys (`publicado`); people read them translated.
      if (col.campo === 'estado') return t(`valores.${String(value)}`, String(value));
      // A report's month or day (`2026-02`, `2026-02-03`) in the reader's locale (issue #14).
      if (col.campo === 'mes' || col.campo === 'dia') return periodoLegible(String(value), locale) ?? String(value);
      return String(value);
  }
}
