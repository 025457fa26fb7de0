/**
 * Events (issue #5): plain functions over Kysely or a transaction. Dates are UTC epoch ms in the
 * database and ISO UTC strings on the wire (`toEvento`).
 */
import type { Evento, EventoEstado, EventoSortField } from '@gestion/shared';
import { sql, type Selectable } from 'kysely';
import type { EventosTable } from '../db/database';
import type { Dialect } from '../db/migrations/index';
import type { Db } from './usuarios-repository';

export type EventoRow = Selectable<EventosTable>;

/**
 * Lower-case without diacritics, spaces collapsed: what the `busqueda` column stores and what
 * search words are compared in, so «Málaga» is found by `malaga` on both databases.
 */
export function searchText(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** `%word%` with LIKE's wildcards escaped (escape character `\`). */
export function likeContains(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Epoch ms → ISO 8601 UTC (`2026-03-01T09:00:00.000Z`). */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A row as the api answers it. */
export function toEvento(row: EventoRow): Evento {
  return {
    id: row.id,
    nombre: row.nombre,
    descripcion: row.descripcion,
    lugar: row.lugar,
    fechaInicio: iso(row.fecha_inicio),
    fechaFin: iso(row.fecha_fin),
    estado: row.estado as EventoEstado,
    responsableId: row.responsable_id,
    version: row.version,
    creadoEn: iso(row.creado_en),
    actualizadoEn: iso(row.actualizado_en),
  };
}

const SORT_COLUMNS = {
  nombre: 'nombre',
  fechaInicio: 'fecha_inicio',
  fechaFin: 'fecha_fin',
  estado: 'estado',
  creadoEn: 'creado_en',
} as const satisfies Record<EventoSortField, keyof EventosTable>;

/** The filters of GET /api/eventos, already parsed. */
export interface EventoFilter {
  /** Normalised words (`searchText`); every one must occur in nombre or lugar. */
  words: string[];
  estados?: readonly EventoEstado[];
  /** Events ending at or after this instant (epoch ms). */
  desde?: number;
  /** Events starting at or before this instant (epoch ms). */
  hasta?: number;
  sort: { field: EventoSortField; desc: boolean };
  page: number;
  pageSize: number;
}

/** A phrase for an FTS5 MATCH: the word quoted, inner quotes doubled. */
function ftsPhrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** The longest event's duration in ms (one probe of `eventos_duracion_idx`); 0 when empty. */
async function longestDuration(db: Db): Promise<number> {
  const row = await db
    .selectFrom('eventos')
    .select(sql<number | null>`max(fecha_fin - fecha_inicio)`.as('d'))
    .executeTakeFirst();
  return Number(row?.d ?? 0);
}

/**
 * One page of events and the total matching the filter.
 *
 * Shaped by the benchmark (bench/eventos.mjs, 100 000 events): search words of three or more
 * characters go through the FTS5 trigram index on SQLite (the GIN trigram index serves LIKE on
 * PostgreSQL); `desde` also bounds `fecha_inicio` from below by the longest event's duration, so
 * the date range is an index range; the page is chosen on ids alone (a covering index walk for
 * the default order) and only its rows are read — a deep OFFSET never reads skipped rows.
 */
export async function listEventos(
  db: Db,
  dialect: Dialect,
  filter: EventoFilter,
): Promise<{ items: EventoRow[]; total: number }> {
  let base = db.selectFrom('eventos');
  const fts = dialect === 'sqlite' ? filter.words.filter((w) => w.length >= 3) : [];
  if (fts.length) {
    const match = fts.map(ftsPhrase).join(' AND ');
    base = base.where(
      sql<boolean>`id in (select rowid from eventos_fts where eventos_fts match ${match})`,
    );
  }
  for (const word of filter.words.filter((w) => !fts.includes(w))) {
    base = base.where(sql<boolean>`busqueda like ${likeContains(word)} escape '\\'`);
  }
  if (filter.estados?.length) base = base.where('estado', 'in', [...filter.estados]);
  if (filter.desde !== undefined) {
    base = base
      .where('fecha_fin', '>=', filter.desde)
      .where('fecha_inicio', '>=', filter.desde - (await longestDuration(db)));
  }
  if (filter.hasta !== undefined) base = base.where('fecha_inicio', '<=', filter.hasta);
  const column = SORT_COLUMNS[filter.sort.field];
  const dir = filter.sort.desc ? 'desc' : 'asc';
  const pageIds = base
    .select('id')
    .orderBy(column, dir)
    .orderBy('id', dir)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [items, count] = await Promise.all([
    db
      .selectFrom('eventos')
      .selectAll()
      .where('id', 'in', pageIds)
      .orderBy(column, dir)
      .orderBy('id', dir)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** The event, or undefined. */
export function findEvento(db: Db, id: number): Promise<EventoRow | undefined> {
  return db.selectFrom('eventos').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The event, locked against concurrent writers until the transaction ends: `FOR UPDATE` on
 * PostgreSQL; on SQLite the caller's `BEGIN IMMEDIATE` already holds the database's write lock.
 */
export function findEventoForUpdate(
  db: Db,
  dialect: Dialect,
  id: number,
): Promise<EventoRow | undefined> {
  const q = db.selectFrom('eventos').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** What an insert needs; `busqueda` is derived here. */
export interface NewEvento {
  nombre: string;
  descripcion: string;
  lugar: string;
  fechaInicio: number;
  fechaFin: number;
  estado: EventoEstado;
  responsableId: number | null;
  at: number;
}

export function insertEvento(db: Db, e: NewEvento): Promise<EventoRow> {
  return db
    .insertInto('eventos')
    .values({
      nombre: e.nombre,
      descripcion: e.descripcion,
      lugar: e.lugar,
      busqueda: searchText(e.nombre, e.lugar),
      fecha_inicio: e.fechaInicio,
      fecha_fin: e.fechaFin,
      estado: e.estado,
      responsable_id: e.responsableId,
      version: 1,
      creado_en: e.at,
      actualizado_en: e.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes to an event; absent fields stay. */
export type EventoChanges = Partial<Omit<NewEvento, 'at'>>;

/**
 * Applies `changes` when the stored version is still `version` (optimistic lock, DESIGN.md §3);
 * bumps the version. Undefined when the event is gone or the version is stale.
 */
export function updateEvento(
  db: Db,
  current: EventoRow,
  version: number,
  changes: EventoChanges,
  at: number,
): Promise<EventoRow | undefined> {
  const nombre = changes.nombre ?? current.nombre;
  const lugar = changes.lugar ?? current.lugar;
  return db
    .updateTable('eventos')
    .set({
      nombre,
      lugar,
      busqueda: searchText(nombre, lugar),
      ...(changes.descripcion !== undefined ? { descripcion: changes.descripcion } : {}),
      ...(changes.fechaInicio !== undefined ? { fecha_inicio: changes.fechaInicio } : {}),
      ...(changes.fechaFin !== undefined ? { fecha_fin: changes.fechaFin } : {}),
      ...(changes.estado !== undefined ? { estado: changes.estado } : {}),
      ...(changes.responsableId !== undefined ? { responsable_id: changes.responsableId } : {}),
      version: version + 1,
      actualizado_en: at,
    })
    .where('id', '=', current.id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the event (its periods go by the foreign key's cascade); false when it was gone. */
export async function deleteEvento(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('eventos').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** True when a user with this id exists (a responsable must). */
export async function usuarioExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
