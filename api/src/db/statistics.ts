/**
 * Planner statistics on PostgreSQL. PostgreSQL plans from per-table statistics that autovacuum
 * gathers only once 50 rows plus 10 % of a table have changed, so the small tables every request
 * joins — `roles`, `permisos`, `rol_permisos`, `grupos`, `grupo_roles`, `scim_conexiones`… —
 * are never analysed in a database that was just created. A never-analysed table is assumed to
 * span 10 pages (about 2 000 rows), and with several of them in one query the planner chose hash
 * joins and two parallel workers for a one-user lookup: 6–12 ms a query instead of 0.1 ms. The
 * SCIM look-up at 1 000 000 users (issue #17, bench/results/scim.md) went from p50 15 ms to 4 ms
 * once these tables were analysed.
 *
 * Analysed once, even empty, a table's later growth is estimated from its real size and
 * autovacuum keeps big ones current; so only never-analysed tables need it, once.
 */
import { sql } from 'kysely';
import type { Db } from './types';

/**
 * ANALYZE, in one statement, every table of the current schema that was never analysed
 * (`pg_class.reltuples < 0`, PostgreSQL 14 and later; older servers report 0 and are left to
 * autovacuum). Run at start-up after migrating and seeding; idempotent and cheap (about 50 ms
 * for the whole empty schema), and safe with replicas starting together (a concurrent ANALYZE of
 * the same table waits for the other). PostgreSQL only.
 * @returns the tables analysed.
 */
export async function analyzeNeverAnalyzed(db: Db): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    select c.relname
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0
     order by c.relname`.execute(db);
  const tables = rows.map((r) => r.relname);
  if (tables.length > 0) {
    await sql`analyze ${sql.join(tables.map((t) => sql.id(t)))}`.execute(db);
  }
  return tables;
}
