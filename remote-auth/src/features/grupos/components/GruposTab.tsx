import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { GRUPO_SORT_FIELDS, type Grupo } from '@gestion/shared';
import { usePermission } from '@gestion/shared/react';
import { ErrorAlert, SearchField, readApiError, useConfirmDelete } from '@gestion/ui';
import { ServerDataGrid, usePageInRange, useServerListState } from '@gestion/ui/grid';
import { useAdminTexts } from '../../../i18n/namespace';
import { useDelegation, useRefusalText } from '../../roles/use-delegation';
import { useDeleteGrupoMutation, useListGruposQuery } from '../api';
import { GrupoEditorDialog } from './GrupoEditorDialog';
import { MiembrosDialog } from './MiembrosDialog';

/**
 * Grupos (grupos:ver; issue #17): every group with its roles and how many members it has, a
 * search by name or description, sorting and paging kept in the URL. With grupos:gestionar:
 * create, edit (name, description, roles), members (add, remove) and a confirmed delete. A group
 * carrying a role the viewer may not give (delegation rule 1: a member receives its roles) offers
 * none of these, only the reason why — the api would refuse them.
 */
export function GruposTab() {
  const { t } = useAdminTexts();
  const canManage = usePermission('grupos:gestionar');
  const { grant } = useDelegation();
  const refusalText = useRefusalText();
  const { askDelete, dialog: confirmDialog } = useConfirmDelete();
  const [deleteGrupo] = useDeleteGrupoMutation();
  const [editing, setEditing] = useState<Grupo | 'new' | null>(null);
  const [members, setMembers] = useState<Grupo | null>(null);

  const list = useServerListState({
    defaultSort: [{ field: 'nombre', sort: 'asc' }],
    sortFields: GRUPO_SORT_FIELDS,
    pageSize: 25,
    filters: { q: true },
  });
  const { q } = list.filters;
  const { setFilter } = list;
  const setQ = useCallback(
    (value: string) => setFilter('q', value, { replace: true }),
    [setFilter],
  );
  const query = useListGruposQuery({ q: q || undefined, ...list.params });
  usePageInRange(list, query.data);

  /** The first role of `g` the viewer may not give, as a refusal (null: they may manage it). */
  const refusalOf = useCallback(
    (g: Grupo) => g.roles.map(grant).find((r) => r !== null) ?? null,
    [grant],
  );

  const columns = useMemo<GridColDef<Grupo>[]>(() => {
    const cols: GridColDef<Grupo>[] = [
      { field: 'nombre', headerName: t('fields.nombre'), flex: 1, minWidth: 160 },
      {
        field: 'descripcion',
        headerName: t('grupos.descripcion'),
        flex: 2,
        minWidth: 180,
        sortable: false,
      },
      {
        field: 'roles',
        headerName: t('grupos.roles'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => row.roles.join(', '),
      },
      {
        field: 'miembros',
        headerName: t('grupos.miembrosCount'),
        type: 'number',
        minWidth: 110,
      },
    ];
    if (canManage) {
      cols.push({
        field: 'actions',
        type: 'actions',
        headerName: t('usuarios.columns.acciones'),
        minWidth: 150,
        getActions: ({ row }) => {
          const refusal = refusalOf(row);
          const nombre = { nombre: row.nombre, interpolation: { escapeValue: false } };
          if (refusal) {
            const text = refusalText(refusal);
            return [
              <Tooltip key="why" title={text}>
                <span
                  tabIndex={0}
                  role="img"
                  aria-label={t('grupos.notManageable', { ...nombre, motivo: text })}
                >
                  <InfoOutlinedIcon fontSize="small" color="action" />
                </span>
              </Tooltip>,
            ];
          }
          return [
            <GridActionsCellItem
              key="members"
              icon={<GroupIcon />}
              label={t('grupos.membersOf', nombre)}
              onClick={() => setMembers(row)}
            />,
            <GridActionsCellItem
              key="edit"
              icon={<EditIcon />}
              label={t('grupos.editOf', nombre)}
              onClick={() => setEditing(row)}
            />,
            <GridActionsCellItem
              key="delete"
              icon={<DeleteIcon />}
              label={t('grupos.deleteOf', nombre)}
              onClick={() =>
                askDelete({
                  title: t('grupos.deleteTitle'),
                  message: t('grupos.deleteMessage', { ...nombre, count: row.miembros }),
                  remove: () => deleteGrupo(row.id).unwrap(),
                  deleted: t('grupos.deleted', nombre),
                })
              }
            />,
          ];
        },
      });
    }
    return cols;
  }, [t, canManage, refusalOf, refusalText, askDelete, deleteGrupo]);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        <SearchField
          label={t('grupos.search')}
          value={q}
          onChange={setQ}
          sx={{ minWidth: { sm: 280 } }}
        />
        {canManage && (
          <div>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('grupos.new')}
            </Button>
          </div>
        )}
      </Stack>
      {query.isError ? (
        <ErrorAlert onRetry={() => void query.refetch()}>
          {readApiError(query.error, t('grupos.loadError')).message}
        </ErrorAlert>
      ) : (
        <ServerDataGrid<Grupo>
          aria-label={t('tabs.grupos')}
          data={query.data}
          columns={columns}
          loading={query.isFetching}
          {...list.grid}
          noRowsLabel={q ? t('grupos.noMatches') : t('grupos.empty')}
        />
      )}
      {editing !== null && (
        <GrupoEditorDialog
          grupo={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {members && <MiembrosDialog grupo={members} onClose={() => setMembers(null)} />}
      {confirmDialog}
    </Stack>
  );
}
