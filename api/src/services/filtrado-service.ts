/**
 * The filter builder's rules (issue #6; contract in shared/src/contracts/filtrado.ts): checks a
 * filter against the whitelist and types its values, so the repository only ever sees known
 * fields, allowed operators and typed values (OWASP Query Parameterization / allow-listing:
 * identifiers come from the whitelist, never from the request; values are bound parameters).
 * `validateFiltro` is pure — no database — so `/api/filtrado` and the saved reports of
 * `/api/informes` share it; `createFiltradoService` is the /api/filtrado use case over it.
 */
import {
  ERROR_CODES,
  FILTRADO_MESSAGES,
  FILTRADO_PAGE_SIZE_DEFAULT,
  FILTRO_EN_MAX,
  FILTRO_ENTIDADES,
  FILTRO_MAX_CONDICIONES,
  FILTRO_VALOR_MAX_LENGTH,
  findFiltroCampo,
  formatFiltradoMessage,
  operadoresDe,
  parseIsoDateTime,
  sinNul,
  hasPermission,
  type ErrorDetail,
  type FiltradoPage,
  type FiltradoRequest,
  type FiltroCampo,
  type FiltroEntidad,
  type FiltroOperador,
  type FiltroTipo,
} from '@gestion/shared';
import { forbidden, HttpError } from '../lib/http-errors';
import { findFiltered } from '../repositories/filtrado-repository';
import type { Caller, ServiceDeps } from './service-deps';

/** A typed value: text and enum values as strings, numbers and dates (epoch ms) as numbers. */
export type FiltroValor = string | number | boolean;

/**
 * One checked condition. `valores` holds one value for the scalar operators, `[desde, hasta]`
 * (desde ≤ hasta) for `entre` and 1..FILTRO_EN_MAX values for `en`; `fecha` values are epoch ms.
 */
export interface CondicionValidada {
  readonly campo: string;
  readonly tipo: FiltroTipo;
  readonly operador: FiltroOperador;
  readonly valores: readonly FiltroValor[];
}

/** What `validateFiltro` answers: the entity, its checked conditions and the order. */
export interface ValidatedFiltro {
  readonly entidad: FiltroEntidad;
  readonly filtros: readonly CondicionValidada[];
  /** A sortable field of the entity (default `id` ascending); ties are broken by id. */
  readonly sort: { readonly campo: string; readonly desc: boolean };
}

/** The filter as it arrives (the request body or a saved report's `filtro`). */
export interface FiltroInput {
  entidad: string;
  filtros: readonly { campo: string; operador: string; valor: unknown }[];
  sort?: string | undefined;
}

/** Numbers of the whitelist are ids (32-bit integer columns on PostgreSQL). */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** Too many conditions (the request schema already caps them; saved reports are re-checked). */
const TOO_MANY = `Demasiadas condiciones (máximo ${FILTRO_MAX_CONDICIONES})`;

/** Thrown inside a condition's check; becomes one `details` entry. */
class Refusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function msg(template: string, values: Record<string, string> = {}): string {
  return formatFiltradoMessage(template, values);
}

/** A value as a message shows it: strings as they are, anything else as JSON, cut short. */
function shown(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** One scalar typed by its field. @throws Refusal naming the field. */
function typedValue(c: FiltroCampo, raw: unknown, at: string): FiltroValor {
  const campo = c.campo;
  switch (c.tipo) {
    case 'numero':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) {
        throw new Refusal(at, msg(FILTRADO_MESSAGES.valorNoEsNumero, { campo }));
      }
      // Every number of the whitelist is an id: an integer in PostgreSQL's `integer` range (a
      // larger bound parameter would be a database error, not an empty answer).
      if (!Number.isInteger(raw) || raw < INT32_MIN || raw > INT32_MAX) {
        throw new Refusal(at, msg(FILTRADO_MESSAGES.valorInvalido, { campo }));
      }
      return raw;
    case 'fecha': {
      const ms = typeof raw === 'string' ? parseIsoDateTime(raw) : undefined;
      if (ms === undefined) throw new Refusal(at, msg(FILTRADO_MESSAGES.valorNoEsFecha, { campo }));
      return ms;
    }
    case 'booleano':
      if (typeof raw !== 'boolean') {
        throw new Refusal(at, msg(FILTRADO_MESSAGES.valorNoEsBooleano, { campo }));
      }
      return raw;
    case 'enum':
      if (typeof raw !== 'string' || !(c.valores ?? []).includes(raw)) {
        throw new Refusal(
          at,
          msg(FILTRADO_MESSAGES.valorNoPermitido, { campo, valor: shown(raw) }),
        );
      }
      return raw;
    case 'texto':
      if (typeof raw !== 'string' || raw.length > FILTRO_VALOR_MAX_LENGTH) {
        throw new Refusal(at, msg(FILTRADO_MESSAGES.valorInvalido, { campo }));
      }
      // NUL is refused, not searched for (TEXTO_SIN_NUL_PATTERN in shared explains why): here,
      // before any query, so a list, a CSV export and a saved report all answer 400 naming
      // the value — a report saved with one before this rule answers 400 when it runs.
      if (!sinNul(raw)) throw new Refusal(at, msg(FILTRADO_MESSAGES.valorConNul, { campo }));
      return raw;
  }
}

/** Orders two typed values of one field (numbers, epoch ms, strings). */
function compare(a: FiltroValor, b: FiltroValor): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** The value(s) of one condition, shaped by its operator. @throws Refusal */
function typedValues(
  c: FiltroCampo,
  operador: FiltroOperador,
  raw: unknown,
  at: string,
): FiltroValor[] {
  const campo = c.campo;
  if (operador === 'entre') {
    if (!Array.isArray(raw) || raw.length !== 2) {
      throw new Refusal(at, msg(FILTRADO_MESSAGES.entreNecesitaDos));
    }
    const desde = typedValue(c, raw[0], `${at}[0]`);
    const hasta = typedValue(c, raw[1], `${at}[1]`);
    if (compare(desde, hasta) > 0) {
      throw new Refusal(at, msg(FILTRADO_MESSAGES.valorInvalido, { campo }));
    }
    return [desde, hasta];
  }
  if (operador === 'en') {
    if (!Array.isArray(raw) || raw.length === 0) {
      throw new Refusal(at, msg(FILTRADO_MESSAGES.enNecesitaLista));
    }
    if (raw.length > FILTRO_EN_MAX) {
      throw new Refusal(at, msg(FILTRADO_MESSAGES.valorInvalido, { campo }));
    }
    return raw.map((v: unknown, i) => typedValue(c, v, `${at}[${i}]`));
  }
  if (Array.isArray(raw)) throw new Refusal(at, msg(FILTRADO_MESSAGES.valorInvalido, { campo }));
  return [typedValue(c, raw, at)];
}

function isEntidad(value: string): value is FiltroEntidad {
  return (FILTRO_ENTIDADES as readonly string[]).includes(value);
}

/** `campo` or `-campo` of a sortable field. @throws Refusal on `sort` */
function parseSort(entidad: FiltroEntidad, sort: string | undefined): ValidatedFiltro['sort'] {
  if (sort === undefined) return { campo: 'id', desc: false };
  const desc = sort.startsWith('-');
  const campo = desc ? sort.slice(1) : sort;
  const c = findFiltroCampo(entidad, campo);
  if (!c || c.ordenable === false) {
    throw new Refusal('sort', msg(FILTRADO_MESSAGES.ordenNoPermitido, { campo: shown(campo) }));
  }
  return { campo, desc };
}

function refused(details: ErrorDetail[]): HttpError {
  // The message is the first refusal's text, so a client showing only `message` still learns
  // which field, operator or value was wrong; `details` lists every one.
  return new HttpError(400, ERROR_CODES.validation, details[0]!.message, details);
}

/**
 * Checks a filter against the whitelist (`FILTRO_CAMPOS`) and types its values.
 *
 * Rules (issue #6, contract `filtrado.ts`): the entity is one of `FILTRO_ENTIDADES`; each
 * `campo` is whitelisted for it; each `operador` is one of the field's `operadoresDe`; values
 * are typed by the field (`fecha`: ISO 8601 with zone → epoch ms; `numero`: a finite 32-bit
 * integer, every number of the whitelist being an id; `booleano`: true/false; `enum`: one of
 * `valores`; `texto`: a string of at most FILTRO_VALOR_MAX_LENGTH without NUL) and shaped by the operator
 * (`entre`: `[desde, hasta]` with desde ≤ hasta; `en`: 1..FILTRO_EN_MAX values; the others one
 * scalar); at most FILTRO_MAX_CONDICIONES conditions; `sort` is `campo`/`-campo` of a field
 * that is not `ordenable: false`.
 *
 * @throws HttpError 400 `VALIDATION_ERROR` whose message is the FILTRADO_MESSAGES text naming
 *   the first offending entity, field, operator or value, and whose `details` list every
 *   refusal with its path (`entidad`, `filtros[2].operador`, `filtros[0].valor[1]`, `sort`).
 */
export function validateFiltro(input: FiltroInput): ValidatedFiltro {
  const entidad = input.entidad;
  if (!isEntidad(entidad)) {
    throw refused([
      {
        field: 'entidad',
        message: msg(FILTRADO_MESSAGES.entidadNoPermitida, { entidad: shown(entidad) }),
      },
    ]);
  }
  const details: ErrorDetail[] = [];
  if (input.filtros.length > FILTRO_MAX_CONDICIONES) {
    details.push({ field: 'filtros', message: TOO_MANY });
  }
  const filtros: CondicionValidada[] = [];
  input.filtros.slice(0, FILTRO_MAX_CONDICIONES).forEach((f, i) => {
    const at = `filtros[${i}]`;
    try {
      const c = findFiltroCampo(entidad, f.campo);
      if (!c) {
        throw new Refusal(
          `${at}.campo`,
          msg(FILTRADO_MESSAGES.campoNoPermitido, { entidad, campo: shown(f.campo) }),
        );
      }
      const operador = operadoresDe(c).find((o) => o === f.operador);
      if (!operador) {
        throw new Refusal(
          `${at}.operador`,
          msg(FILTRADO_MESSAGES.operadorNoPermitido, {
            campo: c.campo,
            operador: shown(f.operador),
          }),
        );
      }
      filtros.push({
        campo: c.campo,
        tipo: c.tipo,
        operador,
        valores: typedValues(c, operador, f.valor, `${at}.valor`),
      });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      details.push({ field: err.field, message: err.message });
    }
  });
  let sort: ValidatedFiltro['sort'] = { campo: 'id', desc: false };
  try {
    sort = parseSort(entidad, input.sort);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    details.push({ field: 'sort', message: err.message });
  }
  if (details.length) throw refused(details);
  return { entidad, filtros, sort };
}

/** POST /api/filtrado over one database. */
export function createFiltradoService(deps: ServiceDeps) {
  const { db } = deps;
  return {
    /**
     * One page of the entity's rows matching `body`'s filter, in its `sort` order.
     * @throws 403 for usuarios without usuarios:ver — users are personal data (issue #6),
     *   checked before the filter so such a caller learns nothing from the 400s either — and
     *   400 as `validateFiltro`.
     */
    async filtrar(body: FiltradoRequest, caller: Caller): Promise<FiltradoPage> {
      if (body.entidad === 'usuarios' && !hasPermission(caller.user, 'usuarios:ver')) {
        throw forbidden();
      }
      const validated = validateFiltro(body);
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? FILTRADO_PAGE_SIZE_DEFAULT;
      const { items, total } = await findFiltered(db, validated, page, pageSize);
      return { items, total, page, pageSize };
    },
  };
}
