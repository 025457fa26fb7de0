import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { PAGE_SIZES, fromSortParam, toSortParam } from '../list-params';

/**
 * What a filter of the URL accepts: `true` any text, a list its only values, a RegExp the
 * values it matches (e.g. `DATE_PARAM`). Anything else in the URL reads as unset.
 */
export type FilterSpec = true | readonly string[] | RegExp;

/** A calendar day in the URL (`2026-03-31`), as the date filters write it. */
export const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/** Options of `useServerListState`. */
export interface ServerListStateOptions<F extends string = never> {
  /** The sort before the user picks one, e.g. `[{ field: 'fechaInicio', sort: 'asc' }]`. */
  defaultSort: GridSortModel;
  /** The fields the api sorts by: a `sort` naming another falls back to `defaultSort`. */
  sortFields?: readonly string[];
  /** The page size before the user picks one (10 unless said). */
  pageSize?: number;
  /** The page sizes offered (`PAGE_SIZES`); a `pageSize` not among them reads as the default. */
  pageSizeOptions?: readonly number[];
  /** The list's filters by their URL name (`q`, `estado`…), with the values each accepts. */
  filters?: { readonly [K in F]: FilterSpec };
}

/** How a change is written to the history. */
export interface UrlWriteOptions {
  /** Replaces the current entry instead of adding one (typing, a page corrected in range). */
  replace?: boolean;
}

/** The URL names of paging and sort, shared by every list. */
const PAGE = 'page';
const PAGE_SIZE = 'pageSize';
const SORT = 'sort';

function accepts(spec: FilterSpec, value: string): boolean {
  if (spec === true) return true;
  if (spec instanceof RegExp) return spec.test(value);
  return spec.includes(value);
}

/** A positive integer written plainly (`2`, not `2.5`, `02x` or `-1`), else undefined. */
function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/**
 * A server list's state kept in the URL's search parameters (issue #14), so a reload, a shared
 * link and back/forward show the same list: each filter by its name, `sort` (`campo|-campo`),
 * `page` (1-based) and `pageSize`. Defaults are left out of the URL; a bad value (an unknown sort
 * field, a page below 1, a page size not offered, a filter value not accepted) reads as its
 * default. Any filter change goes back to the first page; sort and page changes add a history
 * entry, and so do filters unless written with `{replace: true}` (a search as it is typed).
 * Other parameters of the URL are kept. Needs a react-router context.
 */
export function useServerListState<F extends string = never>({
  defaultSort,
  sortFields,
  pageSize: defaultPageSize = 10,
  pageSizeOptions = PAGE_SIZES,
  filters: specs,
}: ServerListStateOptions<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultSortParam = toSortParam(defaultSort);

  /** Writes `patch` over the current parameters; an empty or undefined value removes one. */
  const write = useCallback(
    (patch: Record<string, string | undefined>, { replace = false }: UrlWriteOptions = {}) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const sortParam = searchParams.get(SORT);
  const sortModel = useMemo<GridSortModel>(() => {
    const model = fromSortParam(sortParam);
    const field = model[0]?.field;
    const known = field && /^[A-Za-z_][\w.]*$/.test(field) && (!sortFields || sortFields.includes(field));
    return known ? model : defaultSort;
    // defaultSort and sortFields are literals of the page: their content, not identity, counts.
  }, [sortParam, defaultSortParam, sortFields?.join()]);

  const sizeParam = positiveInt(searchParams.get(PAGE_SIZE));
  const pageSize = sizeParam && pageSizeOptions.includes(sizeParam) ? sizeParam : defaultPageSize;
  const page = (positiveInt(searchParams.get(PAGE)) ?? 1) - 1;
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page, pageSize }), [page, pageSize]);

  const filterKey = specs ? Object.keys(specs).join() : '';
  const filterValues = useMemo(() => {
    const values = {} as Record<F, string>;
    for (const [name, spec] of Object.entries(specs ?? {}) as [F, FilterSpec][]) {
      // Free text is trimmed as the search field reports it: `?q=%20` is no search.
      const raw = spec === true ? (searchParams.get(name) ?? '').trim() : (searchParams.get(name) ?? '');
      values[name] = raw && accepts(spec, raw) ? raw : '';
    }
    return values;
    // The specs are literals of the page: their names decide, as the URL does.
  }, [searchParams, filterKey]);

  /** Goes to a page (0-based, as the grid counts) and page size; `{replace}` corrects one. */
  const setPagination = useCallback(
    (model: GridPaginationModel, options?: UrlWriteOptions) => {
      if (model.page === page && model.pageSize === pageSize) return;
      write(
        {
          [PAGE]: model.page > 0 ? String(model.page + 1) : undefined,
          [PAGE_SIZE]: model.pageSize === defaultPageSize ? undefined : String(model.pageSize),
        },
        options,
      );
    },
    [write, page, pageSize, defaultPageSize],
  );
  // The grid's handler takes one argument: MUI X passes its own details as the second.
  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) => setPagination(model),
    [setPagination],
  );

  const onSortModelChange = useCallback(
    (model: GridSortModel) => {
      // A sort cleared (the header's third click) is the default sort again.
      const next = toSortParam(model);
      write({ [SORT]: next === defaultSortParam ? undefined : next, [PAGE]: undefined });
    },
    [write, defaultSortParam],
  );

  /** Sets some filters (the others kept) and goes back to the first page. */
  const setFilters = useCallback(
    (patch: Partial<Record<F, string>>, options?: UrlWriteOptions) => {
      write({ ...(patch as Record<string, string | undefined>), [PAGE]: undefined }, options);
    },
    [write],
  );

  const grid = { paginationModel, onPaginationModelChange, sortModel, onSortModelChange };
  return {
    ...grid,
    /** The four models and handlers, to spread on a `ServerDataGrid`. */
    grid,
    setPagination,
    /** Each filter's value from the URL, `''` when unset or not accepted. */
    filters: filterValues,
    setFilters,
    /** Sets one filter; `{replace: true}` for a search as it is typed. */
    setFilter: useCallback(
      (name: F, value: string, options?: UrlWriteOptions) =>
        setFilters({ [name]: value } as Partial<Record<F, string>>, options),
      [setFilters],
    ),
    /** The api's paging and sort parameters. */
    params: {
      page: page + 1,
      pageSize,
      sort: toSortParam(sortModel),
    },
  };
}

/** The part of a list's state `usePageInRange` reads and corrects. */
export type PagedListState = Pick<
  ReturnType<typeof useServerListState>,
  'paginationModel' | 'setPagination'
>;

/**
 * Keeps the page inside the list: when an answer comes back empty past the first page (its last
 * row was just deleted, or a shared link named a page the list no longer has), shows the last
 * page that has rows, replacing the URL's entry rather than adding one.
 */
export function usePageInRange(
  list: PagedListState,
  answer: { total: number; items: readonly unknown[] } | undefined,
): void {
  const { paginationModel, setPagination } = list;
  useEffect(() => {
    if (answer && answer.items.length === 0 && answer.total > 0 && paginationModel.page > 0) {
      const last = Math.max(0, Math.ceil(answer.total / paginationModel.pageSize) - 1);
      setPagination({ ...paginationModel, page: last }, { replace: true });
    }
  }, [answer, paginationModel, setPagination]);
}
