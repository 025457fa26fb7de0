/**
 * Periods of an event (issue #5): plain functions over Kysely or a transaction. The rules
 * (inside the event, no overlap) are checked by the eventos service inside a transaction that
 * holds the event's lock; these queries only read and write.
 */
import type { Periodo, PeriodoSortField } from '@gestion/shared';
import { sql, type Selectable } from 'kysely';
import type { PeriodosTable } from '../db/database';
import { iso, likeContains } from './eventos-repository';
import type { Db } from '../db/types';

export type PeriodoRow = Selectable<PeriodosTable>;

/** A row as the api answers it. */
export function toPeriodo(row: PeriodoRow): Periodo {
  return {
    id: row.id,
    eventoId: row.evento_id,
    nombre: row.nombre,
    descripcion: row.descripcion,
    fechaInicio: iso(row.fecha_inicio),
    fechaFin: iso(row.fecha_fin),
    version: row.version,
  };
}

const SORT_COLUMNS = {
  nombre: 'nombre',
  fechaInicio: 'fecha_inicio',
  fechaFin: 'fecha_fin',
} as const satisfies Record<PeriodoSortField, keyof PeriodosTable>;

export interface PeriodoFilter {
  /** Lower-cased words; every one must occur in the name (case-insensitive). */
  words: string[];
  sort: { field: PeriodoSortField; desc: boolean };
  page: number;
  pageSize: number;
}

/** One page of an event's periods and their total. */
export async function listPeriodos(
  db: Db,
  eventoId: number,
  filter: PeriodoFilter,
): Promise<{ items: PeriodoRow[]; total: number }> {
  let base = db.selectFrom('periodos').where('evento_id', '=', eventoId);
  for (const word of filter.words) {
    base = base.where(sql<boolean>`lower(nombre) like ${likeContains(word)} escape '\\'`);
  }
  const column = SORT_COLUMNS[filter.sort.field];
  const dir = filter.sort.desc ? 'desc' : 'asc';
  const [items, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(column, dir)
      .orderBy('id', dir)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** The period of that event, or undefined. */
export function findPeriodo(
  db: Db,
  eventoId: number,
  periodoId: number,
): Promise<PeriodoRow | undefined> {
  return db
    .selectFrom('periodos')
    .selectAll()
    .where('evento_id', '=', eventoId)
    .where('id', '=', periodoId)
    .executeTakeFirst();
}

/**
 * Periods of the event that overlap [start, end) — half-open, so one period ending exactly when
 * the next starts does not count — ordered by start; `exceptId` leaves out the period being edited.
 */
export function findOverlapping(
  db: Db,
  eventoId: number,
  start: number,
  end: number,
  exceptId?: number,
): Promise<PeriodoRow[]> {
  let q = db
    .selectFrom('periodos')
    .selectAll()
    .where('evento_id', '=', eventoId)
    .where('fecha_inicio', '<', end)
    .where('fecha_fin', '>', start);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.orderBy('fecha_inicio').orderBy('id').execute();
}

/** Periods of the event that would fall outside [start, end], ordered by start. */
export function findOutside(
  db: Db,
  eventoId: number,
  start: number,
  end: number,
): Promise<PeriodoRow[]> {
  return db
    .selectFrom('periodos')
    .selectAll()
    .where('evento_id', '=', eventoId)
    .where((eb) => eb.or([eb('fecha_inicio', '<', start), eb('fecha_fin', '>', end)]))
    .orderBy('fecha_inicio')
    .orderBy('id')
    .execute();
}

/** Ids and nombres of the event's periods, by start: what the audit row of a deleted event keeps. */
export function listPeriodoNombres(
  db: Db,
  eventoId: number,
): Promise<{ id: number; nombre: string }[]> {
  return db
    .selectFrom('periodos')
    .select(['id', 'nombre'])
    .where('evento_id', '=', eventoId)
    .orderBy('fecha_inicio')
    .execute();
}

/** Number of periods of the event. */
export async function countPeriodos(db: Db, eventoId: number): Promise<number> {
  const r = await db
    .selectFrom('periodos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('evento_id', '=', eventoId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface NewPeriodo {
  eventoId: number;
  nombre: string;
  descripcion: string;
  fechaInicio: number;
  fechaFin: number;
  at: number;
}

export function insertPeriodo(db: Db, p: NewPeriodo): Promise<PeriodoRow> {
  return db
    .insertInto('periodos')
    .values({
      evento_id: p.eventoId,
      nombre: p.nombre,
      descripcion: p.descripcion,
      fecha_inicio: p.fechaInicio,
      fecha_fin: p.fechaFin,
      version: 1,
      creado_en: p.at,
      actualizado_en: p.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type PeriodoChanges = Partial<
  Pick<NewPeriodo, 'nombre' | 'descripcion' | 'fechaInicio' | 'fechaFin'>
>;

/** Applies `changes` when the stored version is still `version`; undefined otherwise. */
export function updatePeriodo(
  db: Db,
  current: PeriodoRow,
  version: number,
  changes: PeriodoChanges,
  at: number,
): Promise<PeriodoRow | undefined> {
  return db
    .updateTable('periodos')
    .set({
      ...(changes.nombre !== undefined ? { nombre: changes.nombre } : {}),
      ...(changes.descripcion !== undefined ? { descripcion: changes.descripcion } : {}),
      ...(changes.fechaInicio !== undefined ? { fecha_inicio: changes.fechaInicio } : {}),
      ...(changes.fechaFin !== undefined ? { fecha_fin: changes.fechaFin } : {}),
      version: version + 1,
      actualizado_en: at,
    })
    .where('id', '=', current.id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePeriodo(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('periodos').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
