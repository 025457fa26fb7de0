/**
 * Saved reports (issue #6): the `informes` rows. Plain functions over Kysely or a transaction.
 * Dates are UTC epoch ms in the database and ISO UTC strings on the wire (`toInforme`). The
 * GROUP BY queries the report types run are in informes-agregados-repository.ts.
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
