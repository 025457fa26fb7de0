/**
 * The administration's lists of users (issue #4): one page of GET /api/usuarios and its total
 * (`listUsuarios`), every match in batches for the CSV export (`iterateUsuarios`); the filter
 * and sort they apply are in usuarios-list-filter.ts. Each plan below carries the measurement that chose it (issue #4
 * benchmark, 1 000 000 users). Plain functions over a Kysely instance or transaction (STYLE.md).
 */
import { USUARIOS_TOTAL_MAX, type Usuario } from '@gestion/shared';
import { expressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import type { Db } from '../db/types';
import {
  filterExpr,
  flagFiltered,
  ftsQuery,
  orderBy,
  searchWords,
  type UsuarioFilter,
  type UsuarioSort,
} from './usuarios-list-filter';
import {
  dialectOf,
  ROW_COLUMNS,
  withRoles,
  type UsuarioListRow,
} from './usuarios-admin-repository';

export { parseUsuarioSort, type UsuarioFilter, type UsuarioSort } from './usuarios-list-filter';

/**
 * One page of rows in list order. A "deferred join": the page's ids are picked first from the
 * sort index alone (index-only, however deep the page), then only those rows are read — an
 * OFFSET over full rows would fetch and throw away every skipped row (measured on PostgreSQL at
 * 100 000 users: 200 ms p50 for a deep page).
 *
 * When `total` (the exact number of matches) is known and the page lies in the second half,
 * the ids are picked walking the order backwards from the end, so no page skips more than half
 * the matches: the last pages at 1 000 000 users measured 105 ms p95 on PostgreSQL walking
 * forwards.
 */
function selectPage(
  db: Db,
  filter: UsuarioFilter,
  sort: UsuarioSort,
  limit: number,
  offset: number,
  total?: number,
) {
  const reverse = total !== undefined && offset > 0 && offset + limit / 2 > total / 2;
  const ids = orderBy(
    db
      .selectFrom('usuarios')
      .select('usuarios.id')
      .where((eb) => filterExpr(eb, filter, dialectOf(db), 'walk')),
    sort,
    reverse,
  )
    .limit(reverse ? Math.max(0, Math.min(limit, total - offset)) : limit)
    .offset(reverse ? Math.max(0, total - offset - limit) : offset);
  return orderBy(
    db.selectFrom('usuarios').select(ROW_COLUMNS).where('usuarios.id', 'in', ids),
    sort,
    false,
  );
}

/**
 * One page, in list order, of the users `ids` (a search's few matches, see `countMatches`):
 * those rows fetched by primary key and sorted. Left to itself PostgreSQL walked the nombre
 * index until it met 25 of 1 100 ids ("gonz" at 100 000 users: 12–25 ms instead of ~2).
 */
function pageOfIds(
  db: Db,
  ids: readonly number[],
  sort: UsuarioSort,
  limit: number,
  offset: number,
) {
  return orderBy(
    db
      .selectFrom('usuarios')
      .select(ROW_COLUMNS)
      .where(
        dialectOf(db) === 'postgres'
          ? // One array parameter: planning an IN list of 1 000 parameters took ~1.3 ms.
            sql<SqlBool>`usuarios.id = any(cast(${[...ids]} as integer[]))`
          : sql<SqlBool>`usuarios.id in (${sql.join(ids)})`,
      ),
    sort,
    false,
    true,
  )
    .limit(limit)
    .offset(offset);
}

/**
 * The largest `total` a search (`q`) or the `activo` filter reports. Counting every match of a
 * fragment costs a read of each matching row: "mar" matches 150 000 of 1 000 000 users (130 ms
 * p50 on PostgreSQL before this cap; issue #4 benchmark, target p95 ≤ 50 ms), and even "gonz"
 * (10 800 rows on 9 700 heap pages) took 170 ms counting up to 10 000 on a busy machine. Up to
 * 2 000 the count stays within a few ms, and a search matching more is one to narrow, not to
 * page through (80 pages of 25). Below it the total is exact; from it on the list says
 * TOTAL_MAX (documented in routes/api/usuarios/README.md). The unfiltered and role-only totals
 * are exact at any size (trigger-kept counters).
 */
export const TOTAL_MAX = USUARIOS_TOTAL_MAX;

/**
 * How many users match. Unfiltered, the trigger-kept `usuarios_total`; with only a role
 * filter, the trigger-kept `usuarios_rol_total` (migration 0004) — both exact at any size, and
 * without `ids`. Otherwise see `countMatches`.
 */
async function countUsuarios(
  db: Db,
  filter: UsuarioFilter,
): Promise<{ total: number; ids?: number[] }> {
  const noQ = searchWords(filter.q).length === 0;
  if (noQ && !filter.rol && !flagFiltered(filter)) {
    // Kept by triggers (migration 0002): no count over every row for the default view.
    const total = await sql<{ n: number }>`select n from usuarios_total where id = 1`.execute(db);
    const n = total.rows[0]?.n;
    if (n !== undefined) return { total: Number(n) };
  }
  if (filter.rol && noQ && !flagFiltered(filter)) {
    // No row: the role is unknown or nobody ever held it.
    const row = await sql<{ n: number }>`select t.n from usuarios_rol_total t
      join roles r on r.id = t.rol_id where r.nombre = ${filter.rol}`.execute(db);
    return { total: Number(row.rows[0]?.n ?? 0) };
  }
  return countMatches(db, filter);
}

/**
 * The ids of the first TOTAL_MAX matches (in no order), through the search index. Fewer
 * than TOTAL_MAX: `total` is exact and `ids` are every match, so the page is sorted from them
 * without searching again. Otherwise `total` is TOTAL_MAX and no ids are returned.
 */
async function countMatches(
  db: Db,
  filter: UsuarioFilter,
): Promise<{ total: number; ids?: number[] }> {
  const dialect = dialectOf(db);
  const words = searchWords(filter.q);
  const indexed = dialect === 'sqlite' ? words.filter((w) => [...w].length >= 3) : [];
  let ids: number[];
  if (indexed.length > 0) {
    // SQLite: driven from the trigram index (a phrase of 3+ characters is a substring match;
    // CROSS JOIN fixes the loop order), so the first TOTAL_MAX hits end it. Written as
    // `id in (…)` SQLite would first collect every hit (138 ms for "mar" at 1 000 000 users).
    const short = words.filter((w) => !indexed.includes(w));
    const onlyIndexed = short.length === 0 && !filter.rol && !flagFiltered(filter);
    const match = ftsQuery(indexed);
    // The index alone when nothing else filters (its rowid is the user's id): joining each hit
    // to its `usuarios` row is a random read of the table (34 ms for 2 000 hits, cold).
    const res = onlyIndexed
      ? await sql<{ id: number }>`select rowid as id from usuarios_busqueda
          where usuarios_busqueda match ${match} limit ${TOTAL_MAX}`.execute(db)
      : await sql<{ id: number }>`select usuarios.id from usuarios_busqueda
          cross join usuarios on usuarios.id = usuarios_busqueda.rowid
          where usuarios_busqueda match ${match} and ${filterExpr(
            expressionBuilder<Database, 'usuarios'>(),
            { ...filter, q: short.join(' ') },
            dialect,
            'match',
          )}
          limit ${TOTAL_MAX}`.execute(db);
    ids = res.rows.map((r) => r.id);
  } else {
    const rows = await db
      .selectFrom('usuarios')
      .select('usuarios.id')
      .where((eb) => filterExpr(eb, filter, dialect, 'match'))
      .limit(TOTAL_MAX)
      .execute();
    ids = rows.map((r) => r.id);
  }
  return ids.length < TOTAL_MAX ? { total: ids.length, ids } : { total: TOTAL_MAX };
}

/**
 * One page of users and the total matching the filter. The count comes first when it decides
 * the page's plan: from which end the page is nearer (`selectPage`), or — a search with fewer
 * than TOTAL_MAX matches — the matches themselves (`countMatches`).
 */
export async function listUsuarios(
  db: Db,
  filter: UsuarioFilter,
  sort: UsuarioSort,
  page: number,
  pageSize: number,
): Promise<{ items: Usuario[]; total: number }> {
  const offset = (page - 1) * pageSize;
  const counted = searchWords(filter.q).length > 0 || flagFiltered(filter);
  if (offset === 0 && !counted) {
    // Neither walks backwards nor depends on the matches: both queries at once.
    const [rows, { total }] = await Promise.all([
      selectPage(db, filter, sort, pageSize, 0).execute(),
      countUsuarios(db, filter),
    ]);
    return { items: await withRoles(db, rows), total };
  }
  const { total, ids } = await countUsuarios(db, filter);
  let rows: UsuarioListRow[];
  if (ids) {
    rows = offset >= ids.length ? [] : await pageOfIds(db, ids, sort, pageSize, offset).execute();
  } else if (!counted) {
    // An exact total from the counters: the page may be walked from the nearer end.
    rows =
      offset >= total ? [] : await selectPage(db, filter, sort, pageSize, offset, total).execute();
  } else {
    // TOTAL_MAX or more matches: only "at least" is known, so the page is walked from the start.
    rows = await selectPage(db, filter, sort, pageSize, offset).execute();
  }
  return { items: await withRoles(db, rows), total };
}

/**
 * Every matching user in list order, `batch` rows per query (CSV export): memory stays bounded
 * by one batch however many users there are.
 */
export async function* iterateUsuarios(
  db: Db,
  filter: UsuarioFilter,
  sort: UsuarioSort,
  batch = 1000,
): AsyncGenerator<Usuario[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await selectPage(db, filter, sort, batch, offset).execute();
    if (rows.length === 0) return;
    yield await withRoles(db, rows);
    if (rows.length < batch) return;
  }
}
