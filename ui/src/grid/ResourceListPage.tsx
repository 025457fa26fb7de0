import { useState, type ComponentType, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { CsvImportDialog, type CsvImportDialogProps, type CsvImportRow } from '../CsvImportDialog';
import { ListPage, listStatus } from '../ListPage';
import { ServerDataGrid, type ServerDataGridProps } from './ServerDataGrid';
import { usePageInRange, type PagedListState } from './use-list-state';

/**
 * The texts of a resource's list page, by the keys each remote keeps under the resource's prefix
 * (`eventos.heading`, `informes.noMatches`…): the h1 and the grid's name (`heading`), the create
 * button (`new`), a failed load without an api message (`loadFailed`), the empty state
 * (`emptyTitle`, and `emptyInvite` with `createFirst` for who may create, else `emptyReadOnly`),
 * an empty page under a filter (`noMatches`), and with a CSV import its button, dialog title and
 * help (`import`, `importTitle`, `importHelp`).
 */
export type ResourceListTextKey =
  | 'heading'
  | 'new'
  | 'loadFailed'
  | 'emptyTitle'
  | 'emptyInvite'
  | 'emptyReadOnly'
  | 'createFirst'
  | 'noMatches'
  | 'import'
  | 'importTitle'
  | 'importHelp';

/** What `ResourceListPage` reads of an RTK Query list result (`{items, total}` pages). */
export interface ResourceListQuery<R> {
  data?: { items: readonly R[]; total: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** The CSV import a list page offers beside create: the dialog's props but its texts. */
export type ResourceCsvImport<I extends CsvImportRow> = Omit<
  CsvImportDialogProps<I>,
  'title' | 'help' | 'onClose'
>;

/** Props of `ResourceListPage`. */
export interface ResourceListPageProps<R extends GridValidRowModel, I extends CsvImportRow> {
  /** The page's texts: `(key) => t(\`eventos.${key}\`)`, see `ResourceListTextKey`. */
  text: (key: ResourceListTextKey) => string;
  /** The empty state's icon (drawn large and greyed). */
  icon: ComponentType<SvgIconProps>;
  /** The list's RTK Query result, asked with the URL state's `params` and the filters. */
  query: ResourceListQuery<R>;
  /**
   * The list's URL state (`useServerListState`): the grid's paging and sort, and its filters —
   * with any set, an empty answer says "nothing matches" (the grid's `noMatches`), not the
   * empty state's "nothing yet".
   */
  list: PagedListState & {
    filters: Readonly<Record<string, string>>;
    grid: Pick<
      ServerDataGridProps<R>,
      'paginationModel' | 'onPaginationModelChange' | 'sortModel' | 'onSortModelChange'
    >;
  };
  columns: GridColDef<R>[];
  /** Opens the create dialog; absent when the user may not create (no button, no invitation). */
  onCreate?: () => void;
  /** The CSV import (`CsvImportDialog`), absent when the user may not import. */
  csvImport?: ResourceCsvImport<I>;
  /** Search and filters above the grid. */
  filters?: ReactNode;
  /** More in the empty state, beside "create the first" (e.g. a link to where else to create). */
  emptyExtra?: ReactNode;
  /** The page's dialogs (create, edit, the confirmation), rendered in every state. */
  dialogs?: ReactNode;
}

/**
 * The list page of a REST resource (issue #14: eventos and informes each wrote it): `ListPage`'s
 * heading, create action, loading, error, empty state and filters around a `ServerDataGrid` of
 * the api's pages, the page kept in range when a delete empties the last one, and optionally the
 * CSV import beside create. The remote writes only what is its own: columns, filters, dialogs.
 */
export function ResourceListPage<
  R extends GridValidRowModel,
  I extends CsvImportRow = CsvImportRow,
>({
  text,
  icon: Icon,
  query,
  list,
  columns,
  onCreate,
  csvImport,
  filters,
  emptyExtra,
  dialogs,
}: ResourceListPageProps<R, I>) {
  const [importing, setImporting] = useState(false);
  const { data } = query;
  const filtered = Object.values(list.filters).some(Boolean);
  // Deleting the last row of the last page leaves it empty: show the page before.
  usePageInRange(list, data);
  return (
    <ListPage
      title={text('heading')}
      create={onCreate && { label: text('new'), onClick: onCreate }}
      actions={
        csvImport && (
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => setImporting(true)}
          >
            {text('import')}
          </Button>
        )
      }
      status={listStatus(query, !filtered && data?.total === 0)}
      loadFailed={text('loadFailed')}
      empty={{
        icon: <Icon color="disabled" sx={{ fontSize: 56 }} aria-hidden="true" />,
        title: text('emptyTitle'),
        message: onCreate ? text('emptyInvite') : text('emptyReadOnly'),
        action: onCreate && { label: text('createFirst'), onClick: onCreate },
        extra: emptyExtra,
      }}
      filters={filters}
      dialogs={
        <>
          {csvImport && importing && (
            <CsvImportDialog<I>
              {...csvImport}
              title={text('importTitle')}
              help={text('importHelp')}
              onClose={() => setImporting(false)}
            />
          )}
          {dialogs}
        </>
      }
    >
      <ServerDataGrid<R>
        aria-label={text('heading')}
        data={data}
        columns={columns}
        loading={query.isFetching}
        {...list.grid}
        noRowsLabel={text('noMatches')}
      />
    </ListPage>
  );
}
