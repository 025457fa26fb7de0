/**
 * The filter builder's model (issue #6, `contracts/filtrado.ts`): a condition as the user edits
 * it (`Condicion`, every value still text so half-typed input survives), its conversion to the
 * wire `Filtro` the api validates, and the applied filter kept in the URL so a reload or a shared
 * link shows the same results. Pure functions: the page only renders and wires them.
 */
import {
  FILTRO_CAMPOS,
  FILTRO_EN_MAX,
  FILTRO_ENTIDADES,
  FILTRO_MAX_CONDICIONES,
  FILTRO_VALOR_MAX_LENGTH,
  findFiltroCampo,
  operadoresDe,
  type Filtro,
  type FiltroCampo,
  type FiltroEntidad,
  type FiltroGuardado,
  type FiltroOperador,
} from '@gestion/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@gestion/ui';

export { FILTRO_MAX_CONDICIONES };

/** One condition as the builder edits it. */
export interface Condicion {
  /** Stable React key; server errors for `filtros[i]` are mapped onto it. */
  key: string;
  campo: string;
  operador: FiltroOperador;
  /**
   * The scalar value, the `desde` of `entre`, or the comma-separated list of a text or number
   * `en`. Dates: ISO 8601 UTC or ''. Booleans: 'true' / 'false'.
   */
  valor: string;
  /** The `hasta` of `entre`. */
  hasta: string;
  /** The chosen values of an enum `en` (a multi-select). */
  valores: string[];
}

/** Why a condition cannot be sent yet (an i18n key under `filtrado.errores`). */
export type CondicionError =
  | 'valorRequerido'
  | 'numeroInvalido'
  | 'listaVacia'
  | 'listaLarga'
  | 'demasiadoLargo'
  | 'entreOrden'
  | 'campoDesconocido';

let lastKey = 0;
/** A fresh key for a new condition row. */
export function newKey(): string {
  lastKey += 1;
  return `c${lastKey}`;
}

/** True for the entities of the whitelist. */
export function isEntidad(value: unknown): value is FiltroEntidad {
  return typeof value === 'string' && (FILTRO_ENTIDADES as readonly string[]).includes(value);
}

/** The shape an operator's value takes: one input, two (`entre`) or a list (`en`). */
export function formaDe(operador: FiltroOperador): 'escalar' | 'rango' | 'lista' {
  if (operador === 'entre') return 'rango';
  if (operador === 'en') return 'lista';
  return 'escalar';
}

/** A new condition on `entidad`'s first text field (nombre exists on all three), values empty. */
export function nuevaCondicion(entidad: FiltroEntidad): Condicion {
  const campos = FILTRO_CAMPOS[entidad];
  const campo = campos.find((c) => c.campo === 'nombre') ?? campos[0]!;
  return { key: newKey(), campo: campo.campo, operador: operadoresDe(campo)[0]!, ...vacio() };
}

function vacio(): Pick<Condicion, 'valor' | 'hasta' | 'valores'> {
  return { valor: '', hasta: '', valores: [] };
}

/**
 * `cond` on another field: the operator stays when the new field accepts it, else its first one;
 * the values are cleared (a date does not make sense as a state).
 */
export function conCampo(cond: Condicion, campo: FiltroCampo): Condicion {
  const ops = operadoresDe(campo);
  const operador = ops.includes(cond.operador) ? cond.operador : ops[0]!;
  return { ...cond, campo: campo.campo, operador, ...vacio() };
}

/** `cond` with another operator; the first value stays when the value keeps its shape. */
export function conOperador(cond: Condicion, operador: FiltroOperador): Condicion {
  const from = formaDe(cond.operador);
  const to = formaDe(operador);
  if (from === to) return { ...cond, operador };
  // "mayor que X" becoming "entre X y …" keeps X as the start; a list starts afresh.
  if (from !== 'lista' && to !== 'lista') return { ...cond, operador, hasta: '', valores: [] };
  return { ...cond, operador, ...vacio() };
}

type Escalar = string | number | boolean;
type Leido = { ok: true; value: Escalar } | { ok: false; error: CondicionError };

/** One typed value from the text the user entered, as the api's types want it. */
function leerEscalar(campo: FiltroCampo, raw: string): Leido {
  const text = raw.trim();
  if (text === '') return { ok: false, error: 'valorRequerido' };
  switch (campo.tipo) {
    case 'numero': {
      // A decimal comma is what a Spanish keyboard types.
      const n = Number(text.replace(',', '.'));
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: 'numeroInvalido' };
    }
    case 'booleano':
      return { ok: true, value: text === 'true' };
    case 'fecha':
      return Number.isNaN(Date.parse(text))
        ? { ok: false, error: 'valorRequerido' }
        : { ok: true, value: text };
    default:
      return text.length > FILTRO_VALOR_MAX_LENGTH
        ? { ok: false, error: 'demasiadoLargo' }
        : { ok: true, value: text };
  }
}

/** The result of checking one condition: the wire filter, or why it cannot be sent. */
export type Conversion = { ok: true; filtro: Filtro } | { ok: false; error: CondicionError };

/**
 * The wire `Filtro` of a condition (value shapes of `contracts/filtrado.ts`: one scalar,
 * `[desde, hasta]` for `entre`, a non-empty list of at most `FILTRO_EN_MAX` for `en`).
 */
export function aFiltro(entidad: FiltroEntidad, cond: Condicion): Conversion {
  const campo = findFiltroCampo(entidad, cond.campo);
  if (!campo) return { ok: false, error: 'campoDesconocido' };
  const base = { campo: cond.campo, operador: cond.operador };
  switch (formaDe(cond.operador)) {
    case 'rango': {
      const desde = leerEscalar(campo, cond.valor);
      if (!desde.ok) return desde;
      const hasta = leerEscalar(campo, cond.hasta);
      if (!hasta.ok) return hasta;
      const orden =
        campo.tipo === 'fecha'
          ? Date.parse(String(desde.value)) <= Date.parse(String(hasta.value))
          : campo.tipo === 'numero'
            ? Number(desde.value) <= Number(hasta.value)
            : true;
      if (!orden) return { ok: false, error: 'entreOrden' };
      return { ok: true, filtro: { ...base, valor: [desde.value, hasta.value] } };
    }
    case 'lista': {
      const textos =
        campo.tipo === 'enum'
          ? cond.valores
          : cond.valor
              .split(',')
              .map((v) => v.trim())
              .filter((v) => v !== '');
      if (textos.length === 0) return { ok: false, error: 'listaVacia' };
      if (textos.length > FILTRO_EN_MAX) return { ok: false, error: 'listaLarga' };
      const valores: Escalar[] = [];
      for (const texto of textos) {
        const leido = leerEscalar(campo, texto);
        if (!leido.ok) return leido;
        valores.push(leido.value);
      }
      return { ok: true, filtro: { ...base, valor: valores } };
    }
    default: {
      const leido = leerEscalar(campo, cond.valor);
      return leido.ok ? { ok: true, filtro: { ...base, valor: leido.value } } : leido;
    }
  }
}

/**
 * The condition a saved or linked `Filtro` describes, or null when it names a field or operator
 * the whitelist does not offer (a hand-edited URL): the builder never shows what it cannot send.
 */
export function deFiltro(entidad: FiltroEntidad, filtro: Filtro): Condicion | null {
  const campo = findFiltroCampo(entidad, filtro.campo);
  if (!campo) return null;
  const operador = operadoresDe(campo).find((o) => o === filtro.operador);
  if (!operador) return null;
  const cond: Condicion = { key: newKey(), campo: campo.campo, operador, ...vacio() };
  const { valor } = filtro;
  if (operador === 'entre') {
    if (!Array.isArray(valor) || valor.length !== 2) return null;
    return { ...cond, valor: String(valor[0]), hasta: String(valor[1]) };
  }
  if (operador === 'en') {
    const lista = Array.isArray(valor) ? valor.map(String) : [String(valor)];
    return campo.tipo === 'enum'
      ? { ...cond, valores: lista }
      : { ...cond, valor: lista.join(', ') };
  }
  if (Array.isArray(valor)) return null;
  return { ...cond, valor: String(valor) };
}

/** Query-string names of the applied filter (`/filtrado?entidad=…&filtros=…&sort=…`). */
const URL_ENTIDAD = 'entidad';
const URL_FILTROS = 'filtros';
const URL_SORT = 'sort';

/** The applied filter as query parameters (the conditions as JSON: they nest). */
export function filtroAUrl(filtro: FiltroGuardado): URLSearchParams {
  const params = new URLSearchParams();
  params.set(URL_ENTIDAD, filtro.entidad);
  if (filtro.filtros.length > 0) params.set(URL_FILTROS, JSON.stringify(filtro.filtros));
  if (filtro.sort) params.set(URL_SORT, filtro.sort);
  return params;
}

function isFiltro(value: unknown): value is Filtro {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return typeof f.campo === 'string' && typeof f.operador === 'string' && 'valor' in f;
}

/**
 * The applied filter a URL carries, or null when it has none (no `entidad`) — with only the
 * conditions the whitelist offers, at most `FILTRO_MAX_CONDICIONES`; garbage is dropped, never
 * thrown (it is user input).
 */
export function filtroDesdeUrl(params: URLSearchParams): FiltroGuardado | null {
  const entidad = params.get(URL_ENTIDAD);
  if (!isEntidad(entidad)) return null;
  let filtros: Filtro[] = [];
  const raw = params.get(URL_FILTROS);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) {
        filtros = parsed
          .filter(isFiltro)
          .filter((f) => deFiltro(entidad, f) !== null)
          .slice(0, FILTRO_MAX_CONDICIONES);
      }
    } catch {
      filtros = [];
    }
  }
  const sort = params.get(URL_SORT) ?? undefined;
  return { entidad, filtros, ...(sort ? { sort } : {}) };
}

/**
 * Which condition a server detail names: `filtros[2].operador` (the api's own rules) or
 * `/filtros/2/valor` (schema validation). Returns its index, or null (`entidad`, `sort`, …).
 */
export function indiceDeDetalle(field: string): number | null {
  const match = /^\/?(?:body[./])?filtros(?:\[(\d+)\]|[./](\d+))/.exec(field);
  if (!match) return null;
  return Number(match[1] ?? match[2]);
}

/**
 * A saved condition in words, in the reader's language, as the builder shows it: the field's
 * label (`campos.*`), the operator's (`operadores.*`) and the value as its input reads it
 * (a date in the user's locale, a state translated, Sí/No, a number with the locale's commas,
 * text between quotes; `entre` as "desde y hasta", `en` as a list). Null for a condition the
 * whitelist does not offer (`deFiltro`): it is never shown as if it applied.
 */
export function describirCondicion(
  entidad: FiltroEntidad,
  filtro: Filtro,
  t: TFunction,
  locale: string,
): string | null {
  const cond = deFiltro(entidad, filtro);
  const campo = cond && findFiltroCampo(entidad, cond.campo);
  if (!cond || !campo) return null;
  const opts = { interpolation: { escapeValue: false } };
  const valor = (raw: string): string => {
    switch (campo.tipo) {
      case 'fecha':
        return formatDateTime(raw, locale) || raw;
      case 'booleano':
        return raw === 'true' ? t('common.yes') : t('common.no');
      case 'enum':
        return t(`valores.${raw}`, raw);
      case 'numero': {
        const n = Number(raw);
        return Number.isFinite(n) ? new Intl.NumberFormat(locale).format(n) : raw;
      }
      default:
        return t('filtrado.describir.texto', { valor: raw, ...opts });
    }
  };
  const nombre = t(`campos.${entidad}.${campo.campo}`, campo.etiqueta);
  const operador = t(`operadores.${cond.operador}`);
  switch (formaDe(cond.operador)) {
    case 'rango':
      return t('filtrado.describir.entre', {
        campo: nombre,
        desde: valor(cond.valor),
        hasta: valor(cond.hasta),
        ...opts,
      });
    case 'lista': {
      // The saved values, not the builder's comma-joined text: a value may hold a comma.
      const lista = Array.isArray(filtro.valor) ? filtro.valor.map(String) : [String(filtro.valor)];
      const texto = new Intl.ListFormat(locale, { type: 'disjunction' }).format(lista.map(valor));
      return t('filtrado.describir.condicion', { campo: nombre, operador, valor: texto, ...opts });
    }
    default:
      return t('filtrado.describir.condicion', {
        campo: nombre,
        operador,
        valor: valor(cond.valor),
        ...opts,
      });
  }
}
