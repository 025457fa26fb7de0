/**
 * Reading the audit log (issue #4): filtered, paged, newest first by default; and batches for
 * the CSV export.
 */
import type { AuditoriaEntry } from '@gestion/shared';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AuditoriaRow, Database } from '../db/database';
import { containsPattern, prefixPattern } from './busqueda';
import { iso } from './usuarios-admin-repository';
import type { Db } from '../db/types';
import { withTargetNames } from './auditoria-targets-repository';

/** The filter, already parsed (dates as epoch ms, inclusive). */
export interface AuditoriaFilter {
  q?: string;
  actor?: string;
  accion?: string;
  objetivo?: string;
  desde?: number;
  hasta?: number;
}

/** Largest id of an `integer` key column on PostgreSQL. */
const INT32_MAX = 2_147_483_647;

function filterExpr(eb: ExpressionBuilder<Database, 'auditoria'>, f: AuditoriaFilter) {
  const conds: Expression<SqlBool>[] = [];
  const like = (col: string, text: string) =>
    sql<SqlBool>`lower(${sql.ref(col)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;
  const actor = f.actor?.trim();
  if (actor) {
    // Digits name a user id only within PostgreSQL's `integer` (issue #13: a longer number was
    // a database error there); beyond it they are searched in the e-mail like any text.
    const id = /^\d{1,10}$/.test(actor) ? Number(actor) : NaN;
    conds.push(id <= INT32_MAX ? eb('actor_id', '=', id) : like('actor_email', actor));
  }
  const accion = f.accion?.trim();
  if (accion) {
    // A prefix (`usuarios`) matches its actions (`usuarios.crear`); `%` and `_` in it are
    // literal characters, escaped the same way on both databases (issue #13).
    conds.push(
      accion.includes('.')
        ? eb('accion', '=', accion)
        : eb.or([
            eb('accion', '=', accion),
            sql<SqlBool>`accion like ${prefixPattern(`${accion}.`)} escape '\\'`,
          ]),
    );
  }
  const objetivo = f.objetivo?.trim();
  if (objetivo) {
    const [tipo, ...rest] = objetivo.split(':');
    conds.push(eb('objetivo_tipo', '=', tipo ?? ''));
    if (rest.length > 0) conds.push(eb('objetivo_id', '=', rest.join(':')));
  }
  if (f.desde !== undefined) conds.push(eb('creado_en', '>=', f.desde));
  if (f.hasta !== undefined) conds.push(eb('creado_en', '<=', f.hasta));
  const q = f.q?.trim();
  if (q) {
    conds.push(eb.or([like('actor_email', q), like('accion', q), like('objetivo_id', q)]));
  }
  return eb.and(conds);
}

function toEntry(r: AuditoriaRow): AuditoriaEntry {
  let cambios: unknown = null;
  if (r.cambios !== null) {
    try {
      cambios = JSON.parse(r.cambios) as unknown;
    } catch {
      cambios = r.cambios;
    }
  }
  return {
    id: r.id,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    accion: r.accion,
    objetivoTipo: r.objetivo_tipo,
    objetivoId: r.objetivo_id,
    cambios,
    ip: r.ip,
    creadoEn: iso(r.creado_en),
  };
}

function selectOrdered(db: Db, f: AuditoriaFilter, asc: boolean) {
  return db
    .selectFrom('auditoria')
    .selectAll()
    .where((eb) => filterExpr(eb, f))
    .orderBy('creado_en', asc ? 'asc' : 'desc')
    .orderBy('id', asc ? 'asc' : 'desc');
}

/** One page of entries and the total matching. */
export async function listAuditoria(
  db: Db,
  f: AuditoriaFilter,
  asc: boolean,
  page: number,
  pageSize: number,
): Promise<{ items: AuditoriaEntry[]; total: number }> {
  const rows = await selectOrdered(db, f, asc)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db
    .selectFrom('auditoria')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => filterExpr(eb, f))
    .executeTakeFirstOrThrow();
  // The targets' names, so the console words an entry (issue #14); not in the CSV export.
  return { items: await withTargetNames(db, rows.map(toEntry)), total: Number(count.n) };
}

/** Every matching entry, `batch` per query (CSV export). */
export async function* iterateAuditoria(
  db: Db,
  f: AuditoriaFilter,
  asc: boolean,
  batch = 1000,
): AsyncGenerator<AuditoriaEntry[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await selectOrdered(db, f, asc).limit(batch).offset(offset).execute();
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    if (rows.length < batch) return;
  }
}
