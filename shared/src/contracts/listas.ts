/**
 * Bounds every list query shares (issue #13, "Hardening found by generated and hostile input"):
 * the largest `page` and the rule for search text. Each resource's query schema applies them, so
 * the api refuses out-of-range input with 400 and `details` before any query runs, and the
 * OpenAPI document states the same bounds to a generated client.
 *
 * Kept in a file of its own (no import from another contract) so every contract can use it
 * without an import cycle.
 */
import { Type } from '@sinclair/typebox';

/**
 * Largest `page` of every paged list (`?page=` and `POST /api/filtrado`'s `page`).
 *
 * Why a bound at all: query strings are coerced by Ajv, which turns `1e400` and `Infinity` into
 * the number `Infinity` and `99999999999999999999` into a float (1e20); those passed
 * `Type.Integer({ minimum: 1 })`, became an OFFSET SQLite refuses ("datatype mismatch": a 500)
 * or were echoed back as `page: 100000000000000000000`. Why this value: the largest page size
 * of any list is 1 000 (periods of one event), so the largest offset, (PAGE_MAX − 1) × 1 000,
 * stays below 2³¹ — an exact integer in JavaScript and in PostgreSQL's `integer` — while a
 * million pages still reach every row of the 1 000 000-user benchmark one at a time.
 */
export const PAGE_MAX = 1_000_000;

/**
 * Largest id in a path (`/api/usuarios/:id`, …): PostgreSQL's `integer` maximum, 2³¹ − 1. Larger
 * numbers, `Infinity` and `1e400` answer 400 naming the parameter on both databases (unbounded,
 * `/api/eventos/Infinity` was a 404 on SQLite and a database error on PostgreSQL).
 */
export const ID_MAX = 2_147_483_647;

/** A positive id of a path parameter: 1..ID_MAX. */
export function idSchema(description = 'Identificador (entero positivo)') {
  return Type.Integer({ minimum: 1, maximum: ID_MAX, description });
}

/**
 * `page` of a list query: 1..PAGE_MAX, default 1. Out of range (or `Infinity`, `1e400`) is a 400
 * whose `details` name `page`.
 */
export function pageSchema() {
  return Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 });
}

/**
 * JSON Schema `pattern` of search and filter text: anything but the NUL character (U+0000).
 *
 * Decision (issue #13): NUL is refused with 400 naming the field, on both databases, rather than
 * stripped or searched for. PostgreSQL cannot store NUL in `text` (and refuses it as a bound
 * parameter), so no stored value could ever match it; SQLite's FTS5 reads a query as a C string
 * and stops at the NUL ("unterminated string", a 500). Other control characters (U+0001–U+001F,
 * U+007F) are stored and compared by both databases, so they are searched literally.
 */
export const TEXTO_SIN_NUL_PATTERN = '^[^\\u0000]*$';

/** True when `text` holds no NUL (the rule of `TEXTO_SIN_NUL_PATTERN`, for values checked in code). */
export function sinNul(text: string): boolean {
  return !text.includes('\u0000');
}

/** Spanish texts of these refusals. */
export const LISTAS_MESSAGES = {
  /** `details[].message` of a search or filter text holding NUL. */
  textoConNul: 'No puede contener el carácter nulo (U+0000)',
} as const;

/** A search box's text (`?q=`): at most `maxLength` characters, no NUL. */
export function searchTextSchema(maxLength = 200) {
  return Type.String({ maxLength, pattern: TEXTO_SIN_NUL_PATTERN });
}
