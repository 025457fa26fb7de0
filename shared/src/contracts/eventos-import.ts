/**
 * The events' CSV import (issue #5, issue #14's CsvImportDialog): POST /api/eventos/import and
 * its dry run, the report and the Spanish texts. Split from contracts/eventos.ts, whose header
 * lists every endpoint, to keep each contract file under ~350 lines.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Largest CSV accepted by POST /api/eventos/import: 2 MiB and 5000 data rows. */
export const EVENTOS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const EVENTOS_IMPORT_MAX_ROWS = 5000;

/**
 * One row of the event import report. `fila` is the 1-based line number counting the header as
 * line 1; `errores` lists the row's problems by field (same Spanish texts as the api).
 */
export const EventoImportRowSchema = Type.Object({
  fila: Type.Integer(),
  nombre: Type.String(),
  resultado: Type.Union([Type.Literal('creado'), Type.Literal('rechazado')]),
  motivo: Type.Optional(Type.String()),
  errores: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  /** Id of the created event (applied imports only). */
  id: Type.Optional(Type.Integer()),
});
export type EventoImportRow = Static<typeof EventoImportRowSchema>;

/**
 * 200 of POST /api/eventos/import?dryRun=1 (nothing written, `aplicado: false`) and of
 * POST /api/eventos/import (all rows written, `aplicado: true`). Body `text/csv` with a header
 * naming at least nombre, lugar, fechaInicio, fechaFin (any order); descripcion, estado and
 * responsableId are optional; other columns (id, version, creadoEn… of an export) are ignored,
 * so an exported file imports back as new events. Every row creates an event. An apply with any
 * rejected row writes nothing and answers 400 VALIDATION_ERROR with one detail per rejected row
 * (`{field: 'fila 3', message: motivo}`). Permission eventos:crear.
 */
export const EventoImportReportSchema = Type.Object({
  aplicado: Type.Boolean(),
  filas: Type.Array(EventoImportRowSchema),
  resumen: Type.Object({ creados: Type.Integer(), rechazados: Type.Integer() }),
});
export type EventoImportReport = Static<typeof EventoImportReportSchema>;

/** `?dryRun=1` (or `true`) of POST /api/eventos/import. */
export const EventoImportQuerySchema = Type.Object({
  dryRun: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')]),
  ),
});
export type EventoImportQuery = Static<typeof EventoImportQuerySchema>;

/** Spanish texts of the import. */
export const EVENTOS_IMPORT_MESSAGES = {
  invalidCsv: 'El archivo no es un CSV válido',
  missingColumns: 'Faltan columnas obligatorias: {columnas}',
  empty: 'El archivo no contiene filas',
  tooManyRows: 'El archivo supera el máximo de 5000 filas',
  rejected: 'Hay filas con errores; no se ha importado ninguna',
  invalidEstado: 'El estado debe ser borrador, publicado, cancelado o finalizado',
  invalidResponsable: 'El responsable debe ser el id numérico de un usuario',
} as const;
