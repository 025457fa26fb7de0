/**
 * An event's periods (issue #5, DESIGN.md §6): `{id, eventoId, nombre, descripcion, fechaInicio,
 * fechaFin}`. A period lies inside its event (400 `PERIOD_OUT_OF_RANGE`) and never overlaps
 * another of the same event (409 `PERIOD_OVERLAP`; touching is fine: [a, b) and [b, c) do not
 * overlap). Both are checked under the event's lock (`withEventoLock`), with the write and its
 * audit row, so two concurrent inserts of overlapping periods cannot both pass. Every use case
 * answers 404 for an unknown event first.
 */
import {
  EVENTOS_ERROR_CODES,
  EVENTOS_MESSAGES,
  formatEventosMessage,
  type ErrorDetail,
  type Periodo,
  type PeriodoCreate,
  type PeriodoPatch,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { findEvento, type EventoRow } from '../repositories/eventos-repository';
import {
  deletePeriodo,
  findOverlapping,
  findPeriodo,
  insertPeriodo,
  toPeriodo,
  updatePeriodo,
  type PeriodoChanges,
  type PeriodoRow,
} from '../repositories/periodos-repository';
import { versionConflict } from './admin-common';
import {
  EVENTOS_AUDIT,
  Problems,
  areaError,
  checkOrder,
  diffFields,
  eventoNotFound,
  periodoNotFound,
  wireDates,
  withEventoLock,
} from './eventos-rules';
import type { Caller, ServiceDeps } from './service-deps';

const PERIODO_FIELDS = ['nombre', 'descripcion', 'fechaInicio', 'fechaFin'] as const;

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

/** The periods use cases over one database. */
export function createPeriodosService(deps: ServiceDeps) {
  const { db, now, audit } = deps;

  /** 404 unless the event exists. */
  async function requireEvento(eventoId: number): Promise<void> {
    if (!(await findEvento(db, eventoId))) throw eventoNotFound();
  }

  return {
    /** The period. @throws 404 for an unknown event, then for an unknown period. */
    async get(eventoId: number, periodoId: number): Promise<Periodo> {
      await requireEvento(eventoId);
      const row = await findPeriodo(db, eventoId, periodoId);
      if (!row) throw periodoNotFound();
      return toPeriodo(row);
    },

    /**
     * Creates a period inside its event, refusing overlaps atomically.
     * @throws 404 unknown event (before any 400 about the body), 400 bad fields or out of the
     *   event's dates, 409 overlap.
     */
    async create(eventoId: number, body: PeriodoCreate, caller: Caller): Promise<Periodo> {
      const p = new Problems();
      const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired) ?? '';
      const start = p.date('fechaInicio', body.fechaInicio);
      const end = p.date('fechaFin', body.fechaFin);
      if (start !== undefined && end !== undefined) checkOrder(p, start, end, 'fechaFin');
      if (p.details.length) await requireEvento(eventoId);
      p.throwIfAny();
      return withEventoLock(deps, eventoId, async (tx, evento) => {
        await checkPeriodo(tx, evento, start!, end!);
        const row = await insertPeriodo(tx, {
          eventoId,
          nombre,
          descripcion: body.descripcion?.trim() ?? '',
          fechaInicio: start!,
          fechaFin: end!,
          at: now(),
        });
        const periodo = toPeriodo(row);
        const { version: _v, ...despues } = periodo;
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.periodoCrear,
            objetivoTipo: 'periodo',
            objetivoId: row.id,
            cambios: { antes: null, despues },
          },
          tx,
        );
        return periodo;
      });
    },

    /**
     * Edits a period with the `version` it was based on, re-checking range and overlap under the
     * event's lock. @throws 404, 409 stale version, 400 bad fields or range, 409 overlap.
     */
    async patch(
      eventoId: number,
      periodoId: number,
      body: PeriodoPatch,
      caller: Caller,
    ): Promise<Periodo> {
      const p = new Problems();
      const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired);
      const descripcion =
        p.text('descripcion', body.descripcion ?? undefined) ??
        (body.descripcion === null ? '' : undefined);
      const startIn = p.date('fechaInicio', body.fechaInicio);
      const endIn = p.date('fechaFin', body.fechaFin);
      return withEventoLock(deps, eventoId, async (tx, evento) => {
        const current = await findPeriodo(tx, eventoId, periodoId);
        if (!current) throw periodoNotFound();
        if (current.version !== body.version) throw versionConflict();
        const start = startIn ?? current.fecha_inicio;
        const end = endIn ?? current.fecha_fin;
        checkOrder(p, start, end, body.fechaFin === undefined ? 'fechaInicio' : 'fechaFin');
        p.throwIfAny();
        if (startIn !== undefined || endIn !== undefined) {
          await checkPeriodo(tx, evento, start, end, periodoId);
        }
        const changes: PeriodoChanges = {
          ...(nombre !== undefined ? { nombre } : {}),
          ...(descripcion !== undefined ? { descripcion } : {}),
          ...(startIn !== undefined ? { fechaInicio: startIn } : {}),
          ...(endIn !== undefined ? { fechaFin: endIn } : {}),
        };
        const before = toPeriodo(current);
        const preview = diffFields(before, { ...before, ...wireDates(changes) }, PERIODO_FIELDS);
        if (!preview.changed) return before;
        const row = await updatePeriodo(tx, current, body.version, changes, now());
        if (!row) throw versionConflict();
        const after = toPeriodo(row);
        const { antes, despues } = diffFields(before, after, PERIODO_FIELDS);
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.periodoEditar,
            objetivoTipo: 'periodo',
            objetivoId: periodoId,
            cambios: { antes, despues },
          },
          tx,
        );
        return after;
      });
    },

    /** Deletes a period. @throws 404 for an unknown event or period. */
    async remove(eventoId: number, periodoId: number, caller: Caller): Promise<void> {
      await withEventoLock(deps, eventoId, async (tx) => {
        const current = await findPeriodo(tx, eventoId, periodoId);
        if (!current) throw periodoNotFound();
        await deletePeriodo(tx, periodoId);
        const { version: _v, ...antes } = toPeriodo(current);
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.periodoEliminar,
            objetivoTipo: 'periodo',
            objetivoId: periodoId,
            cambios: { antes, despues: null },
          },
          tx,
        );
      });
    },
  };
}
