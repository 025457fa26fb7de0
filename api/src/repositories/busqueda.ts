/**
 * Accent- and case-insensitive search that works the same on SQLite and PostgreSQL (issue #4:
 * "jose" finds "José"). Neither database folds accents portably (SQLite's LIKE only folds ASCII
 * case; PostgreSQL's `unaccent` is an extension), so the repository stores a normalised copy of
 * the searchable text and compares it with the normalised query.
 */

/** Lowercase, NFD-decomposed with combining marks removed: `José Núñez` → `jose nunez`. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The columns the repository maintains for a user with this nombre and e-mail. */
export function usuarioSearchColumns(nombre: string, email: string) {
  const nombreNorm = normalizeSearch(nombre);
  return { nombre_norm: nombreNorm, busqueda: `${nombreNorm} ${normalizeSearch(email)}` };
}

/** `%text%` for LIKE with `\` escaping `%`, `_` and `\` itself (use with `escape '\'`). */
export function containsPattern(normalizedQuery: string): string {
  return `%${normalizedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `text%` for LIKE: rows starting with `text`, whose `%`, `_` and `\` match only themselves
 * (use with `escape '\'`; issue #13 — a filter's own `%` must not turn into a wildcard).
 */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
