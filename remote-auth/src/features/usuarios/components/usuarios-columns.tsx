import { useMemo } from 'react';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { listLinkState, usuarioPath } from '../../usuario-detalle/list-link';
import type { UsuarioItem } from '../api';
import { EstadoUsuarioChip } from './EstadoUsuarioChip';
import { RolesCell } from './RolesCell';

/** Columns the api sorts by (USUARIO_SORT_FIELDS); the others are not sortable. */
const SORTABLE = ['nombre', 'email', 'creadoEn', 'ultimoAcceso'];

/**
 * The users grid's columns. The name links to the user's page (issue #14), carrying the list's
 * URL search so the page's back link returns to it; the roles cell shows every role (chips, then
 * "+N" with the full list: RolesCell). The actions column (a menu per row) is there when the
 * viewer may edit or delete anyone; what the menu offers for each row is decided by
 * `UsuarioRowMenu`. Each link or button takes the grid's `tabIndex` for its cell, so it is
 * reached with the arrow keys (0 while its cell has the focus) and not by Tab through every row.
 */
export function useUsuarioColumns({
  showActions,
  onOpenMenu,
}: {
  showActions: boolean;
  onOpenMenu: (anchor: HTMLElement, user: UsuarioItem) => void;
}): GridColDef<UsuarioItem>[] {
  const { t } = useAdminTexts();
  const formatDate = useFormatDateTime();
  const { search } = useLocation();
  return useMemo<GridColDef<UsuarioItem>[]>(() => {
    const cols: GridColDef<UsuarioItem>[] = [
      {
        field: 'nombre',
        headerName: t('usuarios.columns.nombre'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row, tabIndex }) => (
          <Link
            component={RouterLink}
            to={usuarioPath(row.id)}
            state={listLinkState(search)}
            tabIndex={tabIndex}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {row.nombre}
          </Link>
        ),
      },
      { field: 'email', headerName: t('usuarios.columns.email'), flex: 1.2, minWidth: 170 },
      {
        field: 'roles',
        headerName: t('usuarios.columns.roles'),
        sortable: false,
        flex: 0.8,
        minWidth: 110,
        renderCell: ({ row, tabIndex }) => (
          <RolesCell nombre={row.nombre} roles={row.roles} tabIndex={tabIndex} />
        ),
      },
      {
        field: 'activo',
        headerName: t('usuarios.columns.activo'),
        sortable: false,
        width: 165,
        // Issue #15: an invited user who has not set a password yet cannot sign in; the chip
        // says so instead of 'Activo' (Reenviar and Revocar are in the row's menu).
        renderCell: ({ row }) => <EstadoUsuarioChip usuario={row} />,
      },
      {
        field: 'creadoEn',
        headerName: t('usuarios.columns.creadoEn'),
        width: 125,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'ultimoAcceso',
        headerName: t('usuarios.columns.ultimoAcceso'),
        width: 125,
        valueFormatter: (value: string | null) => formatDate(value),
      },
    ];
    if (showActions) {
      cols.push({
        field: 'acciones',
        headerName: t('usuarios.columns.acciones'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: 80,
        renderCell: ({ row, tabIndex }) => (
          <IconButton
            tabIndex={tabIndex}
            aria-label={t('usuarios.actionsFor', { nombre: row.nombre })}
            aria-haspopup="menu"
            onClick={(event) => {
              event.stopPropagation();
              onOpenMenu(event.currentTarget, row);
            }}
          >
            <MoreVertIcon />
          </IconButton>
        ),
      });
    }
    return cols.map((c) => ({
      ...c,
      sortable: c.sortable !== false && SORTABLE.includes(c.field),
    }));
  }, [t, formatDate, showActions, onOpenMenu, search]);
}
