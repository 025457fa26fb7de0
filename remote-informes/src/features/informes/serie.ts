/**
 * The chart's series as people read it (issue #14 "time series keep empty periods"). The api
 * answers `eventos-por-mes` and `actividad` with only the months or days that have rows
 * (`contracts/informes.ts`), so a line drawn through them joins March to June as if April and
 * May had not happened. Here the missing periods come back as 0, from the first period of the
 * data — or the start of the report's filtered range — to the last one — or the filter's end.
 * Pure functions: the page renders what they answer.
 */
import {
  findFiltroCampo,
  type FiltroGuardado,
  type InformeTipo,
  type Punto,
} from '@gestion/shared';

/** How a time series' `etiqueta` names its period: `YYYY-MM` (UTC month) or `YYYY-MM-DD` (UTC day). */
export type Periodo = 'mes' | 'dia';

/** The period of each report type whose series runs over time; the others are categories. */
const PERIODO_DE: Partial<Record<InformeTipo, { periodo: Periodo; campo?: string }>> = {
  // Months of `fechaInicio` (the repository groups events by it, in UTC).
  'eventos-por-mes': { periodo: 'mes', campo: 'fechaInicio' },
  // Days of the audit log; the type takes no filter.
  actividad: { periodo: 'dia' },
};

/**
 * Most points a filled series may have: 2000 months is 166 years, 2000 days five and a half.
 * Past it a hand-typed filter range (year 1 to 9999) would draw a hundred thousand points;
 * the filter's range is then ignored, and past it on the data's own range nothing is filled.
 */
export const PERIODOS_MAX = 2000;

const PATRON: Record<Periodo, RegExp> = { mes: /^\d{4}-\d{2}$/, dia: /^\d{4}-\d{2}-\d{2}$/ };

/** The UTC period of a timestamp (ms), as the api names it. */
function periodoDe(ms: number, periodo: Periodo): string {
  const iso = new Date(ms).toISOString();
  return periodo === 'mes' ? iso.slice(0, 7) : iso.slice(0, 10);
}

/** The period after `p`. */
function siguiente(p: string, periodo: Periodo): string {
  if (periodo === 'mes') {
    // By hand: Date.UTC reads years below 100 as 19xx.
    const [y, m] = p.split('-').map(Number) as [number, number];
    return m === 12
      ? `${String(y + 1).padStart(4, '0')}-01`
      : `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
  }
  return periodoDe(Date.parse(`${p}T00:00:00.000Z`) + 86_400_000, periodo);
}

/** Every period from `desde` to `hasta` (both included), or null past `PERIODOS_MAX`. */
function periodosEntre(desde: string, hasta: string, periodo: Periodo): string[] | null {
  const out: string[] = [];
  for (let p = desde; p <= hasta; p = siguiente(p, periodo)) {
    if (out.length === PERIODOS_MAX) return null;
    out.push(p);
  }
  return out;
}

/**
 * The range a filter gives `campo` (a date field), as periods: the latest lower bound and the
 * earliest upper bound of its conditions (they combine with AND). Undefined ends are open.
 */
export function rangoDelFiltro(
  filtros: FiltroGuardado | null | undefined,
  campo: string,
  periodo: Periodo,
): { desde?: string; hasta?: string } {
  let desde: number | undefined;
  let hasta: number | undefined;
  const entidad = filtros?.entidad;
  if (!filtros || (entidad !== 'eventos' && entidad !== 'periodos' && entidad !== 'usuarios')) {
    return {};
  }
  if (findFiltroCampo(entidad, campo)?.tipo !== 'fecha') return {};
  const ms = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : NaN);
  const abajo = (v: number) => {
    if (Number.isFinite(v)) desde = desde === undefined ? v : Math.max(desde, v);
  };
  const arriba = (v: number) => {
    if (Number.isFinite(v)) hasta = hasta === undefined ? v : Math.min(hasta, v);
  };
  for (const f of filtros.filtros) {
    if (f.campo !== campo) continue;
    const v = f.valor;
    switch (f.operador) {
      case 'gte':
        abajo(ms(v));
        break;
      // A strict bound excludes its instant: `< 1 Apr 00:00` ends in March.
      case 'gt':
        abajo(ms(v) + 1);
        break;
      case 'lte':
        arriba(ms(v));
        break;
      case 'lt':
        arriba(ms(v) - 1);
        break;
      case 'eq':
        abajo(ms(v));
        arriba(ms(v));
        break;
      case 'entre':
        if (Array.isArray(v) && v.length === 2) {
          abajo(ms(v[0]));
          arriba(ms(v[1]));
        }
        break;
      default:
        break;
    }
  }
  return {
    ...(desde !== undefined ? { desde: periodoDe(desde, periodo) } : {}),
    ...(hasta !== undefined ? { hasta: periodoDe(hasta, periodo) } : {}),
  };
}

/**
 * The report's series with its empty periods as 0 (time series only; categories are answered
 * whole by the api, zeros included). `total` is the result's row count: for these types one
 * row per non-empty period, so `total > serie.length` says the api cut the series at
 * `SERIE_MAX_PUNTOS` — then its end is the last point it sent, never the filter's end (the
 * months after it have rows the chart was not given, and drawing them as 0 would lie).
 */
export function completarSerie(
  tipo: InformeTipo,
  serie: readonly Punto[],
  opciones: { filtros?: FiltroGuardado | null; total: number },
): Punto[] {
  const def = PERIODO_DE[tipo];
  if (!def || serie.length === 0) return [...serie];
  const { periodo } = def;
  if (!serie.every((p) => PATRON[periodo].test(p.etiqueta))) return [...serie];
  const valores = new Map(serie.map((p) => [p.etiqueta, p.valor]));
  const etiquetas = [...valores.keys()].sort();
  const primero = etiquetas[0]!;
  const ultimo = etiquetas[etiquetas.length - 1]!;
  const rango = def.campo ? rangoDelFiltro(opciones.filtros, def.campo, periodo) : {};
  const cortada = opciones.total > serie.length;
  const desde = rango.desde !== undefined && rango.desde < primero ? rango.desde : primero;
  const hasta =
    !cortada && rango.hasta !== undefined && rango.hasta > ultimo ? rango.hasta : ultimo;
  const periodos = periodosEntre(desde, hasta, periodo) ?? periodosEntre(primero, ultimo, periodo);
  if (!periodos) return [...serie];
  return periodos.map((etiqueta) => ({ etiqueta, valor: valores.get(etiqueta) ?? 0 }));
}
