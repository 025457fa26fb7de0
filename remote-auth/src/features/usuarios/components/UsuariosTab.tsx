import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridRowSelectionModel } from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import {
  USUARIOS_TOTAL_MAX,
  USUARIO_SORT_FIELDS,
  ROLES_READ_PERMISSIONS,
  type BulkFiltro,
} from '@gestion/shared';
import { PAGE_SIZES, usePageInRange, useServerListState } from '@gestion/ui/grid';
import {
  useNotify,
  usePermission,
  useAnyPermission,
} from '@gestion/shared/react';
import { readApiError, useFileDownload, withQuery } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListRolesQuery } from '../../roles/api';
import { useDelegation } from '../../roles/use-delegation';
import {
  useListUsuariosQuery,
  useResendInvitationMutation,
  usuariosParams,
  type UsuarioItem,
} from '../api';
import { AssignRolesDialog } from './AssignRolesDialog';
import { BulkActionDialog } from './BulkActionDialog';
import { BulkActionsBar, type BulkRequest } from './BulkActionsBar';
import { ImportDialog } from './ImportDialog';
import { UsuarioActionDialog, type PendingAction } from './UsuarioActionDialog';
import { UsuarioFormDialog } from './UsuarioFormDialog';
import { UsuarioRowMenu, type RowAction } from './UsuarioRowMenu';
import { SelectAllMatching } from './SelectAllMatching';
import { UsuariosToolbar, type ActivoFilter } from './UsuariosToolbar';
import { useUsuarioColumns } from './usuarios-columns';

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * Usuarios (usuarios:ver): MUI X Data Grid in server mode — the api searches, filters, sorts and
 * pages, the grid only shows one page (`rowCount` from `total`). Actions the user lacks the
 * permission for are not offered; those the delegation rules refuse for a row (issue #13: a more
 * powerful user, an admin, one's own account) are shown disabled with the reason. Bulk actions
 * are one request each (`BulkActionDialog`); with every row of the page selected they may take
 * every user matching the search and filters ("all N matching", sent as `filtro`). Search,
 * filters, sort and page live in the URL (`?q=&rol=&activo=&sort=&page=&pageSize=`, issue #14).
 * The api refuses all of it anyway.
 */
export function UsuariosTab() {
  const { t, i18n } = useAdminTexts();
  const notify = useNotify();
  const download = useFileDownload();
  const canEdit = usePermission('usuarios:editar');
  const canDelete = usePermission('usuarios:eliminar');
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const delegation = useDelegation();

  const list = useServerListState({
    defaultSort: [],
    sortFields: USUARIO_SORT_FIELDS,
    pageSize: 25,
    filters: { q: true, rol: true, activo: ['true', 'false'] },
  });
  const { q, rol } = list.filters;
  const activo = list.filters.activo as ActivoFilter;
  const { setFilter } = list;
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  // "All N matching": the bulk action names the filter instead of the selected ids.
  const [allMatching, setAllMatching] = useState(false);
  const clearSelection = useCallback(() => {
    setSelection(EMPTY_SELECTION);
    setAllMatching(false);
  }, []);
  // Another filter, page or sort (also through back/forward) is another list: nothing selected.
  const listKey = `${q}|${rol}|${activo}|${list.params.page}|${list.params.pageSize}|${list.params.sort}`;
  useEffect(() => clearSelection(), [listKey, clearSelection]);

  const filtro: BulkFiltro = {
    q: q || undefined,
    rol: rol || undefined,
    activo: activo === '' ? undefined : activo === 'true',
  };
  const args = { ...filtro, ...list.params };
  const { data, isFetching, isError, error, refetch } = useListUsuariosQuery(args);
  // A link to a page the list no longer has (or the last row of the last page gone): the last
  // page with rows, replacing the URL's entry.
  usePageInRange(list, data);
  const roles = useListRolesQuery(undefined, { skip: !canSeeRoles });
  const roleNames = (roles.data?.items ?? []).map((r) => r.nombre);
  const [resendInvitation] = useResendInvitationMutation();

  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: UsuarioItem } | null>(null);
  const [editing, setEditing] = useState<UsuarioItem | 'new' | null>(null);
  const [assigning, setAssigning] = useState<UsuarioItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [bulk, setBulk] = useState<{
    request: BulkRequest;
    users: UsuarioItem[];
    matching?: { filtro: BulkFiltro; total: number };
  } | null>(null);
  const [exporting, setExporting] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);
  // After a bulk action the toolbar that opened it is gone with the selection: the focus goes to
  // the grid, once the dialog has unmounted (and restored the focus to the vanished button).
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || bulk) return;
    gridRef.current?.focus();
    setRefocus(false);
  }, [refocus, bulk]);

  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  // The header checkbox may answer "all but these" (`exclude`); selection never outlives a page.
  const selectedUsers = rows.filter((r) =>
    selection.type === 'exclude' ? !selection.ids.has(r.id) : selection.ids.has(r.id),
  );

  const openMenu = useCallback(
    (anchor: HTMLElement, user: UsuarioItem) => setMenu({ anchor, user }),
    [],
  );
  const columns = useUsuarioColumns({ showActions: canEdit || canDelete, onOpenMenu: openMenu });

  const onRowAction = (action: RowAction, user: UsuarioItem) => {
    setMenu(null);
    if (action === 'edit') setEditing(user);
    else if (action === 'assign') setAssigning(user);
    // Sending the invitation again changes nothing but the link: no question first.
    else if (action === 'resendInvitation') void onResendInvitation(user);
    else setPending({ kind: action, user });
  };

  const onResendInvitation = async (user: UsuarioItem) => {
    try {
      await resendInvitation(user.id).unwrap();
      notify(t('usuarios.invitationResent', { email: user.email }), { type: 'success' });
    } catch (error) {
      notify(readApiError(error, t('usuarios.actionError')).message, { type: 'error' });
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const { page: _p, pageSize: _s, ...filters } = args;
      // GET /api/usuarios/export (issue #4) with the list's filters, through the kit so a 401
      // ends the session like any other call.
      await download({
        url: withQuery('/api/usuarios/export', usuariosParams(filters)),
        fileName: 'usuarios.csv',
        fallbackMessage: t('usuarios.exportError'),
      });
    } catch (e) {
      notify(e instanceof Error ? e.message : t('usuarios.exportError'), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <UsuariosToolbar
        search={q}
        // A search as typed replaces the URL's entry: back skips the keystrokes.
        onSearch={(value) => setFilter('q', value, { replace: true })}
        rol={rol}
        onRol={(value) => setFilter('rol', value)}
        activo={activo}
        onActivo={(value) => setFilter('activo', value)}
        roleNames={roleNames}
        exporting={exporting}
        onNew={() => setEditing('new')}
        onImport={() => setImporting(true)}
        onExport={() => void onExport()}
      />

      {(canEdit || canDelete) && selectedUsers.length > 0 && (
        <BulkActionsBar
          count={allMatching ? total : selectedUsers.length}
          roleNames={roleNames}
          delegation={delegation}
          onRequest={(request) =>
            setBulk({
              request,
              users: selectedUsers,
              ...(allMatching ? { matching: { filtro, total } } : {}),
            })
          }
        />
      )}
      {(canEdit || canDelete) && rows.length > 0 && selectedUsers.length === rows.length && (
        <SelectAllMatching
          pageCount={rows.length}
          total={total}
          allMatching={allMatching}
          onSelectAll={() => setAllMatching(true)}
          onClear={clearSelection}
        />
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
          {readApiError(error, t('usuarios.loadError')).message}
        </Alert>
      )}

      {/* A failed list shows only its error: an empty grid under it would say "no users". */}
      {!isError && (
        <div ref={gridRef} tabIndex={-1} style={{ width: '100%', outline: 'none' }}>
          <DataGrid<UsuarioItem>
            aria-label={t('usuarios.gridLabel')}
            rows={rows}
            columns={columns}
            rowCount={total}
            loading={isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            {...list.grid}
            pageSizeOptions={[...PAGE_SIZES]}
            disableColumnFilter
            checkboxSelection={canEdit || canDelete}
            disableRowSelectionOnClick
            rowSelectionModel={selection}
            onRowSelectionModelChange={(model) => {
              setSelection(model);
              setAllMatching(false);
            }}
            // One page of at most 100 rows: rendering them all keeps keyboard and screen-reader
            // access to every row and costs little.
            disableVirtualization
            autoHeight
            // The roles column wraps its chips onto more lines rather than hide one.
            getRowHeight={() => 'auto'}
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
      )}

      <UsuarioRowMenu
        anchor={menu?.anchor ?? null}
        user={menu?.user ?? null}
        delegation={delegation}
        onClose={() => setMenu(null)}
        onAction={onRowAction}
      />
      <UsuarioActionDialog pending={pending} onClose={() => setPending(null)} />
      {bulk && (
        <BulkActionDialog
          request={bulk.request}
          users={bulk.users}
          matching={bulk.matching}
          delegation={delegation}
          onClose={(ran) => {
            setBulk(null);
            if (ran) {
              clearSelection();
              setRefocus(true);
            }
          }}
        />
      )}
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
