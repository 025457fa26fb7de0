/**
 * The list conventions of DESIGN.md §3, written once: `?q=&page=&pageSize=&sort=` with `sort` as
 * `campo` (ascending) or `-campo` (descending), answered with `{items, total, page, pageSize}`.
 */

/** The page sizes every list offers (an entry of their own: pages without a grid use them too). */
export const PAGE_SIZES: readonly number[] = [10, 25, 50, 100];

/** One page of a list endpoint. `page` counts from 1. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A value a list query may carry; empty ones never reach the URL. */
export type ParamValue = string | number | boolean | null | undefined;

/**
 * The parameters that carry a value, as strings: an unset filter is absent from the URL rather
 * than `?rol=`, which the api would read as "the role named ''".
 */
export function cleanParams(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, ParamValue][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** `params` as a query string without the `?` (`q=ana&page=2`), empty values left out. */
export function listQueryString(params: object): string {
  return new URLSearchParams(cleanParams(params)).toString();
}

/** `path` with its query string, or `path` alone when no parameter carries a value. */
export function withQuery(path: string, params: object): string {
  const query = listQueryString(params);
  return query ? `${path}?${query}` : path;
}

/** One sort as a grid states it (MUI X's `GridSortItem` has this shape). */
export interface SortItem {
  field: string;
  sort: 'asc' | 'desc' | null | undefined;
}

/** The first sort as the api's `sort`: `campo` or `-campo`; undefined when unsorted. */
export function toSortParam(model: readonly SortItem[]): string | undefined {
  const first = model[0];
  if (!first?.sort) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

/** The api's `sort` (`campo` or `-campo`) as a grid sort model; empty when absent. */
export function fromSortParam(sort: string | null | undefined): SortItem[] {
  if (!sort) return [];
  return sort.startsWith('-')
    ? [{ field: sort.slice(1), sort: 'desc' }]
    : [{ field: sort, sort: 'asc' }];
}
