/**
 * POST /api/eventos/import (issue #5, DESIGN.md §3): a CSV of events checked row by row with the
 * same rules and Spanish messages as POST /api/eventos. A dry run answers the per-row report;
 * otherwise every row is written in one transaction with one `eventos.importar` audit row, or —
 * when any row is rejected — nothing (400 listing them).
 */
import {
  ERROR_CODES,
  EVENTO_DESCRIPCION_MAX_LENGTH,
  EVENTO_ESTADOS,
  EVENTO_LUGAR_MAX_LENGTH,
  EVENTO_NOMBRE_MAX_LENGTH,
  EVENTOS_IMPORT_MAX_ROWS,
  EVENTOS_IMPORT_MESSAGES,
  EVENTOS_MESSAGES,
  formatEventosMessage,
  type EventoEstado,
  type EventoImportReport,
} from '@gestion/shared';
import { HttpError, validationError } from '../lib/http-errors';
import { existingUsuarioIds, insertEvento } from '../repositories/eventos-repository';
import { parseCsv } from './csv';
import { EVENTOS_AUDIT, Problems, checkOrder } from './eventos-rules';
import type { Caller, ServiceDeps } from './service-deps';

const IMPORT_REQUIRED = ['nombre', 'lugar', 'fechaInicio', 'fechaFin'] as const;
/** Optional columns of an import; any other column is ignored. */
type ImportOptional = 'descripcion' | 'estado' | 'responsableId';
type ImportColumn = (typeof IMPORT_REQUIRED)[number] | ImportOptional;

/** A responsableId cell that can be an id at all (the rest is `invalidResponsable`). */
const ID_CELL = /^\d{1,9}$/;

/**
 * The file's rows and a reader of a row's cell by column name (header names trimmed, any case).
 * @throws 400 for a file that is not CSV, is empty, has too many rows or lacks a required column.
 */
function readFile(text: string) {
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
  const cell = (row: string[], name: ImportColumn) => {
    const i = position.get(name.toLowerCase());
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
  return { rows, cell };
}

/**
 * One row checked: its line in the report (`fila` counts the header as 1) and, when accepted,
 * the values to insert. `existing` holds the ids of the file's responsables that exist.
 */
function checkRow(
  row: string[],
  index: number,
  cell: (row: string[], name: ImportColumn) => string,
  existing: Set<number>,
) {
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
    if (!ID_CELL.test(responsableText)) {
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
}

/** The events import over one database. */
export function createEventosImportService(deps: ServiceDeps) {
  const { db, now, audit } = deps;
  return {
    /**
     * Checks every row of `text` and reports per row; with `apply`, writes them all or none.
     * @throws 400 for a file that is not CSV, lacks required columns, is empty or too long, and
     *   (with `apply`) when any row is rejected.
     */
    async import(text: string, apply: boolean, caller: Caller): Promise<EventoImportReport> {
      const { rows, cell } = readFile(text);
      // Responsables named in the file, checked in one query.
      const wantedIds = [
        ...new Set(
          rows
            .map((r) => cell(r, 'responsableId'))
            .filter((v) => ID_CELL.test(v))
            .map(Number),
        ),
      ];
      const existing = await existingUsuarioIds(db, wantedIds);
      const parsed = rows.map((row, index) => checkRow(row, index, cell, existing));

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
      return db.transaction().execute(async (tx) => {
        const at = now();
        const ids: number[] = [];
        for (const r of parsed) {
          const row = await insertEvento(tx, { ...r.values!, at });
          ids.push(row.id);
          Object.assign(r.report, { id: row.id });
        }
        await audit(
          caller,
          {
            accion: EVENTOS_AUDIT.eventoImportar,
            objetivoTipo: 'evento',
            cambios: { creados: ids.length, ids },
          },
          tx,
        );
        return report(true);
      });
    },
  };
}
