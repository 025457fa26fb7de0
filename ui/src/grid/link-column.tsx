import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** Options of `linkColumn`. */
export interface LinkColumnOptions<R extends GridValidRowModel> {
  /** The row's field shown as the link's text (e.g. `nombre`). */
  field: keyof R & string;
  headerName: string;
  /** Where the row's link goes: its own page, by a path builder (`paths.informe(row.id)`). */
  to: (row: R) => string;
  /** The link's accessible name when its text alone would not say where it goes. */
  label?: (row: R) => string;
  minWidth?: number;
}

/**
 * A list's leading column whose cell links to the row's own page (an event's periods, a report),
 * through the router so the shell does not reload: the widest column of the grid.
 */
export function linkColumn<R extends GridValidRowModel>({
  field,
  headerName,
  to,
  label,
  minWidth = 180,
}: LinkColumnOptions<R>): GridColDef<R> {
  return {
    field,
    headerName,
    flex: 2,
    minWidth,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={to(row)} aria-label={label?.(row)}>
        {String(row[field])}
      </Link>
    ),
  };
}
