import type { Key, ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

/** One column of a `SimpleTable`. */
export interface SimpleTableColumn<R> {
  /** Names the column among the others (its cells' React key). */
  key: string;
  /** The header cell's content, already translated. */
  header: ReactNode;
  /** The column's cell for one row. */
  cell: (row: R) => ReactNode;
  /** Alignment of the header and the cells (`right` for counts and actions). */
  align?: TableCellProps['align'];
  /** Style of the whole column, header included (e.g. hidden on a phone). */
  sx?: SxProps<Theme>;
  /** Style of the body cells instead of `sx` (e.g. dates or buttons that must not wrap). */
  cellSx?: SxProps<Theme>;
}

/** Props of `SimpleTable`. */
export interface SimpleTableProps<R> {
  /** The table's accessible name (the list it shows: "Roles", "Periodos"). */
  'aria-label': string;
  /** Every row, in the order shown. */
  rows: readonly R[];
  /**
   * The columns, in order; a `false`, `null` or `undefined` entry is left out, so a column only
   * some users get is written `canManage && { … }`.
   */
  columns: readonly (SimpleTableColumn<R> | false | null | undefined)[];
  /** A row's React key; its `id` by default. */
  rowKey?: (row: R) => Key;
  size?: TableProps['size'];
}

const byId = (row: unknown): Key => (row as { id: Key }).id;

/**
 * A short list that needs no paging, sorting or search (a role list, an event's periods): an
 * outlined MUI table described by its columns, with a header row and one row per item. Lists the
 * server pages go on `ServerDataGrid` (`@gestion/ui/grid`) instead.
 */
export function SimpleTable<R>({
  'aria-label': label,
  rows,
  columns,
  rowKey = byId,
  size,
}: SimpleTableProps<R>) {
  const shown = columns.filter((c): c is SimpleTableColumn<R> => Boolean(c));
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size={size} aria-label={label}>
        <TableHead>
          <TableRow>
            {shown.map((c) => (
              <TableCell key={c.key} align={c.align} sx={c.sx}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {shown.map((c) => (
                <TableCell key={c.key} align={c.align} sx={c.cellSx ?? c.sx}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
