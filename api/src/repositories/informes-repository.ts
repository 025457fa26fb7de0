/**
 * Saved reports (issue #6): the `informes` rows, and the GROUP BY queries the report types run.
 * Plain functions over Kysely or a transaction. Dates are UTC epoch ms in the database and ISO
 * UTC strings on the wire (`toInforme`).
 *
 * The aggregate queries take an optional `where`: the saved filter's conditions as one SQL
 * expression over the entity's table under the filter engine's alias (`eventos as e`,
 * `periodos as p`, `usuarios as u`; see `filtroWhere` in filtrado-repository.ts). Without one
 * they read the cheapest source there is (the trigger-kept `periodos_por_evento` counter).
 */
import {
  INFORME_ENTIDAD,
  INFORME_TIPOS,
  type FiltroEntidad,
  type FiltroGuardado,
  type Informe,
  type InformeTipo,
} from '@gestion/shared';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { InformesTable } from '../db/database';
import { iso, likeContains } from './eventos-repository';
import type { Db } from '../db/types';

export type InformeRow = Selectable<InformesTable>;

/** A report row with its author's nombre (null when there is no author any more). */
export type InformeConAutor = InformeRow & { autor_nombre: string | null };

/** A row as the api answers it. */
export function toInforme(row: InformeConAutor): Informe {
  return {
    id: row.id,
    nombre: row.nombre,
    descripcion: row.descripcion,
    tipo: row.tipo as InformeTipo,
    filtros: row.filtros === null ? null : (JSON.parse(row.filtros) as FiltroGuardado),
    creadoPor:
      row.creado_por === null ? null : { id: row.creado_por, nombre: row.autor_nombre ?? '' },
    creadoEn: iso(Number(row.creado_en)),
    actualizadoEn: iso(Number(row.actualizado_en)),
    version: row.version,
  };
}

/** `select informes.*, autor nombre` — every read of a report goes through it. */
function selectInformes(db: Db) {
  return db
    .selectFrom('informes')
    .leftJoin('usuarios', 'usuarios.id', 'informes.creado_por')
    .selectAll('informes')
    .select('usuarios.nombre as autor_nombre');
}

/** Wire sort field → column; `nombre` sorts by its normalised copy (accents and case aside). */
const SORT_COLUMNS = {
  nombre: 'informes.busqueda',
  tipo: 'informes.tipo',
  creadoEn: 'informes.creado_en',
  actualizadoEn: 'informes.actualizado_en',
} as const;
export type InformeSortField = keyof typeof SORT_COLUMNS;

/** The filters of GET /api/informes, already parsed. */
export interface InformeFilter {
  /** Normalised words (`searchText`); every one must occur in the nombre. */
  words: string[];
  tipo?: InformeTipo;
  sort: { field: InformeSortField; desc: boolean };
  page: number;
  pageSize: number;
  /**
   * Only reports whose data the caller may read (issue #13): the entities they see and whether
   * they read the audit log (`actividad`). Absent: every report (an admin).
   */
  datos?: { entidades: readonly FiltroEntidad[]; auditoria: boolean };
}

/** A `listado`'s filter entity, read from its stored JSON (written by `JSON.stringify`). */
function listadoEntidad(dialect: 'sqlite' | 'postgres') {
  return dialect === 'postgres'
    ? sql<string>`(informes.filtros::jsonb ->> 'entidad')`
    : sql<string>`json_extract(informes.filtros, '$.entidad')`;
}

/** The reports a caller with `datos` may run: counts over their entities, listados over them, `actividad` with the audit log. */
function visibles(
  datos: NonNullable<InformeFilter['datos']>,
  dialect: 'sqlite' | 'postgres',
): Expression<SqlBool> {
  const tipos: string[] = INFORME_TIPOS.filter((t) => {
    const entidad = INFORME_ENTIDAD[t];
    return entidad !== null && datos.entidades.includes(entidad);
  });
  if (datos.auditoria) tipos.push('actividad');
  const conds: Expression<SqlBool>[] = [];
  if (tipos.length) conds.push(sql<SqlBool>`informes.tipo in (${sql.join(tipos)})`);
  if (datos.entidades.length) {
    conds.push(
      sql<SqlBool>`(informes.tipo = 'listado' and ${listadoEntidad(dialect)} in (${sql.join([
        ...datos.entidades,
      ])}))`,
    );
  }
  return conds.length ? sql<SqlBool>`(${sql.join(conds, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/** One page of reports and the total matching the filter and the caller's `datos` (ties broken by id). */
export async function listInformes(
  db: Db,
  filter: InformeFilter,
  dialect: 'sqlite' | 'postgres',
): Promise<{ items: InformeConAutor[]; total: number }> {
  let base = db.selectFrom('informes');
  if (filter.datos) base = base.where(visibles(filter.datos, dialect));
  for (const w of filter.words) {
    base = base.where(sql<SqlBool>`informes.busqueda like ${likeContains(w)} escape '\\'`);
  }
  if (filter.tipo) base = base.where('informes.tipo', '=', filter.tipo);
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  const offset = (filter.page - 1) * filter.pageSize;
  if (offset >= total) return { items: [], total };
  const dir = filter.sort.desc ? 'desc' : 'asc';
  const ids = base
    .select('informes.id')
    .orderBy(SORT_COLUMNS[filter.sort.field], dir)
    .orderBy('informes.id', dir)
    .limit(filter.pageSize)
    .offset(offset);
  const items = await selectInformes(db)
    .where('informes.id', 'in', ids)
    .orderBy(SORT_COLUMNS[filter.sort.field], dir)
    .orderBy('informes.id', dir)
    .execute();
  return { items, total };
}

/** The report with its author's nombre, or undefined. */
export function findInforme(db: Db, id: number): Promise<InformeConAutor | undefined> {
  return selectInformes(db).where('informes.id', '=', id).executeTakeFirst();
}

/** What an insert needs; `busqueda` is given by the caller (`searchText(nombre)`). */
export interface NewInforme {
  nombre: string;
  busqueda: string;
  descripcion: string;
  tipo: InformeTipo;
  filtros: FiltroGuardado | null;
  creadoPor: number | null;
  at: number;
}

/** Inserts a report (version 1); answers its id. */
export async function insertInforme(db: Db, i: NewInforme): Promise<number> {
  const row = await db
    .insertInto('informes')
    .values({
      nombre: i.nombre,
      busqueda: i.busqueda,
      descripcion: i.descripcion,
      tipo: i.tipo,
      filtros: i.filtros === null ? null : JSON.stringify(i.filtros),
      creado_por: i.creadoPor,
      version: 1,
      creado_en: i.at,
      actualizado_en: i.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes to a report; absent fields stay. */
export interface InformeChanges {
  nombre?: { nombre: string; busqueda: string };
  descripcion?: string;
  filtros?: FiltroGuardado | null;
}

/**
 * Applies `changes` when the stored version is still `version` (optimistic lock, DESIGN.md §3)
 * and bumps it. False when the report is gone or the version is stale.
 */
export async function updateInforme(
  db: Db,
  id: number,
  version: number,
  changes: InformeChanges,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('informes')
    .set({
      ...(changes.nombre ? changes.nombre : {}),
      ...(changes.descripcion !== undefined ? { descripcion: changes.descripcion } : {}),
      ...(changes.filtros !== undefined
        ? { filtros: changes.filtros === null ? null : JSON.stringify(changes.filtros) }
        : {}),
      version: version + 1,
      actualizado_en: at,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the report; false when it was gone. */
export async function deleteInforme(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('informes').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// Report queries
// ---------------------------------------------------------------------------------------------

/** Days from 0001-01-01 to 1970-01-01 (proleptic Gregorian calendar). */
const EPOCH_DAY_OFFSET = 719_162;
const DAY_MS = 86_400_000;

/**
 * An epoch-ms column as a whole UTC day number, counted from 0001-01-01 so it is never negative
 * and integer division floors on both databases (`bigint / integer` on PostgreSQL, integer
 * division on SQLite). Plain arithmetic instead of `to_char(to_timestamp(…))` / `strftime`:
 * formatting every row measured ≈ 375 ms for 100 000 events and ≈ 920 ms for 200 000 audit rows
 * on PostgreSQL (a busy 2-core machine); the day numbers are formatted once per group (`utcDay`).
 */
function dayNumber(column: string) {
  return sql<number>`((${sql.ref(column)} + ${sql.lit(EPOCH_DAY_OFFSET * DAY_MS)}) / ${sql.lit(DAY_MS)})`;
}

/** A `dayNumber` as its UTC date, `YYYY-MM-DD`. */
function utcDay(dayNumber: number): string {
  return new Date((dayNumber - EPOCH_DAY_OFFSET) * DAY_MS).toISOString().slice(0, 10);
}

/** Rows per UTC day (`dayNumber` ascending) of `table as alias` matching `where`. */
async function countPerDay(
  db: Db,
  from: ReturnType<typeof sql>,
  column: string,
  where: Expression<SqlBool> | undefined,
): Promise<{ dia: string; n: number }[]> {
  const day = dayNumber(column);
  const r = await sql<{ d: number; n: number }>`
    select ${day} as d, count(*) as n from ${from}
    where ${whereOrTrue(where)} group by ${day} order by ${day}`.execute(db);
  return r.rows.map((x) => ({ dia: utcDay(Number(x.d)), n: Number(x.n) }));
}

/** A condition, or `1 = 1` when there is none. */
function whereOrTrue(where: Expression<SqlBool> | undefined): Expression<SqlBool> {
  return where ?? sql<SqlBool>`1 = 1`;
}

/** Events per estado (only the estados that have some), among those matching `where`. */
export async function eventosPorEstado(
  db: Db,
  where?: Expression<SqlBool>,
): Promise<Map<string, number>> {
  const r = await sql<{ estado: string; n: number }>`
    select e.estado as estado, count(*) as n from eventos as e
    where ${whereOrTrue(where)} group by e.estado`.execute(db);
  return new Map(r.rows.map((x) => [x.estado, Number(x.n)]));
}

/** Above this many months between the first and last event, months are folded from days. */
const MONTH_RANGES_MAX = 1200;

/** The UTC months `[YYYY-MM, first ms, next month's first ms)` from `lo`'s month to `hi`'s. */
function monthRanges(lo: number, hi: number): [string, number, number][] {
  const out: [string, number, number][] = [];
  const d = new Date(lo);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth();
  for (let start = Date.UTC(y, m, 1); start <= hi;) {
    const next = Date.UTC(m === 11 ? y + 1 : y, (m + 1) % 12, 1);
    out.push([new Date(start).toISOString().slice(0, 7), start, next]);
    if (out.length > MONTH_RANGES_MAX) break;
    [y, m, start] = [m === 11 ? y + 1 : y, (m + 1) % 12, next];
  }
  return out;
}

/**
 * Events per UTC month of fechaInicio (`YYYY-MM`, oldest first; months with events only), among
 * those matching `where`. One count per month over `eventos_fecha_inicio_idx` (an index range,
 * no per-row date formatting): grouping 100 000 events by a formatted month measured ≈ 375 ms on
 * PostgreSQL (busy machine), by day number ≈ 410 ms (25 000 groups). Spans over a century fall
 * back to counting per day and folding.
 */
export async function eventosPorMes(
  db: Db,
  where?: Expression<SqlBool>,
): Promise<{ mes: string; n: number }[]> {
  const span = await sql<{ lo: number | null; hi: number | null }>`
    select min(e.fecha_inicio) as lo, max(e.fecha_inicio) as hi from eventos as e
    where ${whereOrTrue(where)}`.execute(db);
  const { lo, hi } = span.rows[0] ?? { lo: null, hi: null };
  if (lo === null || hi === null) return [];
  const ranges = monthRanges(Number(lo), Number(hi));
  if (ranges.length > MONTH_RANGES_MAX) return foldMonths(db, where);
  const values = sql.join(
    ranges.map(
      ([, a, b], k) => sql`(cast(${k} as integer), cast(${a} as bigint), cast(${b} as bigint))`,
    ),
  );
  const r = await sql<{ k: number; n: number }>`
    with m (k, a, b) as (values ${values})
    select m.k as k, (select count(*) from eventos as e
      where e.fecha_inicio >= m.a and e.fecha_inicio < m.b and ${whereOrTrue(where)}) as n
    from m order by m.k`.execute(db);
  return r.rows
    .map((x) => ({ mes: ranges[Number(x.k)]![0], n: Number(x.n) }))
    .filter((x) => x.n > 0);
}

/** Events per month counted per day in SQL and folded into months here. */
async function foldMonths(db: Db, where: Expression<SqlBool> | undefined) {
  const days = await countPerDay(db, sql`eventos as e`, 'e.fecha_inicio', where);
  const months: { mes: string; n: number }[] = [];
  for (const { dia, n } of days) {
    const mes = dia.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.mes === mes) last.n += n;
    else months.push({ mes, n });
  }
  return months;
}

/** Above this many days between the first and last audit row, days are grouped instead. */
const DAY_RANGES_MAX = 5000;

/**
 * Audit events per UTC day (`YYYY-MM-DD`, oldest first; days with rows only). One count per day
 * between the first and last row, each an index-only range of `auditoria_creado_idx`: grouping
 * by day number made PostgreSQL sort all rows by the computed day (it cannot tell the day
 * follows `creado_en`'s order) — an external merge sort over 200 000 rows, 95–125 ms and 2 062
 * heap pages read on a quiet query; the day ranges took 37 ms reading the index alone (731
 * days, bench seed). Spans over `DAY_RANGES_MAX` days group instead.
 */
export async function actividadPorDia(db: Db): Promise<{ dia: string; n: number }[]> {
  const span = await sql<{ lo: number | null; hi: number | null }>`
    select min(a.creado_en) as lo, max(a.creado_en) as hi from auditoria as a`.execute(db);
  const { lo, hi } = span.rows[0] ?? { lo: null, hi: null };
  if (lo === null || hi === null) return [];
  const first = Math.floor(Number(lo) / DAY_MS) + EPOCH_DAY_OFFSET;
  const last = Math.floor(Number(hi) / DAY_MS) + EPOCH_DAY_OFFSET;
  if (last - first >= DAY_RANGES_MAX) {
    return countPerDay(db, sql`auditoria as a`, 'a.creado_en', undefined);
  }
  const start = sql`(cast(d.k as bigint) - ${sql.lit(EPOCH_DAY_OFFSET)}) * ${sql.lit(DAY_MS)}`;
  const r = await sql<{ k: number; n: number }>`
    with recursive d (k) as (
      select cast(${first} as integer) union all select k + 1 from d where k < ${last})
    select d.k as k, (select count(*) from auditoria as a
      where a.creado_en >= ${start} and a.creado_en < ${start} + ${sql.lit(DAY_MS)}) as n
    from d order by d.k`.execute(db);
  return r.rows
    .filter((x) => Number(x.n) > 0)
    .map((x) => ({ dia: utcDay(Number(x.k)), n: Number(x.n) }));
}

/**
 * Every role (by nombre, alphabetical) with how many users hold it, zeros included, among the
 * users matching `where` (or, without `where`, whose activo is `activo`). Unfiltered or by
 * `activo` alone, read from `usuarios_rol_total` (kept by triggers, migrations 0004 and 0007):
 * grouping the 1 000 000 links of a million users measured ≈ 90 ms on PostgreSQL and ≈ 140 ms
 * on SQLite; the counter answers in one read per role.
 */
export async function usuariosPorRol(
  db: Db,
  where?: Expression<SqlBool>,
  activo?: boolean,
): Promise<{ rol: string; n: number }[]> {
  // Filtered: driven by the matching users, each joined to its roles by the primary key
  // (usuario_id, rol_id) — measured faster than `usuario_id in (…)` on both databases.
  // Filtered by `activo` alone (`activo` given, no `where`): the counters' active split
  // (migration 0007) — joining the 500 000 active users to their roles took 0.5–1.5 s p95.
  const counts = where
    ? sql`(select ur.rol_id as rol_id, count(*) as n
           from usuarios as u join usuario_roles ur on ur.usuario_id = u.id
           where ${where} group by ur.rol_id)`
    : activo === undefined
      ? sql`usuarios_rol_total`
      : sql`(select rol_id, ${sql.raw(activo ? 'activos' : 'n - activos')} as n
             from usuarios_rol_total)`;
  const r = await sql<{ rol: string; n: number | null }>`
    select r.nombre as rol, c.n as n from roles r
    left join ${counts} c on c.rol_id = r.id
    order by r.nombre`.execute(db);
  return r.rows.map((x) => ({ rol: x.rol, n: Number(x.n ?? 0) }));
}

/**
 * Active and inactive users among those matching `where` (the usuarios listado's chart): two
 * counts over `usuarios_activo_idx` (migration 0006), which SQLite answers from the index alone
 * (a GROUP BY activo read every row: ≈ 2× slower at 750 000 users).
 */
export async function usuariosPorActivo(
  db: Db,
  where?: Expression<SqlBool>,
): Promise<{ activos: number; inactivos: number }> {
  const w = whereOrTrue(where);
  const r = await sql<{ activos: number; inactivos: number }>`select
    (select count(*) from usuarios as u where u.activo = 1 and ${w}) as activos,
    (select count(*) from usuarios as u where u.activo = 0 and ${w}) as inactivos`.execute(db);
  const row = r.rows[0];
  return { activos: Number(row?.activos ?? 0), inactivos: Number(row?.inactivos ?? 0) };
}

/** One row of `periodos-por-evento`. */
export interface PeriodosDeEvento {
  eventoId: number;
  evento: string;
  n: number;
}

/** Resume point of a keyset walk over (n desc, eventoId asc). */
type After = { n: number; eventoId: number } | undefined;

/**
 * Events with periods and their count, most first (ties by event id), `limit` rows from `offset`
 * or after `after` (keyset). Unfiltered, read from `periodos_por_evento` (kept by triggers,
 * migration 0005) along its `(n desc, evento_id)` index; filtered, grouped from `periodos`.
 */
export async function periodosPorEvento(
  db: Db,
  opts: { where?: Expression<SqlBool>; limit: number; offset?: number; after?: After },
): Promise<PeriodosDeEvento[]> {
  const { where, limit, offset = 0, after } = opts;
  const grouped = where
    ? sql`(select p.evento_id as evento_id, count(*) as n from periodos as p
           where ${where} group by p.evento_id)`
    : sql`periodos_por_evento`;
  const resume = after
    ? sql`where (g.n < ${after.n} or (g.n = ${after.n} and g.evento_id > ${after.eventoId}))`
    : sql``;
  const r = await sql<{ evento_id: number; nombre: string; n: number }>`
    select g.evento_id as evento_id, e.nombre as nombre, g.n as n
    from ${grouped} g join eventos e on e.id = g.evento_id
    ${resume}
    order by g.n desc, g.evento_id asc
    limit ${limit} offset ${offset}`.execute(db);
  return r.rows.map((x) => ({ eventoId: x.evento_id, evento: x.nombre, n: Number(x.n) }));
}

/** How many events have periods (matching `where`): the row count of `periodosPorEvento`. */
export async function countEventosConPeriodos(
  db: Db,
  where?: Expression<SqlBool>,
): Promise<number> {
  const r = where
    ? await sql<{ n: number }>`select count(distinct p.evento_id) as n from periodos as p
        where ${where}`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from periodos_por_evento`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Every row of `periodosPorEvento`, `batchSize` at a time, each batch one keyset query resumed
 * after the previous batch's last (n, eventoId): CSV exports read no row twice.
 */
export async function* periodosPorEventoBatches(
  db: Db,
  where: Expression<SqlBool> | undefined,
  batchSize: number,
): AsyncGenerator<PeriodosDeEvento[]> {
  let after: After;
  for (;;) {
    const rows = await periodosPorEvento(db, {
      ...(where ? { where } : {}),
      limit: batchSize,
      after,
    });
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { n: last.n, eventoId: last.eventoId };
  }
}
