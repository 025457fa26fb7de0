import { useMemo } from 'react';
import Box from '@mui/material/Box';
import {
  DataGrid,
  type DataGridProps,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import { useLocale } from '../dates';
import { PAGE_SIZES } from '../list-params';

export { PAGE_SIZES };

/** Props of `ServerDataGrid`: the page of rows, its total, and the paging and sorting state. */
export interface ServerDataGridProps<R extends GridValidRowModel>
  extends Omit<
    DataGridProps<R>,
    | 'rowCount'
    | 'rows'
    | 'paginationMode'
    | 'sortingMode'
    | 'filterMode'
    | 'localeText'
    | 'paginationModel'
    | 'onPaginationModelChange'
    | 'sortModel'
    | 'onSortModelChange'
  > {
  'aria-label': string;
  /** The page's rows; `data.items` when absent. */
  rows?: readonly R[];
  /** All rows matching, over every page (the api's `total`); `data.total` when absent. */
  total?: number;
  /** The api's answer (`{items, total}`), undefined while none came. */
  data?: { items: readonly R[]; total: number };
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** Absent for a list the api does not sort: the columns then offer no sorting. */
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
  /** What an empty page says: "nothing matches" (the empty list is `ListPage`'s state). */
  noRowsLabel: string;
}

/**
 * MUI X's DataGrid for a paged api: paging, sorting (`toSortParam` makes it `campo|-campo`) and
 * filtering happen on the server, the column filter panel is off (lists have their own filters),
 * and the grid's own texts follow the reader's language.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  data,
  rows = data?.items ?? [],
  total = data?.total ?? 0,
  noRowsLabel,
  pageSizeOptions = [...PAGE_SIZES],
  ...props
}: ServerDataGridProps<R>) {
  const locale = useLocale();
  const localeText = useMemo(
    () => ({
      ...(locale === 'en' ? enUS : esES).components.MuiDataGrid.defaultProps.localeText,
      noRowsLabel,
    }),
    [locale, noRowsLabel],
  );
  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid<R>
        rows={rows}
        rowCount={total}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableColumnSorting={!props.onSortModelChange}
        pageSizeOptions={pageSizeOptions}
        disableRowSelectionOnClick
        autoHeight
        localeText={localeText}
        {...props}
      />
    </Box>
  );
}
