/**
 * CSV out (exports) and in (imports), RFC 4180 with the OWASP "CSV injection" defence.
 *
 * Out: UTF-8 with a BOM (so Excel reads accents right), CRLF line ends, a cell quoted when it
 * holds `,` `"` CR or LF (quotes doubled). A cell starting with `=`, `+`, `-`, `@`, TAB or CR
 * is a formula to a spreadsheet; it gets a leading `'` and is quoted, so it shows as text
 * (OWASP CSV Injection: "prepend a single quote, wrap in double quotes").
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';

/** The byte-order mark every export starts with. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null/undefined → empty; formula starts neutralised; quoted when needed. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  const formula = FORMULA_START.test(s);
  if (formula) s = `'${s}`;
  return formula || NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CRLF-terminated record. */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]) {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A stream of a whole CSV document: BOM, header, then the records each batch yields. Pulls the
 * next batch only when the consumer wants more (back-pressure), so memory stays flat.
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toRecord: (item: T) => readonly (string | number | boolean | null | undefined)[],
): Readable {
  async function* lines() {
    yield UTF8_BOM + csvLine(header);
    for await (const batch of batches) {
      yield batch.map((item) => csvLine(toRecord(item))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** `Content-Type` of every export. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** `Content-Disposition` offering `<base>-<yyyy-mm-dd>.csv` as the download name. */
export function csvDisposition(base: string, now: number): string {
  return `attachment; filename="${base}-${new Date(now).toISOString().slice(0, 10)}.csv"`;
}

/**
 * Parses an uploaded CSV into records (arrays of cells), the BOM stripped, blank lines skipped.
 * Cells are trimmed. A spreadsheet's neutralising `'` before a formula character is removed, so
 * an exported file imports back unchanged.
 * @throws Error (csv-parse's) when the text is not valid CSV (e.g. an unclosed quote).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  return records.map((r) => r.map((c) => (/^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c)));
}
