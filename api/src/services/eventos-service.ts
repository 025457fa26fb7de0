/**
 * Events (issue #5, DESIGN.md §6): create, read, edit and delete, between the thin route
 * handlers and the repositories. The rules:
 *
 * - `estado` follows `EVENTO_TRANSITIONS` (shared), refused with 409 `INVALID_TRANSITION`;
 * - an event's new dates may not leave a period outside (409 `EVENT_DATES_EXCLUDE_PERIODS`,
 *   `details` lists the periods);
 * - a PATCH sends the `version` it was based on; a stale one is 409 (DESIGN.md §3).
 *
 * Every write runs under the event's lock (`withEventoLock`) or in a transaction, with its audit
 * row. Shared pieces live in `eventos-rules.ts`.
 */
import {
  EVENTO_ESTADO_LABELS,
  EVENTOS_ERROR_CODES,
  EVENTOS_MESSAGES,
  canTransition,
  formatEventosMessage,
  type Evento,
  type EventoCreate,
  type EventoEstado,
  type EventoPatch,
  type PeriodoFueraDetail,
} from '@gestion/shared';
import type { Db } from '../db/types';
import {
  deleteEvento,
  findEvento,
  insertEvento,
  iso,
  toEvento,
  updateEvento,
  usuarioExists,
  type EventoChanges,
  type EventoRow,
} from '../repositories/eventos-repository';
import { findOutside, listPeriodoNombres } from '../repositories/periodos-repository';
import { versionConflict } from './admin-common';
import {
  EVENTOS_AUDIT,
  Problems,
  areaError,
  checkOrder,
  diffFields,
  eventoNotFound,
  wireDates,
  withEventoLock,
} from './eventos-rules';
import type { Caller, ServiceDeps } from './service-deps';

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

/** Records `responsableNotFound` when `id` names no user. */
async function checkResponsable(db: Db, problems: Problems, id: number | null | undefined) {
  if (id === undefined || id === null) return;
  if (!(await usuarioExists(db, id))) {
    problems.add('responsableId', EVENTOS_MESSAGES.responsableNotFound);
  }
}

/** 409 `EVENT_DATES_EXCLUDE_PERIODS` when [start, end) would leave periods of `id` outside. */
async function checkPeriodsInside(db: Db, id: number, start: number, end: number) {
  const outside = await findOutside(db, id, start, end);
  if (!outside.length) return;
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

/** The events use cases over one database. */
export function createEventosService(deps: ServiceDeps) {
  const { db, now, audit } = deps;

  /** The event's row. @throws 404 when it does not exist. */
  async function mustFind(id: number): Promise<EventoRow> {
    const row = await findEvento(db, id);
    if (!row) throw eventoNotFound();
    return row;
  }

  return {
    /** 404 unless the event exists (its periods' endpoints answer 404 for an unknown event). */
    require: mustFind,

    /** The event. @throws 404. */
    get: async (id: number): Promise<Evento> => toEvento(await mustFind(id)),

    /**
     * Creates an event (estado `borrador` unless given).
     * @throws 400 with per-field details on bad input (blank texts, dates without a zone or out
     *   of order, an unknown responsable).
     */
    async create(body: EventoCreate, caller: Caller): Promise<Evento> {
      const p = new Problems();
      const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired) ?? '';
      const lugar = p.text('lugar', body.lugar, EVENTOS_MESSAGES.lugarRequired) ?? '';
      const start = p.date('fechaInicio', body.fechaInicio);
      const end = p.date('fechaFin', body.fechaFin);
      if (start !== undefined && end !== undefined) checkOrder(p, start, end, 'fechaFin');
      await checkResponsable(db, p, body.responsableId);
      p.throwIfAny();
      return db.transaction().execute(async (tx) => {
        const row = await insertEvento(tx, {
          nombre,
          lugar,
          descripcion: body.descripcion?.trim() ?? '',
          fechaInicio: start!,
          fechaFin: end!,
          estado: body.estado ?? 'borrador',
          responsableId: body.responsableId ?? null,
          at: now(),
        });
        const evento = toEvento(row);
        const { version: _v, creadoEn: _c, actualizadoEn: _a, ...despues } = evento;
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.eventoCrear,
            objetivoTipo: 'evento',
            objetivoId: row.id,
            cambios: { antes: null, despues },
          },
          tx,
        );
        return evento;
      });
    },

    /**
     * Edits an event. Order of refusals: 404, 409 stale version, 400 bad fields, 409 transition,
     * 409 dates that would leave periods outside (listed in `details`). A PATCH that changes
     * nothing answers the stored event (no new version, no audit noise).
     */
    async patch(id: number, body: EventoPatch, caller: Caller): Promise<Evento> {
      const p = new Problems();
      const nombre = p.text('nombre', body.nombre, EVENTOS_MESSAGES.nombreRequired);
      const lugar = p.text('lugar', body.lugar, EVENTOS_MESSAGES.lugarRequired);
      const descripcion =
        p.text('descripcion', body.descripcion ?? undefined) ??
        (body.descripcion === null ? '' : undefined);
      const startIn = p.date('fechaInicio', body.fechaInicio);
      const endIn = p.date('fechaFin', body.fechaFin);
      return withEventoLock(deps, id, async (tx, current) => {
        if (current.version !== body.version) throw versionConflict();
        const start = startIn ?? current.fecha_inicio;
        const end = endIn ?? current.fecha_fin;
        checkOrder(p, start, end, body.fechaFin === undefined ? 'fechaInicio' : 'fechaFin');
        await checkResponsable(tx, p, body.responsableId);
        p.throwIfAny();

        const from = current.estado as EventoEstado;
        if (
          body.estado !== undefined &&
          body.estado !== from &&
          !canTransition(from, body.estado)
        ) {
          const message = formatEventosMessage(EVENTOS_MESSAGES.invalidTransition, {
            from: EVENTO_ESTADO_LABELS[from],
            to: EVENTO_ESTADO_LABELS[body.estado],
          });
          throw areaError(409, EVENTOS_ERROR_CODES.invalidTransition, message, [
            { field: 'estado', message },
          ]);
        }
        if (start !== current.fecha_inicio || end !== current.fecha_fin) {
          await checkPeriodsInside(tx, id, start, end);
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
        const preview = diffFields(before, { ...before, ...wireDates(changes) }, EVENTO_FIELDS);
        if (!preview.changed) return before;
        const row = await updateEvento(tx, current, body.version, changes, now());
        if (!row) throw versionConflict();
        const after = toEvento(row);
        const { antes, despues } = diffFields(before, after, EVENTO_FIELDS);
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.eventoEditar,
            objetivoTipo: 'evento',
            objetivoId: id,
            cambios: { antes, despues },
          },
          tx,
        );
        return after;
      });
    },

    /** Deletes an event and, by cascade, its periods; audited with what was removed. @throws 404. */
    async remove(id: number, caller: Caller): Promise<void> {
      await withEventoLock(deps, id, async (tx, current) => {
        const periodos = await listPeriodoNombres(tx, id);
        await deleteEvento(tx, id);
        const { version: _v, creadoEn: _c, actualizadoEn: _a, ...antes } = toEvento(current);
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.eventoEliminar,
            objetivoTipo: 'evento',
            objetivoId: id,
            cambios: { antes: { ...antes, periodos }, despues: null },
          },
          tx,
        );
      });
    },
  };
}

/** The events use cases, as the routes hold them. */
export type EventosService = ReturnType<typeof createEventosService>;
