/**
 * The list conventions of DESIGN.md §3: `?q=&page=&pageSize=&sort=` (sort `campo` or `-campo`)
 * answered with `{items, total, page, pageSize}`.
 */

/** One page of a list endpoint. `page` counts from 1. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Query parameters without the empty ones: an unset filter is absent from the URL rather than
 * `?rol=`, which the api would read as "the role named ''".
 */
export function cleanParams(
  params: Record<string, string | number | boolean | null | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}
