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
const NEEDS_QUOTES_SEMICOLON = /[";\r\n]/;

/**
 * The field separators an export may use: `,` (RFC 4180's, the default) or `;` (what a
 * spreadsheet set to a Spanish locale, whose decimal mark is the comma, expects).
 */
export type CsvSeparator = ',' | ';';

/** One CSV value: null/undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One cell: null/undefined → empty; formula starts neutralised; quoted when it holds the
 * `separator` (default `,`), a quote, CR or LF (RFC 4180 §2.6–2.7, quotes doubled).
 */
export function csvCell(value: CsvValue, separator: CsvSeparator = ','): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  const formula = FORMULA_START.test(s);
  if (formula) s = `'${s}`;
  const needsQuotes = separator === ',' ? NEEDS_QUOTES : NEEDS_QUOTES_SEMICOLON;
  return formula || needsQuotes.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CRLF-terminated record, fields joined by `separator` (default `,`). */
export function csvLine(values: readonly CsvValue[], separator: CsvSeparator = ',') {
  return `${values.map((v) => csvCell(v, separator)).join(separator)}\r\n`;
}

/**
 * A stream of a whole CSV document: BOM, header, then the records each batch yields, fields
 * joined by `separator` (default `,`). Pulls the next batch only when the consumer wants more
 * (back-pressure), so memory stays flat.
 *
 * The first batch is read before the first byte (issue #13: an export never fails after its
 * headers are sent). Fastify sets a stream's headers with `setHeader` and writes them with the
 * first chunk, so when that first query fails — the query a bad filter breaks — the stream
 * errors before any byte and the error handler still answers with the JSON error and its
 * status instead of a 200 cut short. Later batches run the same statement further on.
 */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<T[]>,
  toRecord: (item: T) => readonly CsvValue[],
  separator: CsvSeparator = ',',
): Readable {
  const records = (batch: T[]) => batch.map((item) => csvLine(toRecord(item), separator)).join('');
  async function* lines() {
    const it = batches[Symbol.asyncIterator]();
    try {
      const first = await it.next();
      yield UTF8_BOM + csvLine(header, separator) + (first.done ? '' : records(first.value));
      if (first.done) return;
      for (let next = await it.next(); !next.done; next = await it.next()) {
        yield records(next.value);
      }
    } finally {
      // The client may stop reading (or go away) mid-way: let the source release its query.
      await it.return?.();
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
 * `Content-Disposition` naming the download after a user-given title (a report's nombre):
 * `filename="<ascii>-<yyyy-mm-dd>.csv"` with accents dropped and anything outside
 * `[A-Za-z0-9._-]` turned into `-` (a header value cannot carry quotes, CR/LF or non-ASCII
 * safely), plus RFC 6266's `filename*` with the UTF-8 title percent-encoded for browsers that
 * read it. An empty result falls back to `fallback`.
 */
export function csvDispositionFor(title: string, now: number, fallback = 'informe'): string {
  const day = new Date(now).toISOString().slice(0, 10);
  const ascii =
    title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || fallback;
  const utf8 = encodeURIComponent(`${title.trim().slice(0, 100) || fallback}-${day}.csv`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}-${day}.csv"; filename*=UTF-8''${utf8}`;
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
