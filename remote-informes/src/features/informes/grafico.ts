/**
 * How a report's chart lays out its counts (issue #14 "counts start at zero with integer ticks,
 * every bar is labelled or reachable"). Pure: `InformeChart` passes these to MUI X Charts, and
 * the tests read them.
 */

/**
 * The value axis of a count: from 0 (a bar that starts at 3 makes 4 look like twice 3.5), with
 * a tick at least every 1 and integer labels (half an event does not exist). A series of zeros
 * still gets an axis up to 1 instead of a flat, unlabelled one.
 */
export function ejeDeRecuento(valores: readonly number[], locale: string) {
  const formato = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const mayor = Math.max(0, ...valores);
  return {
    min: 0,
    ...(mayor === 0 ? { max: 1 } : {}),
    tickMinStep: 1,
    valueFormatter: (v: number | null) => (v === null ? '' : formato.format(v)),
  };
}

/** Above this many bars, or this many characters in a label, bars lie down (one row each). */
export const BARRAS_VERTICALES_MAX = 8;
export const ETIQUETA_VERTICAL_MAX = 14;
/** Height of a row of a lying bar chart, px: a 12 px label and its value side by side. */
export const FILA_BARRA = 28;
/** Widest category axis, px: ~40 characters; a longer name ends in "…" and is whole in the tooltip. */
export const EJE_CATEGORIAS_MAX = 280;

/**
 * Bars stand while a few short categories fit under them; more or longer ones lie down, so
 * every category keeps its own label, read horizontally, and the chart grows one row per bar
 * instead of MUI hiding labels that overlap.
 */
export function disposicionDeBarras(etiquetas: readonly string[]): {
  layout: 'vertical' | 'horizontal';
  /** Chart height for the horizontal layout (undefined: the default). */
  alto?: number;
  /** Width of the category axis for the horizontal layout. */
  anchoEje?: number;
} {
  const larga = Math.max(0, ...etiquetas.map((e) => e.length));
  if (etiquetas.length <= BARRAS_VERTICALES_MAX && larga <= ETIQUETA_VERTICAL_MAX) {
    return { layout: 'vertical' };
  }
  // ~7 px a character of the 12 px axis font, plus the tick and its gap.
  const anchoEje = Math.min(EJE_CATEGORIAS_MAX, Math.ceil(larga * 7) + 16);
  return { layout: 'horizontal', alto: etiquetas.length * FILA_BARRA + 60, anchoEje };
}
