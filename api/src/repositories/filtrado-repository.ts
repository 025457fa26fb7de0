/**
 * The filter builder's queries (issue #6): a validated filter (`validateFiltro`,
 * services/filtrado-service.ts) as WHERE conditions, one page of matches, or every match in
 * keyset batches for CSV exports. Shared with /api/informes.
 *
 * Injection safety (OWASP SQL Injection Prevention, options 1 and 3): column names come only from
 * the maps below, keyed by the whitelist of `FILTRO_CAMPOS`; every value is a bound parameter;
 * LIKE wildcards in values are escaped (`\` is the escape character on both databases).
 *
 * Base tables and aliases the conditions refer to (`FILTRO_TABLA`): `eventos as e`,
 * `periodos as p`, `usuarios as u`. A query built elsewhere must select from the entity's
 * table under that alias before `applyFiltros`.
 */
import type { Evento, Periodo, Usuario } from '@gestion/shared';
import {
  sql,
  SqliteAdapter,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Dialect } from '../db/types';
import type { CondicionValidada, FiltroValor, ValidatedFiltro } from '../services/filtrado-service';
import { normalizeSearch } from './busqueda';
import { iso, likeContains, toEvento, type EventoRow } from './eventos-repository';
import { toPeriodo, type PeriodoRow } from './periodos-repository';
import { rolesOf } from './usuarios-admin-repository';
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
interface Columna {
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

function columna(entidad: Entidad, campo: string): Columna {
  const c = FILTRO_COLUMNAS[entidad][campo];
  // Unreachable after validateFiltro; a loud error beats an unfiltered answer.
  if (!c) throw new Error(`filtrado: no column for ${entidad}.${campo}`);
  return c;
}

function ref(entidad: Entidad, col: string) {
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

/** An item of the entity's list endpoint. */
export type FiltradoItem = Evento | Periodo | Usuario;

interface UsuarioRow {
  id: number;
  email: string;
  nombre: string;
  activo: number;
  creado_en: number;
  ultimo_acceso: number | null;
  version: number;
}

/** Users as GET /api/usuarios answers them (roles by nombre, alphabetical). */
async function toUsuarios(db: Db, rows: readonly UsuarioRow[]): Promise<Usuario[]> {
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    nombre: r.nombre,
    activo: Number(r.activo) === 1,
    roles: roles.get(r.id) ?? [],
    creadoEn: iso(r.creado_en),
    ultimoAcceso: r.ultimo_acceso === null ? null : iso(r.ultimo_acceso),
    version: r.version,
  }));
}

const USUARIO_COLUMNS = [
  'id',
  'email',
  'nombre',
  'activo',
  'creado_en',
  'ultimo_acceso',
  'version',
] as const;

/** The columns the eventos and periodos mappers read. */
const ALL_COLUMNS = {
  eventos: [
    'id',
    'nombre',
    'descripcion',
    'lugar',
    'busqueda',
    'fecha_inicio',
    'fecha_fin',
    'estado',
    'responsable_id',
    'version',
    'creado_en',
    'actualizado_en',
  ],
  periodos: [
    'id',
    'evento_id',
    'nombre',
    'descripcion',
    'fecha_inicio',
    'fecha_fin',
    'version',
    'creado_en',
    'actualizado_en',
  ],
} as const;

/**
 * The database seen without table types: the entity, its table and alias are chosen at run time
 * from `FILTRO_TABLA`, never from the request.
 */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;

/** `select … from <tabla> as <alias>` of the entity, no condition yet. */
function fromEntidad(db: Db, entidad: Entidad) {
  const { tabla, alias } = FILTRO_TABLA[entidad];
  return (db as unknown as LooseDb).selectFrom(`${tabla} as ${alias}`);
}

/**
 * The fields whose conditions must not choose the index of a sorted page or export batch
 * (`condicion`'s `unindexed`): on SQLite, `activo` when it keeps at least a tenth of the users.
 * Given `activo = 1`, SQLite's planner takes usuarios_activo_idx (0006, there for counting) and
 * sorts all 700 000 matches to return 25 of them (266 ms p95 at 1 000 000 users,
 * bench/results/informes.md); walking the sort's own index and skipping the other value finds
 * 25 rows after about 36. When the value is rare (a few inactive users) the index is the fast
 * path, so the counters (0007) decide. PostgreSQL's planner weighs the LIMIT itself.
 */
async function unindexedCampos(
  db: Db,
  v: ValidatedFiltro,
  dialect: Dialect,
): Promise<ReadonlySet<string> | undefined> {
  if (dialect !== 'sqlite' || v.entidad !== 'usuarios') return undefined;
  const f = v.filtros.find(
    (x) => x.campo === 'activo' && (x.operador === 'eq' || x.operador === 'ne'),
  );
  if (!f) return undefined;
  const { total, activos } = await usuariosContados(db);
  const keeps = (f.valores[0] === true) === (f.operador === 'eq') ? activos : total - activos;
  return keeps * 10 >= total ? new Set(['activo']) : undefined;
}

/** The entity's rows (the columns its mapper reads) selected with the filter, no order yet. */
function filtered(db: Db, v: ValidatedFiltro, dialect: Dialect, unindexed?: ReadonlySet<string>) {
  const q = applyFiltros(fromEntidad(db, v.entidad), v.entidad, v.filtros, dialect, unindexed);
  const { alias } = FILTRO_TABLA[v.entidad];
  const cols = v.entidad === 'usuarios' ? USUARIO_COLUMNS : ALL_COLUMNS[v.entidad];
  return q.select(cols.map((c) => sql.ref(`${alias}.${c}`).as(c)));
}

/** Rows → items in the entity's list shape. */
async function toItems(db: Db, entidad: Entidad, rows: unknown[]): Promise<FiltradoItem[]> {
  if (entidad === 'eventos') return rows.map((r) => toEvento(r as EventoRow));
  if (entidad === 'periodos') return rows.map((r) => toPeriodo(r as PeriodoRow));
  return toUsuarios(db, rows as UsuarioRow[]);
}

/**
 * What a filter asks of the trigger-kept counters: the users holding one role (`rol`) and/or
 * with one `activo`, or every row (`{}`). Undefined when a counter cannot answer it.
 */
export interface Corte {
  readonly rol?: string;
  readonly activo?: boolean;
}

/**
 * Whether every row satisfies `id gte x` / `id gt x`: ids only grow (auto-increment), so a lower
 * bound at or below today's smallest id holds for every row, now and after later inserts. The
 * report "every period" is saved as `id gte 1` (a listado needs a condition).
 */
async function cotaTrivial(db: Db, entidad: Entidad, f: CondicionValidada): Promise<boolean> {
  if (f.campo !== 'id' || (f.operador !== 'gte' && f.operador !== 'gt')) return false;
  const x = Number(f.valores[0]);
  // Asked of the table, not assumed from "ids start at 1": an explicit insert may go lower.
  const { tabla } = FILTRO_TABLA[entidad];
  const r = await sql<{ m: number | null }>`select min(id) as m from ${sql.table(tabla)}`.execute(
    db,
  );
  const min = r.rows[0]?.m;
  if (min === null || min === undefined) return false;
  return f.operador === 'gte' ? x <= Number(min) : x < Number(min);
}

/**
 * The counters' view of a validated filter (`Corte`), or undefined when it needs the table:
 * - periodos with no condition (trivial id lower bounds aside): `periodos_por_evento` (0005);
 * - usuarios with at most one `rol eq` (or `en` of one role) and at most one `activo eq`/`ne`:
 *   `usuarios_total` (0002) and `usuarios_rol_total` (0004), both with their `activos` (0007).
 * `rol en` of several roles is not a sum of counters (a user may hold two of them).
 */
export async function corteDeContadores(db: Db, v: ValidatedFiltro): Promise<Corte | undefined> {
  if (v.entidad === 'eventos') return undefined;
  let rol: string | undefined;
  let activo: boolean | undefined;
  for (const f of v.filtros) {
    const unico = f.operador === 'eq' || (f.operador === 'en' && f.valores.length === 1);
    if (v.entidad === 'usuarios' && f.campo === 'rol' && unico && rol === undefined) {
      rol = String(f.valores[0]);
    } else if (
      v.entidad === 'usuarios' &&
      f.campo === 'activo' &&
      (f.operador === 'eq' || f.operador === 'ne') &&
      activo === undefined
    ) {
      activo = (f.valores[0] === true) === (f.operador === 'eq');
    } else if (!(await cotaTrivial(db, v.entidad, f))) {
      return undefined;
    }
  }
  return { ...(rol === undefined ? {} : { rol }), ...(activo === undefined ? {} : { activo }) };
}

/**
 * Users (all, or the holders of `rol`) and how many of them are active, from the counters:
 * `usuarios_total` (0002/0007) or `usuarios_rol_total` (0004/0007; a role nobody holds, or that
 * does not exist, is 0).
 */
export async function usuariosContados(
  db: Db,
  rol?: string,
): Promise<{ total: number; activos: number }> {
  const r =
    rol === undefined
      ? await sql<{ n: number; a: number }>`select n, activos as a from usuarios_total
          where id = 1`.execute(db)
      : await sql<{ n: number; a: number }>`select coalesce(sum(t.n), 0) as n,
          coalesce(sum(t.activos), 0) as a
          from usuarios_rol_total t join roles r on r.id = t.rol_id
          where r.nombre = ${rol}`.execute(db);
  const row = r.rows[0];
  // usuarios_total always has its row (0002); a missing one is a broken database.
  if (!row) throw new Error('usuarios_total has no row');
  return { total: Number(row.n), activos: Number(row.a) };
}

/** How many rows a `Corte` of the entity holds, read from the counters. */
export async function contarPorContadores(
  db: Db,
  entidad: Exclude<Entidad, 'eventos'>,
  corte: Corte,
): Promise<number> {
  if (entidad === 'periodos') {
    // One row per event with periods: ~100 000 rows summed, not 1 000 000 periods counted.
    const r = await sql<{ n: number }>`select coalesce(sum(n), 0) as n
      from periodos_por_evento`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }
  const { total, activos } = await usuariosContados(db, corte.rol);
  if (corte.activo === undefined) return total;
  return corte.activo ? activos : total - activos;
}

/**
 * How many rows match: from the trigger-kept counters when the filter is a `Corte` of them
 * (`corteDeContadores`) — counting the 500 000 active users, or every period, read every row
 * (0.3–2.4 s p95 at 1 000 000 rows, bench/results/informes.md) — else a count of the matches.
 */
async function countFiltered(db: Db, v: ValidatedFiltro, dialect: Dialect): Promise<number> {
  const corte = await corteDeContadores(db, v);
  if (corte && v.entidad !== 'eventos') return contarPorContadores(db, v.entidad, corte);
  const row = await applyFiltros(fromEntidad(db, v.entidad), v.entidad, v.filtros, dialect)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sort column and whether it can be empty. */
function sortOf(v: ValidatedFiltro) {
  const c = columna(v.entidad, v.sort.campo);
  return { col: c.orden ?? c.col, nullable: c.nullable === true, desc: v.sort.desc };
}

/**
 * One page of the filter's matches in its order (ties by id; empty values last in both
 * directions) and the total over all pages. Items in the entity's list shape: `Evento` as
 * GET /api/eventos, `Periodo`, `Usuario` as GET /api/usuarios (with its role nombres).
 * `page` is 1-based.
 */
export async function findFiltered(
  db: Db,
  validated: ValidatedFiltro,
  page: number,
  pageSize: number,
): Promise<{ items: FiltradoItem[]; total: number }> {
  const dialect = dialectOf(db);
  const s = sortOf(validated);
  const dir = s.desc ? 'desc' : 'asc';
  const key = ref(validated.entidad, s.col);
  const id = ref(validated.entidad, 'id');
  const nulls = s.nullable ? sql` nulls last` : sql``;
  const unindexed = await unindexedCampos(db, validated, dialect);
  const [rows, total] = await Promise.all([
    filtered(db, validated, dialect, unindexed)
      .orderBy(sql`${key} ${sql.raw(dir)}${nulls}`)
      .orderBy(sql`${id} ${sql.raw(dir)}`)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    countFiltered(db, validated, dialect),
  ]);
  return { items: await toItems(db, validated.entidad, rows), total };
}

/**
 * Every match of the filter in its order (as `findFiltered`), `batchSize` items per batch, for
 * CSV exports: each batch is one query resumed after the previous batch's last sort key and id
 * (keyset, no OFFSET), so memory stays at one batch and a late batch costs what the first does.
 * A nullable sort key is read in two runs: the rows that have it, then the empty ones by id.
 */
export async function* streamFiltered(
  db: Db,
  validated: ValidatedFiltro,
  batchSize = 1000,
): AsyncIterable<FiltradoItem[]> {
  const dialect = dialectOf(db);
  const s = sortOf(validated);
  const dir = sql.raw(s.desc ? 'desc' : 'asc');
  const cmp = sql.raw(s.desc ? '<' : '>');
  const key = ref(validated.entidad, s.col);
  const id = ref(validated.entidad, 'id');
  const runs: ('valued' | 'empty')[] = s.nullable ? ['valued', 'empty'] : ['valued'];
  const unindexed = await unindexedCampos(db, validated, dialect);
  for (const run of runs) {
    let last: { key: unknown; id: number } | undefined;
    for (;;) {
      let q = filtered(db, validated, dialect, unindexed).select([
        sql<unknown>`${key}`.as('__clave'),
        sql<number>`${id}`.as('__id'),
      ]);
      if (s.nullable) {
        q = q.where(
          run === 'valued' ? sql<SqlBool>`${key} is not null` : sql<SqlBool>`${key} is null`,
        );
      }
      if (last && run === 'valued') {
        const k = last.key;
        q = q.where(
          sql<SqlBool>`(${key} ${cmp} ${k} or (${key} = ${k} and ${id} ${cmp} ${last.id}))`,
        );
      } else if (last) {
        q = q.where(sql<SqlBool>`${id} ${cmp} ${last.id}`);
      }
      q = run === 'valued' ? q.orderBy(sql`${key} ${dir}`) : q;
      const rows = (await q
        .orderBy(sql`${id} ${dir}`)
        .limit(batchSize)
        .execute()) as Record<string, unknown>[];
      if (rows.length) {
        const tail = rows[rows.length - 1]!;
        last = { key: tail.__clave, id: Number(tail.__id) };
        yield await toItems(db, validated.entidad, rows);
      }
      if (rows.length < batchSize) break;
    }
  }
}
