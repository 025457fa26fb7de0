/**
 * What the three services of the events area share (issue #5, DESIGN.md §6): their audit action
 * names, their refusals, the per-field problem collector and the event's write lock.
 *
 * - Dates arrive as ISO 8601 with a zone and are compared as UTC epoch ms.
 * - Every check that reads other rows runs in `withEventoLock`, a transaction holding the event's
 *   lock, with the write and its audit row: two concurrent inserts of overlapping periods are
 *   serialised, so the second one sees the first and is refused.
 *
 * The use cases: `eventos-service.ts` (events), `periodos-service.ts` (an event's periods),
 * `eventos-import-service.ts` (CSV import).
 */
import {
  ERROR_CODES,
  EVENTOS_MESSAGES,
  parseIsoDateTime,
  type ErrorCode,
  type ErrorDetail,
  type EventosErrorCode,
} from '@gestion/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Db, Dialect } from '../db/types';
import { HttpError, validationError } from '../lib/http-errors';
import { findEventoForUpdate, iso, type EventoRow } from '../repositories/eventos-repository';

/** Audit action names of this area. */
export const EVENTOS_AUDIT = {
  eventoCrear: 'eventos.crear',
  eventoEditar: 'eventos.editar',
  eventoEliminar: 'eventos.eliminar',
  periodoCrear: 'periodos.crear',
  periodoEditar: 'periodos.editar',
  periodoEliminar: 'periodos.eliminar',
  eventoImportar: 'eventos.importar',
} as const;

/** An `HttpError` with one of this area's codes (the common `ErrorCode` type lacks them). */
export function areaError(
  status: number,
  code: EventosErrorCode,
  message: string,
  details?: ErrorDetail[],
): HttpError {
  return new HttpError(status, code as unknown as ErrorCode, message, details);
}

/** 404 `El evento no existe`. */
export function eventoNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, EVENTOS_MESSAGES.eventoNotFound);
}

/** 404 `El periodo no existe`. */
export function periodoNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, EVENTOS_MESSAGES.periodoNotFound);
}

/** Collects per-field problems and throws one 400 listing them all. */
export class Problems {
  readonly details: ErrorDetail[] = [];
  /** Records `message` for `field`, once per field (the first problem found wins). */
  add(field: string, message: string): void {
    if (!this.details.some((d) => d.field === field)) this.details.push({ field, message });
  }
  /** ISO with zone → epoch ms; records a problem and answers undefined otherwise. */
  date(field: string, value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    const ms = parseIsoDateTime(value);
    if (ms === undefined) this.add(field, EVENTOS_MESSAGES.dateWithoutZone);
    return ms;
  }
  /** Trimmed text; records `message` when it is required and blank. */
  text(field: string, value: string | undefined, requiredMessage?: string): string | undefined {
    if (value === undefined) return undefined;
    const t = value.trim();
    if (requiredMessage && t === '') this.add(field, requiredMessage);
    return t;
  }
  /** @throws 400 `VALIDATION_ERROR` with every recorded problem as `details`, if any. */
  throwIfAny(): void {
    if (this.details.length) throw validationError(this.details);
  }
}

/** Records `startBeforeEnd` on `changedField` unless `start` (epoch ms) is before `end`. */
export function checkOrder(problems: Problems, start: number, end: number, changedField: string) {
  if (start >= end) problems.add(changedField, EVENTOS_MESSAGES.startBeforeEnd);
}

/** `{antes, despues}` of the `fields` whose value changed, and whether any did. */
export function diffFields<T extends object>(before: T, after: T, fields: readonly (keyof T)[]) {
  const antes: Partial<T> = {};
  const despues: Partial<T> = {};
  for (const f of fields) {
    if (before[f] !== after[f]) {
      antes[f] = before[f];
      despues[f] = after[f];
    }
  }
  return { antes, despues, changed: Object.keys(despues).length > 0 };
}

/** Changes of an event or a period in wire form (ISO dates), to compare with the stored one. */
export function wireDates<T extends { fechaInicio?: number; fechaFin?: number }>(changes: T) {
  const { fechaInicio, fechaFin, ...rest } = changes;
  return {
    ...rest,
    ...(fechaInicio !== undefined ? { fechaInicio: iso(fechaInicio) } : {}),
    ...(fechaFin !== undefined ? { fechaFin: iso(fechaFin) } : {}),
  };
}

/** What `withEventoLock` needs: the database and which one it is. */
export interface LockDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

/**
 * Runs `fn` in a transaction that holds the event's write lock and answers 404 when the event
 * does not exist. PostgreSQL: `SELECT … FOR UPDATE` on the event row, so writers of the same
 * event queue while others proceed. SQLite: `BEGIN IMMEDIATE` takes the database's write lock
 * before the first read (a deferred BEGIN would let two transactions read, then race to write);
 * Kysely's SQLite driver also serialises every query through its one connection, so nothing
 * else runs between the check and the insert.
 */
export async function withEventoLock<T>(
  { db, dialect }: LockDeps,
  eventoId: number,
  fn: (db: Db, evento: EventoRow) => Promise<T>,
): Promise<T> {
  const locked = async (tx: Db) => {
    const evento = await findEventoForUpdate(tx, dialect, eventoId);
    if (!evento) throw eventoNotFound();
    return fn(tx, evento);
  };
  if (dialect === 'postgres') return db.transaction().execute(locked);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await locked(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}
