import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** What the api decided (dry run) or did (apply) with one row of an imported CSV. */
export type CsvImportResult = 'creado' | 'actualizado' | 'rechazado';

/**
 * One row of an import report, as both `/api/usuarios/import` and `/api/eventos/import` answer
 * it (shared's `ImportRow`, `EventoImportRow`): `fila` is the 1-based line number in the file,
 * the header being line 1; `motivo` says why a row is rejected; `errores`, when the api sends
 * them, list its problems one by one (field and Spanish message).
 */
export interface CsvImportRow {
  fila: number;
  resultado: CsvImportResult;
  motivo?: string;
  errores?: readonly { field: string; message: string }[];
}

/**
 * An import report (shared's `ImportReport`, `EventoImportReport`): `aplicado` false for a dry
 * run (nothing written). `actualizados` only where an import can update (users by e-mail).
 */
export interface CsvImportReport<R extends CsvImportRow = CsvImportRow> {
  aplicado: boolean;
  filas: R[];
  resumen: { creados: number; actualizados?: number; rechazados: number };
}

/** Props of `CsvImportDialog`. */
export interface CsvImportDialogProps<R extends CsvImportRow = CsvImportRow> {
  title: string;
  /** What the file must hold (its columns) and how the import behaves; above the file picker. */
  help: ReactNode;
  /**
   * Sends the file's text: `dryRun` true only validates (`?dryRun=1`, nothing written), false
   * writes every row or none. Resolves with the api's report; rejects with what the RTK Query
   * mutation's `unwrap()` threw (read with `readApiError`, shown above the report).
   */
  run: (csv: string, dryRun: boolean) => Promise<CsvImportReport<R>>;
  /** The column that names each row: its header and value (the e-mail, the event's name). */
  rowLabel: { header: string; value: (row: R) => ReactNode };
  /** One more column, shown only when some row has a value for it. */
  extraColumn?: { header: string; value: (row: R) => ReactNode | undefined };
  /**
   * Called with the applied report (notify, refresh, or close when nothing is left to see); the
   * dialog shows the result until it is closed.
   */
  onApplied?: (report: CsvImportReport<R>) => void;
  /** Shown above the applied result (e.g. "hand over the one-time passwords"). */
  appliedNote?: ReactNode;
  /** Largest file accepted, in bytes; 2 MiB (the api's limit for both imports) by default. */
  maxBytes?: number;
  /** Cancel / Close, Esc and a backdrop click (none of them while a request runs). */
  onClose: () => void;
}

// Its own chunk (React.lazy): an import is a rare action, so neither a page's first paint nor
// a remote's entry pays for the wizard, its table and its stepper.
const Content = lazy(() => import('./CsvImportDialogContent')) as ComponentType<
  CsvImportDialogProps<CsvImportRow>
>;

/**
 * The CSV import wizard of the kit (issue #14; users and events): choose a file → dry run (the
 * api validates every row, writes nothing) → report (rows to create or update, each rejected row
 * with its line number and reason) → apply (all rows or none; offered only with no rejected row)
 * → result. Loaded lazily on first open; nothing shows while its chunk arrives.
 */
export function CsvImportDialog<R extends CsvImportRow>(props: CsvImportDialogProps<R>) {
  return (
    <Suspense fallback={null}>
      <Content {...(props as unknown as CsvImportDialogProps<CsvImportRow>)} />
    </Suspense>
  );
}
