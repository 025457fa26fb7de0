/**
 * Events (issue #5): plain functions over Kysely or a transaction. Dates are UTC epoch ms in the
 * database and ISO UTC strings on the wire (`toEvento`).
 */
import type { Evento, EventoEstado, EventoSortField } from '@gestion/shared';
import { sql, type Selectable } from 'kysely';
import type { EventosTable } from '../db/database';
import type { Db, Dialect } from '../db/types';

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
 * The filter's WHERE clauses as a query builder factory: `build('index')` lets SQLite drive by
 * the FTS match set (best for few matches), `build('probe')` makes it walk the ORDER BY index
 * and probe the set (best for many).
 */
async function filteredEventos(
  db: Db,
  dialect: Dialect,
  filter: Omit<EventoFilter, 'page' | 'pageSize'>,
) {
  const fts = dialect === 'sqlite' ? filter.words.filter((w) => w.length >= 3) : [];
  const likeWords = filter.words.filter((w) => !fts.includes(w));
  const match = fts.map(ftsPhrase).join(' AND ');
  const lowerBound =
    filter.desde !== undefined ? filter.desde - (await longestDuration(db)) : undefined;
  const build = (ftsLookup: 'index' | 'probe') => {
    let q = db.selectFrom('eventos');
    if (fts.length) {
      // `+id` keeps SQLite from driving the query by the match set.
      q = q.where(
        ftsLookup === 'index'
          ? sql<boolean>`id in (select rowid from eventos_fts where eventos_fts match ${match})`
          : sql<boolean>`+id in (select rowid from eventos_fts where eventos_fts match ${match})`,
      );
    }
    for (const word of likeWords) {
      q = q.where(sql<boolean>`busqueda like ${likeContains(word)} escape '\\'`);
    }
    if (filter.estados?.length) q = q.where('estado', 'in', [...filter.estados]);
    if (filter.desde !== undefined && lowerBound !== undefined) {
      q = q.where('fecha_fin', '>=', filter.desde).where('fecha_inicio', '>=', lowerBound);
    }
    if (filter.hasta !== undefined) q = q.where('fecha_inicio', '<=', filter.hasta);
    return q;
  };
  return { build, fts, likeWords, match };
}

/**
 * Every event matching the filter in its order, `batchSize` rows at a time (CSV export): each
 * batch is one query, resumed after the last row's sort key and id (keyset), so a long export
 * never re-reads skipped rows.
 */
export async function* eventosInBatches(
  db: Db,
  dialect: Dialect,
  filter: Omit<EventoFilter, 'page' | 'pageSize'>,
  batchSize = 1000,
): AsyncGenerator<EventoRow[]> {
  const { build } = await filteredEventos(db, dialect, filter);
  const column = SORT_COLUMNS[filter.sort.field];
  const dir = filter.sort.desc ? 'desc' : 'asc';
  const cmp = filter.sort.desc ? '<' : '>';
  let last: EventoRow | undefined;
  for (;;) {
    let q = build('probe').selectAll();
    if (last) {
      const key = last[column];
      const lastId = last.id;
      q = q.where((eb) =>
        eb.or([eb(column, cmp, key), eb.and([eb(column, '=', key), eb('id', cmp, lastId)])]),
      );
    }
    const rows = await q.orderBy(column, dir).orderBy('id', dir).limit(batchSize).execute();
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

/** Above this many matches, walking the order's index beats fetching and sorting every match. */
const ORDERED_SCAN_FROM = 1000;

/**
 * One page of events and the total matching the filter.
 *
 * Shaped by the benchmark (bench/eventos.mjs, 100 000 events):
 * - search words of three or more characters go through the FTS5 trigram index on SQLite (the
 *   GIN trigram index serves LIKE on PostgreSQL); with many matches the page walks the order's
 *   index and probes the match set instead of fetching and sorting every match;
 * - `desde` also bounds `fecha_inicio` from below by the longest event's duration, so the date
 *   range is an index range;
 * - the total is counted first; a page in the second half is read from the other end
 *   (OFFSET total − offset − limit in the reverse order), so the last page costs what the first
 *   does; the page is chosen on ids alone and only its rows are read.
 */
export async function listEventos(
  db: Db,
  dialect: Dialect,
  filter: EventoFilter,
): Promise<{ items: EventoRow[]; total: number }> {
  const { build, fts, likeWords, match } = await filteredEventos(db, dialect, filter);
  const onlyFts =
    fts.length > 0 &&
    likeWords.length === 0 &&
    !filter.estados?.length &&
    filter.desde === undefined &&
    filter.hasta === undefined;
  const count = onlyFts
    ? await db
        .selectFrom(sql<{ rowid: number }>`eventos_fts`.as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql<boolean>`eventos_fts match ${match}`)
        .executeTakeFirstOrThrow()
    : await build('index')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
  const total = Number(count.n);
  const offset = (filter.page - 1) * filter.pageSize;
  if (offset >= total) return { items: [], total };
  const limit = Math.min(filter.pageSize, total - offset);
  const reverse = offset > 0 && offset + limit / 2 > total / 2;
  const column = SORT_COLUMNS[filter.sort.field];
  const wanted = filter.sort.desc ? 'desc' : 'asc';
  const flipped = filter.sort.desc ? 'asc' : 'desc';
  const scanDir = reverse ? flipped : wanted;

  const pageIds = build(total > ORDERED_SCAN_FROM ? 'probe' : 'index')
    .select('id')
    .orderBy(column, scanDir)
    .orderBy('id', scanDir)
    .limit(limit)
    .offset(reverse ? total - offset - limit : offset);
  const items = await db
    .selectFrom('eventos')
    .selectAll()
    .where('id', 'in', pageIds)
    .orderBy(column, wanted)
    .orderBy('id', wanted)
    .execute();
  return { items, total };
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

/** Which of `ids` name an existing user (the responsables of an import, checked in one query). */
export async function existingUsuarioIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('usuarios').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((u) => u.id));
}
