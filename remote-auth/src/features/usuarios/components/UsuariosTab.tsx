import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import UploadIcon from '@mui/icons-material/Upload';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import { USUARIOS_TOTAL_MAX } from '@gestion/shared';
import { useAuth, useNotify, usePermission, useShell } from '@gestion/shared/react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFormatDate } from '../../../lib/format';
import { useListRolesQuery } from '../../roles/api';
import {
  useDeleteUsuarioMutation,
  useListUsuariosQuery,
  useRevokeUsuarioSessionsMutation,
  useSetUsuarioRolesMutation,
  useUpdateUsuarioMutation,
  usuariosParams,
  type UsuarioItem,
} from '../api';
import { downloadUsuariosCsv } from '../export';
import { AssignRolesDialog } from './AssignRolesDialog';
import { ImportDialog } from './ImportDialog';
import { UsuarioFormDialog } from './UsuarioFormDialog';

/** Search waits for a 300 ms pause in typing before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 25, 50, 100];
const SORTABLE = ['nombre', 'email', 'creadoEn', 'ultimoAcceso'];
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** What a confirmation dialog is about to do. */
type Pending =
  | { kind: 'delete' | 'deactivate' | 'activate' | 'revoke'; user: UsuarioItem }
  | { kind: 'bulkDeactivate'; users: UsuarioItem[] }
  | { kind: 'bulkRole'; users: UsuarioItem[]; rol: string };

/**
 * Usuarios (usuarios:ver): MUI X Data Grid in server mode — the api searches, filters, sorts and
 * pages, the grid only shows one page (`rowCount` from `total`). Actions the user lacks the
 * permission for are not offered; the api refuses them anyway.
 */
export function UsuariosTab() {
  const { t, i18n } = useAdminTexts();
  const notify = useNotify();
  const { token } = useAuth();
  const { config } = useShell();
  const formatDate = useFormatDate();
  const canCreate = usePermission('usuarios:crear');
  const canEdit = usePermission('usuarios:editar');
  const canDelete = usePermission('usuarios:eliminar');
  const canSeeRoles = usePermission('roles:ver');

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [rol, setRol] = useState('');
  const [activo, setActivo] = useState<'' | 'true' | 'false'>('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);

  const sort = sortModel[0]
    ? `${sortModel[0].sort === 'desc' ? '-' : ''}${sortModel[0].field}`
    : undefined;
  const args = {
    q,
    rol: rol || undefined,
    activo: activo === '' ? undefined : activo === 'true',
    sort,
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
  };
  const { data, isFetching, isError, error, refetch } = useListUsuariosQuery(args);
  const roles = useListRolesQuery(undefined, { skip: !canSeeRoles });
  const roleNames = (roles.data?.items ?? []).map((r) => r.nombre);

  const [updateUsuario, updateState] = useUpdateUsuarioMutation();
  const [deleteUsuario, deleteState] = useDeleteUsuarioMutation();
  const [setRoles, setRolesState] = useSetUsuarioRolesMutation();
  const [revokeSessions, revokeState] = useRevokeUsuarioSessionsMutation();

  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: UsuarioItem } | null>(null);
  const [editing, setEditing] = useState<UsuarioItem | 'new' | null>(null);
  const [assigning, setAssigning] = useState<UsuarioItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [bulkRole, setBulkRole] = useState('');
  const [exporting, setExporting] = useState(false);

  /** Any filter change starts again from the first page. */
  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));
  const rows = data?.items ?? [];
  // The header checkbox may answer "all but these" (`exclude`); selection never outlives a page.
  const selectedUsers = rows.filter((r) =>
    selection.type === 'exclude' ? !selection.ids.has(r.id) : selection.ids.has(r.id),
  );

  const columns = useMemo<GridColDef<UsuarioItem>[]>(() => {
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
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
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
        width: 100,
        renderCell: ({ row }) => (
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
    if (canEdit || canDelete) {
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
              setMenu({ anchor: event.currentTarget, user: row });
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
  }, [t, formatDate, canEdit, canDelete]);

  const onExport = async () => {
    setExporting(true);
    try {
      const { page: _p, pageSize: _s, ...filters } = args;
      await downloadUsuariosCsv({
        apiBaseUrl: config.apiBaseUrl,
        token,
        params: usuariosParams(filters),
        fallbackMessage: t('usuarios.exportError'),
      });
    } catch (e) {
      notify(e instanceof Error ? e.message : t('usuarios.exportError'), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const runPending = async () => {
    if (!pending) return;
    try {
      switch (pending.kind) {
        case 'delete': {
          const res = await deleteUsuario(pending.user.id).unwrap();
          notify(res?.message || t('usuarios.deleted'), {
            type: res?.desactivado ? 'info' : 'success',
          });
          break;
        }
        case 'deactivate':
        case 'activate':
          await updateUsuario({
            id: pending.user.id,
            version: pending.user.version,
            activo: pending.kind === 'activate',
          }).unwrap();
          notify(
            pending.kind === 'activate' ? t('usuarios.activated') : t('usuarios.deactivated'),
            {
              type: 'success',
            },
          );
          break;
        case 'revoke':
          await revokeSessions(pending.user.id).unwrap();
          notify(t('usuarios.sessionsRevoked'), { type: 'success' });
          break;
        case 'bulkDeactivate':
          for (const u of pending.users.filter((x) => x.activo)) {
            await updateUsuario({ id: u.id, version: u.version, activo: false }).unwrap();
          }
          notify(t('usuarios.bulkDeactivated', { count: pending.users.length }), {
            type: 'success',
          });
          setSelection(EMPTY_SELECTION);
          break;
        case 'bulkRole':
          for (const u of pending.users.filter((x) => !x.roles.includes(pending.rol))) {
            await setRoles({ id: u.id, roles: [...u.roles, pending.rol] }).unwrap();
          }
          notify(
            t('usuarios.bulkRoleAssigned', { rol: pending.rol, count: pending.users.length }),
            {
              type: 'success',
            },
          );
          setSelection(EMPTY_SELECTION);
          setBulkRole('');
          break;
      }
      setPending(null);
    } catch (e) {
      // Bulk actions stop at the first refusal (e.g. the last admin); what went before is kept
      // and the list is refetched by the invalidated tags, so the grid shows the truth.
      notify(apiErrorMessage(e, t('usuarios.actionError')), { type: 'error' });
      setPending(null);
    }
  };

  const busy =
    updateState.isLoading ||
    deleteState.isLoading ||
    setRolesState.isLoading ||
    revokeState.isLoading;

  const pendingText = (): { title: string; message: string; confirm: string } => {
    if (!pending) return { title: '', message: '', confirm: '' };
    if (pending.kind === 'bulkDeactivate') {
      return {
        title: t('usuarios.confirm.bulkDeactivateTitle'),
        message: t('usuarios.confirm.bulkDeactivate', { count: pending.users.length }),
        confirm: t('usuarios.deactivate'),
      };
    }
    if (pending.kind === 'bulkRole') {
      return {
        title: t('usuarios.confirm.bulkRoleTitle'),
        message: t('usuarios.confirm.bulkRole', { rol: pending.rol, count: pending.users.length }),
        confirm: t('usuarios.assignRole'),
      };
    }
    const nombre = pending.user.nombre;
    const map = {
      delete: ['deleteTitle', 'delete', 'delete'],
      deactivate: ['deactivateTitle', 'deactivate', 'deactivate'],
      activate: ['activateTitle', 'activate', 'activate'],
      revoke: ['revokeTitle', 'revoke', 'revokeSessions'],
    } as const;
    const [title, message, confirm] = map[pending.kind];
    return {
      title: t(`usuarios.confirm.${title}`),
      message: t(`usuarios.confirm.${message}`, { nombre, email: pending.user.email }),
      confirm: t(`usuarios.${confirm}`),
    };
  };
  const texts = pendingText();

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          type="search"
          label={t('usuarios.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            resetPage();
          }}
          size="small"
          sx={{ minWidth: 260 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {canSeeRoles && (
          <TextField
            select
            size="small"
            label={t('usuarios.filterRole')}
            // The empty value reads 'Todos…' instead of an empty box under the label.
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            value={rol}
            onChange={(e) => {
              setRol(e.target.value);
              resetPage();
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('usuarios.allRoles')}</MenuItem>
            {roleNames.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('usuarios.filterState')}
          // The empty value reads 'Todos…' instead of an empty box under the label.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={activo}
          onChange={(e) => {
            setActivo(e.target.value as '' | 'true' | 'false');
            resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('usuarios.allStates')}</MenuItem>
          <MenuItem value="true">{t('usuarios.active')}</MenuItem>
          <MenuItem value="false">{t('usuarios.inactive')}</MenuItem>
        </TextField>
        <Stack
          direction="row"
          spacing={1}
          sx={{ ml: { md: 'auto' }, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          {canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('usuarios.new')}
            </Button>
          )}
          {canCreate && canEdit && (
            <Button startIcon={<UploadIcon />} onClick={() => setImporting(true)}>
              {t('usuarios.import')}
            </Button>
          )}
          <Button startIcon={<DownloadIcon />} onClick={() => void onExport()} loading={exporting}>
            {t('usuarios.export')}
          </Button>
        </Stack>
      </Stack>

      {canEdit && selectedUsers.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Typography>{t('usuarios.selected', { count: selectedUsers.length })}</Typography>
            {canSeeRoles && (
              <TextField
                select
                size="small"
                label={t('usuarios.bulkRole')}
                value={bulkRole}
                onChange={(e) => setBulkRole(e.target.value)}
                sx={{ minWidth: 180 }}
              >
                {roleNames.map((r) => (
                  <MenuItem key={r} value={r}>
                    {r}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {canSeeRoles && (
              <Button
                disabled={!bulkRole}
                onClick={() =>
                  setPending({ kind: 'bulkRole', users: selectedUsers, rol: bulkRole })
                }
              >
                {t('usuarios.assignRole')}
              </Button>
            )}
            <Button
              color="error"
              onClick={() => setPending({ kind: 'bulkDeactivate', users: selectedUsers })}
            >
              {t('usuarios.deactivateSelected')}
            </Button>
          </Stack>
        </Paper>
      )}

      {isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {apiErrorMessage(error, t('usuarios.loadError'))}
        </Alert>
      )}

      <div style={{ width: '100%' }}>
        <DataGrid<UsuarioItem>
          aria-label={t('usuarios.gridLabel')}
          rows={rows}
          columns={columns}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={pagination}
          onPaginationModelChange={(model) => {
            setPagination(model);
            setSelection(EMPTY_SELECTION);
          }}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model);
            resetPage();
          }}
          disableColumnFilter
          checkboxSelection={canEdit}
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          // One page of at most 100 rows: rendering them all keeps keyboard and screen-reader
          // access to every row and costs little.
          disableVirtualization
          autoHeight
          localeText={{
            ...((i18n.language ?? 'es').startsWith('en') ? enUS : esES).components.MuiDataGrid
              .defaultProps.localeText,
            noRowsLabel: q || rol || activo ? t('usuarios.noMatches') : t('usuarios.empty'),
            // A search or state filter is counted only up to USUARIOS_TOTAL_MAX (issue #4).
            ...((q || activo) && data?.total === USUARIOS_TOTAL_MAX
              ? {
                  paginationDisplayedRows: ({ from, to }: { from: number; to: number }) =>
                    t('usuarios.displayedAtLeast', { from, to, count: USUARIOS_TOTAL_MAX }),
                }
              : {}),
          }}
        />
      </div>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu && canEdit && (
          <MenuItem
            onClick={() => {
              setEditing(menu.user);
              setMenu(null);
            }}
          >
            {t('usuarios.edit')}
          </MenuItem>
        )}
        {menu && canEdit && canSeeRoles && (
          <MenuItem
            onClick={() => {
              setAssigning(menu.user);
              setMenu(null);
            }}
          >
            {t('usuarios.assignRoles')}
          </MenuItem>
        )}
        {menu && canEdit && (
          <MenuItem
            onClick={() => {
              setPending({ kind: menu.user.activo ? 'deactivate' : 'activate', user: menu.user });
              setMenu(null);
            }}
          >
            {menu.user.activo ? t('usuarios.deactivate') : t('usuarios.activate')}
          </MenuItem>
        )}
        {menu && canEdit && (
          <MenuItem
            onClick={() => {
              setPending({ kind: 'revoke', user: menu.user });
              setMenu(null);
            }}
          >
            {t('usuarios.revokeSessions')}
          </MenuItem>
        )}
        {menu && canDelete && (
          <MenuItem
            sx={{ color: 'error.main' }}
            onClick={() => {
              setPending({ kind: 'delete', user: menu.user });
              setMenu(null);
            }}
          >
            {t('usuarios.delete')}
          </MenuItem>
        )}
      </Menu>

      <ConfirmDialog
        open={pending !== null}
        title={texts.title}
        message={texts.message}
        confirmLabel={texts.confirm}
        destructive={pending?.kind !== 'activate' && pending?.kind !== 'bulkRole'}
        busy={busy}
        onClose={() => setPending(null)}
        onConfirm={() => void runPending()}
      />
      {editing !== null && (
        <UsuarioFormDialog
          user={editing === 'new' ? null : editing}
          roleNames={canSeeRoles ? roleNames : []}
          onClose={() => setEditing(null)}
        />
      )}
      {assigning && (
        <AssignRolesDialog
          user={assigning}
          roleNames={roleNames}
          onClose={() => setAssigning(null)}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Stack>
  );
}
