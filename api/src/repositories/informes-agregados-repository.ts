/**
 * The GROUP BY queries the report types run (issue #6): events by estado and by month, periods
 * per event, users by role and by activo, audit activity per day. Plain functions over Kysely or
 * a transaction.
 *
 * Each takes an optional `where`: the saved filter's conditions as one SQL expression over the
 * entity's table under the filter engine's alias (`eventos as e`, `periodos as p`,
 * `usuarios as u`; see `filtroWhere` in filtrado-condiciones.ts). Without one they read the
 * cheapest source there is (the trigger-kept `periodos_por_evento` counter).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/types';

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
