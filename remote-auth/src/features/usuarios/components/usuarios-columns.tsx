import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { GridColDef } from '@mui/x-data-grid';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFormatDate } from '../../../lib/format';
import type { UsuarioItem } from '../api';

/** Columns the api sorts by (USUARIO_SORT_FIELDS); the others are not sortable. */
const SORTABLE = ['nombre', 'email', 'creadoEn', 'ultimoAcceso'];

/**
 * The users grid's columns. The actions column (a menu per row) is there when the viewer may
 * edit or delete anyone; what the menu offers for each row is decided by `UsuarioRowMenu`.
 */
export function useUsuarioColumns({
  showActions,
  onOpenMenu,
}: {
  showActions: boolean;
  onOpenMenu: (anchor: HTMLElement, user: UsuarioItem) => void;
}): GridColDef<UsuarioItem>[] {
  const { t } = useAdminTexts();
  const formatDate = useFormatDate();
  return useMemo<GridColDef<UsuarioItem>[]>(() => {
    const cols: GridColDef<UsuarioItem>[] = [
      { field: 'nombre', headerName: t('usuarios.columns.nombre'), flex: 1, minWidth: 140 },
      { field: 'email', headerName: t('usuarios.columns.email'), flex: 1.2, minWidth: 170 },
      {
        field: 'roles',
        headerName: t('usuarios.columns.roles'),
        sortable: false,
        flex: 0.8,
        minWidth: 110,
        renderCell: ({ row }) =>
          row.roles.length === 0 ? (
            <Typography variant="body2" color="text.secondary" component="span">
              {t('usuarios.noRoles')}
            </Typography>
          ) : (
            // Wrapped, with the grid's row height 'auto': every role stays visible (issue #14:
            // a third role was cut off by the column's width).
            <Stack
              direction="row"
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, py: 0.75, minHeight: '100%' }}
            >
              {row.roles.map((r) => (
                <Chip key={r} label={r} size="small" />
              ))}
            </Stack>
          ),
      },
      {
        field: 'activo',
        headerName: t('usuarios.columns.activo'),
        sortable: false,
        width: 165,
        // Issue #15: an invited user who has not set a password yet cannot sign in; the chip
        // says so instead of 'Activo' (Reenviar and Revocar are in the row's menu).
        renderCell: ({ row }) =>
          row.invitacionPendiente ? (
            <Chip size="small" color="warning" variant="outlined" label={t('usuarios.invitacionPendiente')} />
          ) : (
            <Chip
              size="small"
              color={row.activo ? 'success' : 'default'}
              label={row.activo ? t('usuarios.active') : t('usuarios.inactive')}
            />
          ),
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
        renderCell: ({ row }) => (
          <IconButton
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
  }, [t, formatDate, showActions, onOpenMenu]);
}
