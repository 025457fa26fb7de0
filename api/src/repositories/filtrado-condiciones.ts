/**
 * The filter builder's conditions (issue #6): a validated filter (`validateFiltro`,
 * services/filtrado-service.ts) as SQL WHERE conditions over the entity's table. The queries that
 * use them — a page of matches, batches for CSV, counts — are in filtrado-repository.ts; the
 * report runners (services/informes-runners.ts) use them too.
 *
 * Injection safety (OWASP SQL Injection Prevention, options 1 and 3): column names come only from
 * the maps below, keyed by the whitelist of `FILTRO_CAMPOS`; every value is a bound parameter;
 * LIKE wildcards in values are escaped (`\` is the escape character on both databases).
 *
 * Base tables and aliases the conditions refer to (`FILTRO_TABLA`): `eventos as e`,
 * `periodos as p`, `usuarios as u`. A query built elsewhere must select from the entity's
 * table under that alias before `applyFiltros`.
 */
import {
  sql,
  SqliteAdapter,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Dialect } from '../db/types';
import type { CondicionValidada, FiltroValor, ValidatedFiltro } from '../services/filtrado-service';
import { normalizeSearch } from './busqueda';
import { likeContains } from './eventos-repository';
import type { Db } from '../db/types';

type Entidad = ValidatedFiltro['entidad'];

/** The table of each entity and the alias `applyFiltros` expects it under. */
export const FILTRO_TABLA = {
  eventos: { tabla: 'eventos', alias: 'e' },
  periodos: { tabla: 'periodos', alias: 'p' },
  usuarios: { tabla: 'usuarios', alias: 'u' },
} as const satisfies Record<Entidad, { tabla: string; alias: string }>;

/**
 * How a whitelisted field maps to SQL. `like` says how `contiene`/`empieza` compare:
 * `lower` — the column lower-cased against the lower-cased value (SQLite folds ASCII letters
 * only, PostgreSQL every letter); `norm` — a stored normalised copy (no accents, lowercase)
 * against the normalised value, so accents are ignored too; `lowercase` — a column stored
 * lowercase (e-mails). `orden` is the sort column when it differs from `col`.
 */
export interface Columna {
  readonly col: string;
  readonly nullable?: boolean;
  readonly like?: { readonly kind: 'lower' | 'norm' | 'lowercase'; readonly col?: string };
  readonly orden?: string;
  readonly booleano?: boolean;
  readonly rol?: boolean;
}

const LOWER: NonNullable<Columna['like']> = { kind: 'lower' };

/** Field → column, per entity; the keys are exactly `FILTRO_CAMPOS` (checked by the tests). */
export const FILTRO_COLUMNAS: Readonly<Record<Entidad, Readonly<Record<string, Columna>>>> = {
  eventos: {
    id: { col: 'id' },
    nombre: { col: 'nombre', like: LOWER },
    descripcion: { col: 'descripcion', like: LOWER },
    lugar: { col: 'lugar', like: LOWER },
    estado: { col: 'estado' },
    fechaInicio: { col: 'fecha_inicio' },
    fechaFin: { col: 'fecha_fin' },
    responsableId: { col: 'responsable_id', nullable: true },
    creadoEn: { col: 'creado_en' },
    actualizadoEn: { col: 'actualizado_en' },
  },
  periodos: {
    id: { col: 'id' },
    eventoId: { col: 'evento_id' },
    nombre: { col: 'nombre', like: LOWER },
    descripcion: { col: 'descripcion', like: LOWER },
    fechaInicio: { col: 'fecha_inicio' },
    fechaFin: { col: 'fecha_fin' },
  },
  usuarios: {
    id: { col: 'id' },
    email: { col: 'email', like: { kind: 'lowercase' } },
    // eq/ne/en compare the name as written; contiene/empieza and the order use nombre_norm
    // (accent- and case-insensitive, indexed by migration 0002), as the user list does.
    nombre: { col: 'nombre', like: { kind: 'norm', col: 'nombre_norm' }, orden: 'nombre_norm' },
    activo: { col: 'activo', booleano: true },
    rol: { col: 'id', rol: true },
    creadoEn: { col: 'creado_en' },
    ultimoAcceso: { col: 'ultimo_acceso', nullable: true },
  },
};

/** Which database `db` talks to. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** The column of a whitelisted field. @throws for a field `validateFiltro` would have refused. */
export function columna(entidad: Entidad, campo: string): Columna {
  const c = FILTRO_COLUMNAS[entidad][campo];
  // Unreachable after validateFiltro; a loud error beats an unfiltered answer.
  if (!c) throw new Error(`filtrado: no column for ${entidad}.${campo}`);
  return c;
}

/** `alias.col` of the entity's table (`FILTRO_TABLA`). */
export function ref(entidad: Entidad, col: string) {
  return sql.ref(`${FILTRO_TABLA[entidad].alias}.${col}`);
}

/** A value as bound: booleans become the 0/1 the tables store. */
function bound(v: FiltroValor): string | number {
  return typeof v === 'boolean' ? (v ? 1 : 0) : v;
}

/** `prefix%` with LIKE's wildcards in the value escaped (escape character `\`). */
function likePrefix(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `contiene`/`empieza` over a text column, case-insensitive as `Columna.like` says. */
function likeCondition(
  entidad: Entidad,
  c: Columna,
  operador: 'contiene' | 'empieza',
  value: string,
  dialect: Dialect | undefined,
): RawBuilder<SqlBool> {
  const like: NonNullable<Columna['like']> = c.like ?? LOWER;
  const col = ref(entidad, like.col ?? c.col);
  const folded = like.kind === 'norm' ? normalizeSearch(value) : value.toLowerCase();
  const pattern = operador === 'contiene' ? likeContains(folded) : likePrefix(folded);
  // SQLite's LIKE already folds ASCII case (its lower() folds no more), so on SQLite the column
  // is compared bare: same answers, and a prefix can use a NOCASE index (migration 0006).
  const left = like.kind === 'lower' && dialect !== 'sqlite' ? sql`lower(${col})` : col;
  let cond = sql<SqlBool>`${left} like ${pattern} escape '\\'`;
  if (operador === 'contiene' && entidad === 'usuarios') {
    const index = busquedaSuperset(like.kind, folded, dialect);
    if (index) cond = sql<SqlBool>`(${index} and ${cond})`;
  }
  const upper = operador === 'empieza' ? nextPrefix(folded) : undefined;
  if (like.kind !== 'lower' && upper !== undefined) {
    // On the stored-lowercase columns (nombre_norm, email) the prefix is also a range in the
    // column's own collation. Neither database matches a prefix LIKE to the plain index that
    // orders the page (PostgreSQL needs `text_pattern_ops`, SQLite a NOCASE index), so a page
    // sorted by nombre walked the sort index filtering rows — 0.5 s when the prefix sits
    // mid-alphabet at 1 000 000 users; with the range it starts at the prefix (0.1 ms). The
    // range is a superset of the LIKE (a string sorts between its prefix and the prefix's
    // successor in binary order, C and the usual collations), which still decides.
    return sql<SqlBool>`(${cond} and ${col} >= ${folded} and ${col} < ${upper})`;
  }
  return cond;
}

/**
 * A user's `busqueda` (migration 0002: `nombre_norm` and the normalised e-mail) contains every
 * substring of their nombre_norm, and every ASCII substring of their e-mail. So `contiene` on
 * those fields may first narrow by the indexed search column — the trigram GIN index on
 * PostgreSQL, the FTS5 trigram table on SQLite (phrases of 3+ characters) — instead of reading
 * 1 000 000 rows; the LIKE on the field still decides. Undefined when the index cannot help.
 */
function busquedaSuperset(
  kind: 'norm' | 'lowercase' | 'lower',
  folded: string,
  dialect: Dialect | undefined,
): RawBuilder<SqlBool> | undefined {
  if (kind === 'lower' || dialect === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (kind === 'lowercase' && !/^[\x00-\x7f]*$/.test(folded)) return undefined;
  const needle = normalizeSearch(folded);
  if (dialect === 'postgres') {
    return sql<SqlBool>`${ref('usuarios', 'busqueda')} like ${likeContains(needle)} escape '\\'`;
  }
  if ([...needle].length < 3) return undefined;
  const phrase = `"${needle.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${ref('usuarios', 'id')} in (select rowid from usuarios_busqueda
    where usuarios_busqueda match ${phrase})`;
}

/** The smallest string above every string starting with `prefix`: its last character + 1. */
function nextPrefix(prefix: string): string | undefined {
  const chars = Array.from(prefix);
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/** `u` holds one of these role nombres, for `rol`. */
function holdsRole(nombres: readonly FiltroValor[]) {
  return sql<SqlBool>`exists (select 1 from usuario_roles ur where ur.usuario_id = ${ref('usuarios', 'id')}
    and ur.rol_id in (select r.id from roles r where r.nombre in (${sql.join(nombres.map(bound))})))`;
}

/** One validated condition as SQL over the entity's aliased table. */
export function condicion(
  entidad: Entidad,
  f: CondicionValidada,
  dialect?: Dialect,
  unindexed?: ReadonlySet<string>,
): RawBuilder<SqlBool> {
  const c = columna(entidad, f.campo);
  // SQLite's documented way to keep a term from driving an index: a unary `+` on the column
  // (same value, same answer). See `unindexedCampos`.
  const col = unindexed?.has(f.campo) ? sql`+${ref(entidad, c.col)}` : ref(entidad, c.col);
  const [a, b] = f.valores;
  if (c.rol) {
    // EXISTS, probed per user through usuario_roles_rol_idx: a page walks its order's index
    // and stops after 20 holders (SQLite at 1 000 000 users: 0.1 ms, where `id in (holders)`
    // first listed all 700 000 holders of a role: 1.1 s). PostgreSQL makes either a semi-join.
    // `ne` keeps users holding no role at all.
    return f.operador === 'ne' ? sql<SqlBool>`not ${holdsRole(f.valores)}` : holdsRole(f.valores);
  }
  switch (f.operador) {
    case 'eq':
      return sql<SqlBool>`${col} = ${bound(a!)}`;
    case 'ne':
      // The contract: `ne` keeps the rows where a nullable field is empty.
      return c.nullable
        ? sql<SqlBool>`(${col} <> ${bound(a!)} or ${col} is null)`
        : sql<SqlBool>`${col} <> ${bound(a!)}`;
    case 'lt':
      return sql<SqlBool>`${col} < ${bound(a!)}`;
    case 'lte':
      return sql<SqlBool>`${col} <= ${bound(a!)}`;
    case 'gt':
      return sql<SqlBool>`${col} > ${bound(a!)}`;
    case 'gte':
      return sql<SqlBool>`${col} >= ${bound(a!)}`;
    case 'entre':
      return sql<SqlBool>`${col} between ${bound(a!)} and ${bound(b!)}`;
    case 'en':
      return sql<SqlBool>`${col} in (${sql.join(f.valores.map(bound))})`;
    case 'contiene':
    case 'empieza':
      return likeCondition(entidad, c, f.operador, String(a), dialect);
  }
}

/**
 * The filter's conditions AND-ed into one expression over the entity's aliased table
 * (`FILTRO_TABLA`), for queries that join or aggregate; `true` (`1 = 1`) when there are none.
 */
export function filtroWhere(
  entidad: Entidad,
  filtros: ValidatedFiltro['filtros'],
  dialect?: Dialect,
): Expression<SqlBool> {
  if (filtros.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(
    filtros.map((f) => condicion(entidad, f, dialect)),
    sql` and `,
  )})`;
}

/**
 * Adds the filter's conditions (AND) to a select over the entity's table under its alias
 * (`eventos as e`, `periodos as p`, `usuarios as u`; `rol` is an EXISTS over
 * usuario_roles/roles by nombre). Every value is bound.
 *
 * `dialect` only changes how `contiene`/`empieza` are spelt so SQLite can use its NOCASE
 * indexes; the answers are the same without it.
 */
export function applyFiltros<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  entidad: Entidad,
  filtros: ValidatedFiltro['filtros'],
  dialect?: Dialect,
  unindexed?: ReadonlySet<string>,
): SelectQueryBuilder<DB, TB, O> {
  let q = qb;
  for (const f of filtros) q = q.where(condicion(entidad, f, dialect, unindexed));
  return q;
}
