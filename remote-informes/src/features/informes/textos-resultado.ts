/**
 * A report's result in the reader's language (issue #14). The api sends Spanish column titles
 * (`columnas[].titulo`) and chart categories that are keys (`publicado`, `activo`), periods
 * (`2026-02`, `2026-02-03`) or names (an event's, a role's). The console words each by what it
 * is: a column by the report type and its `campo` (a `listado` by the filtered entity's field,
 * the same texts as /filtrado), a state or activity by its key, a period with `Intl` in the
 * reader's locale; a name, or anything it does not know, as the api sent it.
 */
import type { Columna, Informe } from '@gestion/shared';

/** The `t` of the reports namespace, as far as this module needs it. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

const MES = /^(\d{4})-(\d{2})$/;
const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The title of `col` in the reader's language: `campos.<entidad>.<campo>` for a `listado` (its
 * roles column by `resultadoTexto.columnas.listado.roles`), `resultadoTexto.columnas.<tipo>.<campo>`
 * for the other types; the api's `titulo` when the bundle has none.
 */
export function tituloDeColumna(
  col: Columna,
  informe: Pick<Informe, 'tipo' | 'filtros'> | undefined,
  t: Translate,
): string {
  if (!informe || !/^[A-Za-z]+$/.test(col.campo)) return col.titulo;
  const entidad = informe.filtros?.entidad;
  const keys =
    informe.tipo === 'listado' && entidad && /^[a-z]+$/.test(entidad)
      ? [`campos.${entidad}.${col.campo}`, `resultadoTexto.columnas.listado.${col.campo}`]
      : [`resultadoTexto.columnas.${informe.tipo}.${col.campo}`];
  for (const key of keys) {
    const text = t(key, { defaultValue: '' });
    if (text) return text;
  }
  return col.titulo;
}

/** `columnas` with their titles in the reader's language (the grid, the printed table). */
export function traducirColumnas(
  columnas: readonly Columna[],
  informe: Pick<Informe, 'tipo' | 'filtros'> | undefined,
  t: Translate,
): Columna[] {
  return columnas.map((c) => ({ ...c, titulo: tituloDeColumna(c, informe, t) }));
}

/**
 * A period of a time series as the reader's locale writes it: a UTC month `YYYY-MM` as "feb
 * 2026" / "Feb 2026", a UTC day `YYYY-MM-DD` as "3 feb 2026" / "Feb 3, 2026"; undefined for any
 * other text.
 */
export function periodoLegible(texto: string, locale: string): string | undefined {
  const mes = MES.exec(texto);
  if (mes) {
    const fecha = new Date(Date.UTC(Number(mes[1]), Number(mes[2]) - 1, 1));
    if (fecha.getUTCMonth() !== Number(mes[2]) - 1) return undefined;
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(fecha);
  }
  const dia = DIA.exec(texto);
  if (dia) {
    const fecha = new Date(Date.UTC(Number(dia[1]), Number(dia[2]) - 1, Number(dia[3])));
    if (fecha.getUTCDate() !== Number(dia[3])) return undefined;
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(fecha);
  }
  return undefined;
}

/**
 * A chart category in the reader's language: an event state (`valores.<estado>`), users'
 * activity (`resultadoTexto.categorias.activo`), a period (`periodoLegible`); a name as sent.
 */
export function etiquetaDeCategoria(etiqueta: string, t: Translate, locale: string): string {
  const periodo = periodoLegible(etiqueta, locale);
  if (periodo) return periodo;
  if (!/^[a-z]+$/.test(etiqueta)) return etiqueta;
  return (
    t(`valores.${etiqueta}`, { defaultValue: '' }) ||
    t(`resultadoTexto.categorias.${etiqueta}`, { defaultValue: '' }) ||
    etiqueta
  );
}
