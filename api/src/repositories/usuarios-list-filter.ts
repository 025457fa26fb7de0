/**
 * What GET /api/usuarios and its CSV export filter and sort by (issue #4): the filter and its
 * WHERE, the `campo|-campo` sort and its ORDER BY, and how the words of `q` are matched. The
 * queries that use them are in usuarios-list-repository.ts; each plan carries the measurement
 * that chose it (issue #4 benchmark, 1 000 000 users).
 */
import type { UsuarioSortField } from '@gestion/shared';
import {
  sql,
  type ExpressionBuilder,
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../db/database';
import type { Dialect } from '../db/types';
import { containsPattern, normalizeSearch } from './busqueda';

/** The list filter of GET /api/usuarios and its CSV export. */
export interface UsuarioFilter {
  /** Each word matched anywhere in nombre or e-mail, accent- and case-insensitive. */
  q?: string;
  /** A role nombre the user must hold. */
  rol?: string;
  activo?: boolean;
  /** Only users with (true) or without (false) a pending invitation (issue #15). */
  invitacionPendiente?: boolean;
}

/** Whether a flag filter (activo, invitacionPendiente) is set: counted like a search. */
export function flagFiltered(f: UsuarioFilter): boolean {
  return f.activo !== undefined || f.invitacionPendiente !== undefined;
}

/** `campo` or `-campo` of USUARIO_SORT_FIELDS. */
export interface UsuarioSort {
  field: UsuarioSortField;
  desc: boolean;
}

/** Parses `sort` (already validated by the schema); default `nombre` ascending. */
export function parseUsuarioSort(sort: string | undefined): UsuarioSort {
  const s = sort ?? 'nombre';
  const desc = s.startsWith('-');
  return { field: (desc ? s.slice(1) : s) as UsuarioSortField, desc };
}

const SORT_COLUMNS = {
  nombre: 'usuarios.nombre_norm',
  email: 'usuarios.email',
  creadoEn: 'usuarios.creado_en',
  ultimoAcceso: 'usuarios.ultimo_acceso',
} as const;

/**
 * How a query finds the rows matching `q`:
 * - `walk` (pages): down the sort index, testing each entry, stopping after one page of hits.
 *   On PostgreSQL the LIKE is written so the trigram index cannot serve it: the planner
 *   estimates a 4-letter fragment at 100 rows and would fetch and sort all 10 800 matches of
 *   "gonz" (112 ms at 1 000 000 users) instead of walking ~2 500 index entries.
 * - `match` (counts): through the search index (PostgreSQL's pg_trgm; SQLite's FTS5 count is
 *   written apart, see `countMatches`).
 */
export type SearchPlan = 'walk' | 'match';

/** The words of `q`, normalised, at most 8. */
export function searchWords(q: string | undefined): string[] {
  return normalizeSearch(q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** An FTS5 trigram query for words of 3+ characters: each a phrase (a substring), all required. */
export function ftsQuery(words: readonly string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');
}

/**
 * The WHERE of the list, its counts and the export: every word of `q` (as `plan` says), the
 * flags and the role, ANDed.
 */
export function filterExpr(
  eb: ExpressionBuilder<Database, 'usuarios'>,
  f: UsuarioFilter,
  dialect: Dialect,
  plan: SearchPlan = 'walk',
) {
  const conds: Expression<SqlBool>[] = [];
  // Every word of `q` must appear (in any order) in the nombre or the e-mail.
  for (const word of searchWords(f.q)) {
    conds.push(
      dialect === 'postgres' && plan === 'walk'
        ? sql<SqlBool>`(usuarios.busqueda || '') like ${containsPattern(word)} escape '\\'`
        : sql<SqlBool>`usuarios.busqueda like ${containsPattern(word)} escape '\\'`,
    );
  }
  if (f.activo !== undefined) conds.push(eb('usuarios.activo', '=', f.activo ? 1 : 0));
  if (f.invitacionPendiente !== undefined)
    conds.push(eb('usuarios.invitacion_pendiente', '=', f.invitacionPendiente ? 1 : 0));
  if (f.rol) {
    // "Holds the role" as a probe of usuario_roles' primary key (usuario_id, rol_id) per row:
    // a page then walks the sort index and stops after one page of holders. The previous
    // `id in (holders)` built the set of every holder first — 700 000 rows for `usuario` at
    // 1 000 000 users (356 ms p95 on SQLite).
    conds.push(
      eb.exists(
        eb
          .selectFrom('usuario_roles')
          .select(sql<number>`1`.as('x'))
          .whereRef('usuario_roles.usuario_id', '=', 'usuarios.id')
          .where('usuario_roles.rol_id', '=', (sub) =>
            sub.selectFrom('roles').select('roles.id').where('roles.nombre', '=', f.rol!),
          ),
      ),
    );
  }
  return eb.and(conds);
}

/**
 * `ORDER BY` of the list: the sort column, then `id` (ties never overlap or skip rows).
 * `reverse` walks it backwards. `noIndex` sorts by an expression no index has (`col || ''`,
 * `col + 0`: same order, nulls kept), so the planner fetches the few rows asked for and sorts
 * them rather than walking the sort index until it meets them.
 */
export function orderBy<O>(
  qb: SelectQueryBuilder<Database, 'usuarios', O>,
  sort: UsuarioSort,
  reverse: boolean,
  noIndex = false,
): SelectQueryBuilder<Database, 'usuarios', O> {
  const ref = SORT_COLUMNS[sort.field];
  const text = sort.field === 'nombre' || sort.field === 'email';
  const col = !noIndex ? ref : text ? sql`${sql.ref(ref)} || ''` : sql`${sql.ref(ref)} + 0`;
  const desc = sort.desc !== reverse;
  // Only ultimo_acceso is nullable: users who never signed in go last in both directions and on
  // both databases (first when the order is walked backwards). The other sort columns keep a
  // plain order so their index serves it.
  const ordered =
    sort.field === 'ultimoAcceso'
      ? qb.orderBy(col, (ob) => {
          const o = desc ? ob.desc() : ob.asc();
          return reverse ? o.nullsFirst() : o.nullsLast();
        })
      : qb.orderBy(col, desc ? 'desc' : 'asc');
  return ordered.orderBy('usuarios.id', desc ? 'desc' : 'asc');
}
