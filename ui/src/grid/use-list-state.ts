import { useEffect, useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { toSortParam } from '../list-params';

/** Options of `useServerListState`. */
export interface ServerListStateOptions {
  /** The sort before the user picks one, e.g. `[{ field: 'fechaInicio', sort: 'asc' }]`. */
  defaultSort: GridSortModel;
  pageSize?: number;
  /** The filters (always as many): any change starts again from the first page. */
  filters: readonly unknown[];
}

/**
 * Paging and sorting of a server list: the grid's models, and `page`/`pageSize`/`sort` as the
 * api takes them (page 1-based, sort `campo|-campo`). A new filter goes back to the first page.
 */
export function useServerListState({
  defaultSort,
  pageSize = 10,
  filters,
}: ServerListStateOptions) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(defaultSort);

  useEffect(() => {
    setPaginationModel((p) => (p.page === 0 ? p : { ...p, page: 0 }));
    // The filters' values are the dependencies: a new value, a new first page.
  }, filters);

  const grid = {
    paginationModel,
    onPaginationModelChange: setPaginationModel,
    sortModel,
    onSortModelChange: setSortModel,
  };
  return {
    ...grid,
    /** The four models and handlers, to spread on a `ServerDataGrid`. */
    grid,
    /** The api's paging and sort parameters. */
    params: {
      page: paginationModel.page + 1,
      pageSize: paginationModel.pageSize,
      sort: toSortParam(sortModel),
    },
  };
}

/**
 * Keeps the page inside the list: when an answer comes back empty past the first page (its last
 * row was just deleted), shows the last page that has rows.
 */
export function usePageInRange(
  list: Pick<ReturnType<typeof useServerListState>, 'paginationModel' | 'onPaginationModelChange'>,
  answer: { total: number; items: readonly unknown[] } | undefined,
): void {
  const { paginationModel, onPaginationModelChange } = list;
  useEffect(() => {
    if (answer && answer.items.length === 0 && answer.total > 0 && paginationModel.page > 0) {
      const last = Math.max(0, Math.ceil(answer.total / paginationModel.pageSize) - 1);
      onPaginationModelChange({ ...paginationModel, page: last });
    }
  }, [answer, paginationModel, onPaginationModelChange]);
}
