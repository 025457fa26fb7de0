/**
 * Sentences the OpenAPI descriptions of several areas repeat (operations*.ts), written once so a
 * list, a versioned write and a CSV export are described alike everywhere.
 */

/** The answer of every paged list. */
export const LIST = 'Una página: `{items, total, page, pageSize}`.';
/** The optimistic-concurrency rule of every versioned write (DESIGN.md §3). */
export const VERSION =
  'Envíe la `version` leída: si otro la cambió antes, 409 VERSION_CONFLICT y nada se guarda.';
/** What every CSV export sends. */
export const CSV =
  'CSV UTF-8 con BOM y CRLF, con todas las filas del filtro (sin páginas), en streaming; los filtros se validan antes de enviar las cabeceras, así que un error llega como JSON.';
