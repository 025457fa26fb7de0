/**
 * The rules of events and periods (issue #5, DESIGN.md §6), between the thin route handlers and
 * the repositories:
 *
 * - dates arrive as ISO 8601 with a zone and are compared as UTC epoch ms;
 * - `estado` follows `EVENTO_TRANSITIONS` (shared), refused with 409 `INVALID_TRANSITION`;
 * - a period lies inside its event (400 `PERIOD_OUT_OF_RANGE`) and never overlaps another of the
 *   same event (409 `PERIOD_OVERLAP`; touching is fine: [a, b) and [b, c) do not overlap);
 * - an event's new dates may not leave a period outside (409 `EVENT_DATES_EXCLUDE_PERIODS`,
 *   `details` lists the periods).
 *
 * Every check that reads other rows runs in `withEventoLock`, a transaction holding the event's
 * lock, with the write and its audit row: two concurrent inserts of overlapping periods are
 * serialised, so the second one sees the first and is refused.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  EVENTO_DESCRIPCION_MAX_LENGTH,
  EVENTO_ESTADOS,
  EVENTO_LUGAR_MAX_LENGTH,
  EVENTO_NOMBRE_MAX_LENGTH,
  EVENTOS_IMPORT_MAX_ROWS,
  EVENTOS_IMPORT_MESSAGES,
  type EventoImportReport,
  EVENTO_ESTADO_LABELS,
  EVENTOS_ERROR_CODES,
  EVENTOS_MESSAGES,
  canTransition,
  formatEventosMessage,
  parseIsoDateTime,
  type ErrorCode,
  type ErrorDetail,
  type EventoCreate,
  type EventoEstado,
  type EventoPatch,
  type EventosErrorCode,
  type PeriodoCreate,
  type PeriodoFueraDetail,
  type PeriodoPatch,
} from '@gestion/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { HttpError, validationError } from '../lib/http-errors';
import { parseCsv } from './csv';
import {
  deleteEvento,
  findEvento,
  findEventoForUpdate,
  insertEvento,
  iso,
  toEvento,
  updateEvento,
  usuarioExists,
  type EventoChanges,
  type EventoRow,
} from '../repositories/eventos-repository';
import {
  deletePeriodo,
  findOutside,
  findOverlapping,
  findPeriodo,
  insertPeriodo,
  toPeriodo,
  updatePeriodo,
  type PeriodoChanges,
  type PeriodoRow,
} from '../repositories/periodos-repository';
import type { Db } from '../db/types';

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
function areaError(
  status: number,
  code: EventosErrorCode,
  message: string,
  details?: ErrorDetail[],
): HttpError {
  return new HttpError(status, code as unknown as ErrorCode, message, details);
}

function eventoNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, EVENTOS_MESSAGES.eventoNotFound);
}

function periodoNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, EVENTOS_MESSAGES.periodoNotFound);
}

function versionConflict(): HttpError {
  return new HttpError(409, ERROR_CODES.versionConflict, API_MESSAGES.versionConflict);
}

/** Collects per-field problems and throws one 400 listing them all. */
class Problems {
  readonly details: ErrorDetail[] = [];
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
  throwIfAny(): void {
    if (this.details.length) throw validationError(this.details);
  }
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
  app: FastifyInstance,
  eventoId: number,
  fn: (db: Db, evento: EventoRow) => Promise<T>,
): Promise<T> {
  const { dialect } = app.database;
  const locked = async (db: Db) => {
    const evento = await findEventoForUpdate(db, dialect, eventoId);
    if (!evento) throw eventoNotFound();
    return fn(db, evento);
  };
  if (dialect === 'postgres') return app.db.transaction().execute(locked);
  return app.db.connection().execute(async (conn) => {
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

/** Runs `fn` in a plain transaction (a write and its audit row commit together). */
function inTransaction<T>(app: FastifyInstance, fn: (db: Db) => Promise<T>): Promise<T> {
  return app.db.transaction().execute(fn);
}

function checkOrder(problems: Problems, start: number, end: number, changedField: string): void {
  if (start >= end) problems.add(changedField, EVENTOS_MESSAGES.startBeforeEnd);
}

async function checkResponsable(db: Db, problems: Problems, id: number | null | undefined) {
  if (id === undefined || id === null) return;
  if (!(await usuarioExists(db, id))) {
    problems.add('responsableId', EVENTOS_MESSAGES.responsableNotFound);
  }
}

// ---------------------------------------------------------------------------------------------
// Eventos
// ---------------------------------------------------------------------------------------------

/** Creates an event (estado `borrador` unless given); 400 with per-field details on bad input. */
export async function createEvento(
  app: FastifyInstance,
  request: FastifyRequest,
  body: EventoCreate,
) {
  const p = new Problems();
  const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired) ?? '';
  const lugar = p.text('lugar', body.lugar, EVENTOS_MESSAGES.lugarRequired) ?? '';
  const start = p.date('fechaInicio', body.fechaInicio);
  const end = p.date('fechaFin', body.fechaFin);
  if (start !== undefined && end !== undefined) checkOrder(p, start, end, 'fechaFin');
  await checkResponsable(app.db, p, body.responsableId);
  p.throwIfAny();
  return inTransaction(app, async (db) => {
    const row = await insertEvento(db, {
      nombre,
      lugar,
      descripcion: body.descripcion?.trim() ?? '',
      fechaInicio: start!,
      fechaFin: end!,
      estado: body.estado ?? 'borrador',
      responsableId: body.responsableId ?? null,
      at: app.now(),
    });
    const evento = toEvento(row);
    const { version: _v, creadoEn: _c, actualizadoEn: _a, ...despues } = evento;
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.eventoCrear,
        objetivoTipo: 'evento',
        objetivoId: row.id,
        cambios: { antes: null, despues },
      },
      db,
    );
    return evento;
  });
}

/** Wire fields of an event that PATCH may change, for the audit's before/after. */
const EVENTO_FIELDS = [
  'nombre',
  'descripcion',
  'lugar',
  'fechaInicio',
  'fechaFin',
  'estado',
  'responsableId',
] as const;

/** `{antes, despues}` of the fields whose value changed. */
function diff<T extends object>(before: T, after: T, fields: readonly (keyof T)[]) {
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

/**
 * Edits an event. Order of refusals: 404, 409 stale version, 400 bad fields, 409 transition,
 * 409 dates that would leave periods outside (listed in `details`).
 */
export async function patchEvento(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: EventoPatch,
) {
  const p = new Problems();
  const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired);
  const lugar = p.text('lugar', body.lugar, EVENTOS_MESSAGES.lugarRequired);
  const descripcion =
    p.text('descripcion', body.descripcion ?? undefined) ??
    (body.descripcion === null ? '' : undefined);
  const startIn = p.date('fechaInicio', body.fechaInicio);
  const endIn = p.date('fechaFin', body.fechaFin);
  return withEventoLock(app, id, async (db, current) => {
    if (current.version !== body.version) throw versionConflict();
    const start = startIn ?? current.fecha_inicio;
    const end = endIn ?? current.fecha_fin;
    checkOrder(p, start, end, body.fechaFin === undefined ? 'fechaInicio' : 'fechaFin');
    await checkResponsable(db, p, body.responsableId);
    p.throwIfAny();

    const from = current.estado as EventoEstado;
    if (body.estado !== undefined && body.estado !== from && !canTransition(from, body.estado)) {
      const message = formatEventosMessage(EVENTOS_MESSAGES.invalidTransition, {
        from: EVENTO_ESTADO_LABELS[from],
        to: EVENTO_ESTADO_LABELS[body.estado],
      });
      throw areaError(409, EVENTOS_ERROR_CODES.invalidTransition, message, [
        { field: 'estado', message },
      ]);
    }

    if (start !== current.fecha_inicio || end !== current.fecha_fin) {
      const outside = await findOutside(db, id, start, end);
      if (outside.length) {
        const details: PeriodoFueraDetail[] = outside.map((per) => ({
          field: per.fecha_inicio < start ? 'fechaInicio' : 'fechaFin',
          message: formatEventosMessage(EVENTOS_MESSAGES.periodLeftOutside, { nombre: per.nombre }),
          periodoId: per.id,
          nombre: per.nombre,
          fechaInicio: iso(per.fecha_inicio),
          fechaFin: iso(per.fecha_fin),
        }));
        throw areaError(
          409,
          EVENTOS_ERROR_CODES.eventDatesExcludePeriods,
          EVENTOS_MESSAGES.eventDatesExcludePeriods,
          details,
        );
      }
    }

    const changes: EventoChanges = {
      ...(nombre !== undefined ? { nombre } : {}),
      ...(lugar !== undefined ? { lugar } : {}),
      ...(descripcion !== undefined ? { descripcion } : {}),
      ...(startIn !== undefined ? { fechaInicio: startIn } : {}),
      ...(endIn !== undefined ? { fechaFin: endIn } : {}),
      ...(body.estado !== undefined ? { estado: body.estado } : {}),
      ...(body.responsableId !== undefined ? { responsableId: body.responsableId } : {}),
    };
    const before = toEvento(current);
    const preview = diff(before, { ...before, ...wireOf(changes) }, EVENTO_FIELDS);
    // Nothing changes: answer the stored event as is (no new version, no audit noise).
    if (!preview.changed) return before;
    const row = await updateEvento(db, current, body.version, changes, app.now());
    if (!row) throw versionConflict();
    const after = toEvento(row);
    const { antes, despues } = diff(before, after, EVENTO_FIELDS);
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.eventoEditar,
        objetivoTipo: 'evento',
        objetivoId: id,
        cambios: { antes, despues },
      },
      db,
    );
    return after;
  });
}

/** Changes in wire form (ISO dates), to compare with the stored event. */
function wireOf(changes: EventoChanges) {
  const { fechaInicio, fechaFin, ...rest } = changes;
  return {
    ...rest,
    ...(fechaInicio !== undefined ? { fechaInicio: iso(fechaInicio) } : {}),
    ...(fechaFin !== undefined ? { fechaFin: iso(fechaFin) } : {}),
  };
}

/** Deletes an event and, by cascade, its periods; audited with what was removed. 404 when unknown. */
export async function removeEvento(app: FastifyInstance, request: FastifyRequest, id: number) {
  await withEventoLock(app, id, async (db, current) => {
    const periodos = await db
      .selectFrom('periodos')
      .select(['id', 'nombre'])
      .where('evento_id', '=', id)
      .orderBy('fecha_inicio')
      .execute();
    await deleteEvento(db, id);
    const { version: _v, creadoEn: _c, actualizadoEn: _a, ...antes } = toEvento(current);
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.eventoEliminar,
        objetivoTipo: 'evento',
        objetivoId: id,
        cambios: { antes: { ...antes, periodos }, despues: null },
      },
      db,
    );
  });
}

/** The event or 404. */
export async function getEvento(app: FastifyInstance, id: number) {
  const row = await findEvento(app.db, id);
  if (!row) throw eventoNotFound();
  return toEvento(row);
}

/** 404 unless the event exists (the periods endpoints answer 404 for an unknown event). */
export async function requireEvento(app: FastifyInstance, id: number): Promise<EventoRow> {
  const row = await findEvento(app.db, id);
  if (!row) throw eventoNotFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Periodos
// ---------------------------------------------------------------------------------------------

/**
 * The range and overlap rules for a period [start, end) of `evento`; `exceptId` is the period
 * being edited. Throws 400 `PERIOD_OUT_OF_RANGE` or 409 `PERIOD_OVERLAP` naming the fields.
 */
async function checkPeriodo(
  db: Db,
  evento: EventoRow,
  start: number,
  end: number,
  exceptId?: number,
): Promise<void> {
  const outside: ErrorDetail[] = [];
  if (start < evento.fecha_inicio)
    outside.push({ field: 'fechaInicio', message: EVENTOS_MESSAGES.periodOutOfRange });
  if (end > evento.fecha_fin)
    outside.push({ field: 'fechaFin', message: EVENTOS_MESSAGES.periodOutOfRange });
  if (outside.length) {
    throw areaError(
      400,
      EVENTOS_ERROR_CODES.periodOutOfRange,
      EVENTOS_MESSAGES.periodOutOfRange,
      outside,
    );
  }
  const overlapping = await findOverlapping(db, evento.id, start, end, exceptId);
  const first = overlapping[0];
  if (!first) return;
  // The start lies inside another period → fechaInicio; the end does → fechaFin; a period
  // swallowed whole is put on fechaFin (moving the end back frees it), or on both fields when
  // neither end lies inside anything.
  const startInside = overlapping.find((o) => o.fecha_inicio <= start && start < o.fecha_fin);
  const endInside = overlapping.find((o) => o.fecha_inicio < end && end <= o.fecha_fin);
  const swallowed = overlapping.find((o) => start <= o.fecha_inicio && o.fecha_fin <= end);
  const msg = (o: PeriodoRow) =>
    formatEventosMessage(EVENTOS_MESSAGES.periodOverlap, { nombre: o.nombre });
  const details: ErrorDetail[] = [];
  const onStart = startInside ?? (endInside ? undefined : swallowed);
  const onEnd = endInside ?? swallowed;
  if (onStart) details.push({ field: 'fechaInicio', message: msg(onStart) });
  if (onEnd) details.push({ field: 'fechaFin', message: msg(onEnd) });
  throw areaError(409, EVENTOS_ERROR_CODES.periodOverlap, msg(onStart ?? onEnd ?? first), details);
}

/** Creates a period inside its event, refusing overlaps atomically (see `withEventoLock`). */
export async function createPeriodo(
  app: FastifyInstance,
  request: FastifyRequest,
  eventoId: number,
  body: PeriodoCreate,
) {
  const p = new Problems();
  const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired) ?? '';
  const start = p.date('fechaInicio', body.fechaInicio);
  const end = p.date('fechaFin', body.fechaFin);
  if (start !== undefined && end !== undefined) checkOrder(p, start, end, 'fechaFin');
  // An unknown event is 404 before any 400 about the body.
  if (p.details.length) await requireEvento(app, eventoId);
  p.throwIfAny();
  return withEventoLock(app, eventoId, async (db, evento) => {
    await checkPeriodo(db, evento, start!, end!);
    const row = await insertPeriodo(db, {
      eventoId,
      nombre,
      descripcion: body.descripcion?.trim() ?? '',
      fechaInicio: start!,
      fechaFin: end!,
      at: app.now(),
    });
    const periodo = toPeriodo(row);
    const { version: _v, ...despues } = periodo;
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.periodoCrear,
        objetivoTipo: 'periodo',
        objetivoId: row.id,
        cambios: { antes: null, despues },
      },
      db,
    );
    return periodo;
  });
}

const PERIODO_FIELDS = ['nombre', 'descripcion', 'fechaInicio', 'fechaFin'] as const;

/** Edits a period (optimistic `version`), re-checking range and overlap under the event's lock. */
export async function patchPeriodo(
  app: FastifyInstance,
  request: FastifyRequest,
  eventoId: number,
  periodoId: number,
  body: PeriodoPatch,
) {
  const p = new Problems();
  const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired);
  const descripcion =
    p.text('descripcion', body.descripcion ?? undefined) ??
    (body.descripcion === null ? '' : undefined);
  const startIn = p.date('fechaInicio', body.fechaInicio);
  const endIn = p.date('fechaFin', body.fechaFin);
  return withEventoLock(app, eventoId, async (db, evento) => {
    const current = await findPeriodo(db, eventoId, periodoId);
    if (!current) throw periodoNotFound();
    if (current.version !== body.version) throw versionConflict();
    const start = startIn ?? current.fecha_inicio;
    const end = endIn ?? current.fecha_fin;
    checkOrder(p, start, end, body.fechaFin === undefined ? 'fechaInicio' : 'fechaFin');
    p.throwIfAny();
    if (startIn !== undefined || endIn !== undefined) {
      await checkPeriodo(db, evento, start, end, periodoId);
    }
    const changes: PeriodoChanges = {
      ...(nombre !== undefined ? { nombre } : {}),
      ...(descripcion !== undefined ? { descripcion } : {}),
      ...(startIn !== undefined ? { fechaInicio: startIn } : {}),
      ...(endIn !== undefined ? { fechaFin: endIn } : {}),
    };
    const before = toPeriodo(current);
    const preview = diff(before, { ...before, ...periodoWire(changes) }, PERIODO_FIELDS);
    if (!preview.changed) return before;
    const row = await updatePeriodo(db, current, body.version, changes, app.now());
    if (!row) throw versionConflict();
    const after = toPeriodo(row);
    const { antes, despues } = diff(before, after, PERIODO_FIELDS);
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.periodoEditar,
        objetivoTipo: 'periodo',
        objetivoId: periodoId,
        cambios: { antes, despues },
      },
      db,
    );
    return after;
  });
}

function periodoWire(changes: PeriodoChanges) {
  const { fechaInicio, fechaFin, ...rest } = changes;
  return {
    ...rest,
    ...(fechaInicio !== undefined ? { fechaInicio: iso(fechaInicio) } : {}),
    ...(fechaFin !== undefined ? { fechaFin: iso(fechaFin) } : {}),
  };
}

/** Deletes a period; 404 for an unknown event or period. */
export async function removePeriodo(
  app: FastifyInstance,
  request: FastifyRequest,
  eventoId: number,
  periodoId: number,
) {
  await withEventoLock(app, eventoId, async (db) => {
    const current = await findPeriodo(db, eventoId, periodoId);
    if (!current) throw periodoNotFound();
    await deletePeriodo(db, periodoId);
    const { version: _v, ...antes } = toPeriodo(current);
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.periodoEliminar,
        objetivoTipo: 'periodo',
        objetivoId: periodoId,
        cambios: { antes, despues: null },
      },
      db,
    );
  });
}

/** The period or 404 (unknown event first). */
export async function getPeriodo(app: FastifyInstance, eventoId: number, periodoId: number) {
  await requireEvento(app, eventoId);
  const row = await findPeriodo(app.db, eventoId, periodoId);
  if (!row) throw periodoNotFound();
  return toPeriodo(row);
}

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

const IMPORT_REQUIRED = ['nombre', 'lugar', 'fechaInicio', 'fechaFin'] as const;
/** Optional columns of an import; any other column is ignored. */
type ImportOptional = 'descripcion' | 'estado' | 'responsableId';

/**
 * POST /api/eventos/import: checks every row with the same rules (and Spanish messages) as
 * POST /api/eventos and reports per row; `apply` writes all rows in one transaction with one
 * `eventos.importar` audit row, or — when any row is rejected — nothing (400 listing them).
 * @throws 400 for a file that is not CSV, lacks required columns, is empty or too long.
 */
export async function importEventos(
  app: FastifyInstance,
  request: FastifyRequest,
  text: string,
  apply: boolean,
): Promise<EventoImportReport> {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch {
    throw validationError([{ field: 'archivo', message: EVENTOS_IMPORT_MESSAGES.invalidCsv }]);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) {
    throw validationError([{ field: 'archivo', message: EVENTOS_IMPORT_MESSAGES.empty }]);
  }
  if (rows.length > EVENTOS_IMPORT_MAX_ROWS) {
    throw validationError([{ field: 'archivo', message: EVENTOS_IMPORT_MESSAGES.tooManyRows }]);
  }
  const position = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const missing = IMPORT_REQUIRED.filter((c) => !position.has(c.toLowerCase()));
  if (missing.length) {
    const message = formatEventosMessage(EVENTOS_IMPORT_MESSAGES.missingColumns, {
      columnas: missing.join(', '),
    });
    throw validationError([{ field: 'cabecera', message }]);
  }
  const cell = (row: string[], name: (typeof IMPORT_REQUIRED)[number] | ImportOptional) => {
    const i = position.get(name.toLowerCase());
    return i === undefined ? '' : (row[i] ?? '').trim();
  };

  // Responsables named in the file, checked in one query.
  const wantedIds = [
    ...new Set(
      rows
        .map((r) => cell(r, 'responsableId'))
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number),
    ),
  ];
  const existing = new Set(
    wantedIds.length
      ? (
          await app.db.selectFrom('usuarios').select('id').where('id', 'in', wantedIds).execute()
        ).map((u) => u.id)
      : [],
  );

  const parsed = rows.map((row, index) => {
    const p = new Problems();
    const nombre = p.text('nombre', cell(row, 'nombre'), EVENTOS_MESSAGES.nombreRequired) ?? '';
    const lugar = p.text('lugar', cell(row, 'lugar'), EVENTOS_MESSAGES.lugarRequired) ?? '';
    const descripcion = cell(row, 'descripcion');
    if (nombre.length > EVENTO_NOMBRE_MAX_LENGTH)
      p.add('nombre', `No puede superar ${EVENTO_NOMBRE_MAX_LENGTH} caracteres`);
    if (lugar.length > EVENTO_LUGAR_MAX_LENGTH)
      p.add('lugar', `No puede superar ${EVENTO_LUGAR_MAX_LENGTH} caracteres`);
    if (descripcion.length > EVENTO_DESCRIPCION_MAX_LENGTH)
      p.add('descripcion', `No puede superar ${EVENTO_DESCRIPCION_MAX_LENGTH} caracteres`);
    const start = p.date('fechaInicio', cell(row, 'fechaInicio'));
    const end = p.date('fechaFin', cell(row, 'fechaFin'));
    if (start !== undefined && end !== undefined) checkOrder(p, start, end, 'fechaFin');
    const estadoText = cell(row, 'estado') || 'borrador';
    const estado = (EVENTO_ESTADOS as readonly string[]).includes(estadoText)
      ? (estadoText as EventoEstado)
      : undefined;
    if (!estado) p.add('estado', EVENTOS_IMPORT_MESSAGES.invalidEstado);
    const responsableText = cell(row, 'responsableId');
    let responsableId: number | null = null;
    if (responsableText !== '') {
      if (!/^\d{1,9}$/.test(responsableText)) {
        p.add('responsableId', EVENTOS_IMPORT_MESSAGES.invalidResponsable);
      } else if (!existing.has(Number(responsableText))) {
        p.add('responsableId', EVENTOS_MESSAGES.responsableNotFound);
      } else {
        responsableId = Number(responsableText);
      }
    }
    const fila = index + 2;
    const errores = p.details;
    return {
      report: {
        fila,
        nombre,
        resultado: errores.length ? ('rechazado' as const) : ('creado' as const),
        ...(errores.length
          ? { motivo: errores.map((e) => `${e.field}: ${e.message}`).join('; '), errores }
          : {}),
      },
      values:
        errores.length || !estado
          ? undefined
          : {
              nombre,
              lugar,
              descripcion,
              fechaInicio: start!,
              fechaFin: end!,
              estado,
              responsableId,
            },
    };
  });

  const rejected = parsed.filter((r) => r.report.resultado === 'rechazado');
  const report = (aplicado: boolean): EventoImportReport => ({
    aplicado,
    filas: parsed.map((r) => r.report),
    resumen: {
      creados: aplicado ? parsed.length : parsed.length - rejected.length,
      rechazados: rejected.length,
    },
  });
  if (!apply) return report(false);
  if (rejected.length) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      EVENTOS_IMPORT_MESSAGES.rejected,
      rejected.map((r) => ({ field: `fila ${r.report.fila}`, message: r.report.motivo ?? '' })),
    );
  }
  return inTransaction(app, async (db) => {
    const at = app.now();
    const ids: number[] = [];
    for (const r of parsed) {
      const row = await insertEvento(db, { ...r.values!, at });
      ids.push(row.id);
      Object.assign(r.report, { id: row.id });
    }
    await app.audit(
      request,
      {
        accion: EVENTOS_AUDIT.eventoImportar,
        objetivoTipo: 'evento',
        cambios: { creados: ids.length, ids },
      },
      db,
    );
    return report(true);
  });
}
