import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteIcon from '@mui/icons-material/Delete';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import {
  INFORME_SORT_FIELDS,
  INFORME_TIPOS,
  INFORMES_PAGE_SIZE_DEFAULT,
  paths,
  puedeGestionarInforme,
  type Informe,
  type InformeListQuery,
  type InformeTipo,
} from '@gestion/shared';
import { useAuth, usePermission } from '@gestion/shared/react';
import { PageLoading, SearchField, SelectField, formatDateTime, useLocale } from '@gestion/ui';
import { ResourceListPage, linkColumn, useResourceListPage } from '@gestion/ui/grid';
import { useInformesTexts } from '../../../i18n/namespace';
import { useDeleteInformeMutation, useListInformesQuery } from '../api';
import { NuevoInformeDialog } from './NuevoInformeDialog';

/**
 * /informes (guards auth, permiso: informes:ver; issue #6): the saved reports on a server-side
 * grid with a debounced search by nombre and a type filter; each opens its page. "Nuevo informe"
 * (informes:crear) creates one from a type; delete (informes:eliminar) asks first, naming it,
 * and is offered only on the viewer's own reports, or on every one to an admin (the api's rule,
 * `puedeGestionarInforme`, issue #13).
 */
export default function InformesPage() {
  const { t, ready } = useInformesTexts();
  const locale = useLocale();
  const canCreate = usePermission('informes:crear');
  const canDelete = usePermission('informes:eliminar');
  const { user } = useAuth();

  // Search, type, sort and page live in the URL (issue #14): a reload or a link shows this list.
  const listPage = useResourceListPage({
    text: (key) => t(`informes.${key}`),
    canCreate,
    defaultSort: [{ field: 'creadoEn', sort: 'desc' }],
    sortFields: INFORME_SORT_FIELDS,
    pageSize: INFORMES_PAGE_SIZE_DEFAULT,
    filters: { tipo: INFORME_TIPOS },
  });
  const { list, creating, setCreating, askDelete: confirmDelete, confirmDialog } = listPage;
  const { q } = list.filters;
  const tipo = list.filters.tipo as InformeTipo | '';
  const { setFilter } = list;
  const [deleteInforme] = useDeleteInformeMutation();

  const query = useListInformesQuery({
    q: q || undefined,
    tipo: tipo || undefined,
    ...list.params,
    // The api's own union of sorts (`INFORME_SORTS`); the grid offers only those columns.
    sort: list.params.sort as InformeListQuery['sort'],
  });

  const columns = useMemo<GridColDef<Informe>[]>(() => {
    const askDelete = (row: Informe) => {
      const nombre = { nombre: row.nombre, interpolation: { escapeValue: false } };
      confirmDelete({
        title: t('informes.deleteTitle'),
        message: t('informes.deleteMessage', nombre),
        remove: () => deleteInforme(row.id).unwrap(),
        deleted: t('informes.deleted', nombre),
      });
    };
    const cols: GridColDef<Informe>[] = [
      linkColumn<Informe>({
        field: 'nombre',
        headerName: t('informes.nombre'),
        minWidth: 200,
        to: (row) => paths.informe(row.id),
      }),
      {
        field: 'tipo',
        headerName: t('informes.tipo'),
        flex: 1,
        minWidth: 170,
        valueFormatter: (value: InformeTipo) => t(`tipos.${value}`),
      },
      {
        field: 'creadoPor',
        headerName: t('informes.autor'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => row.creadoPor?.nombre ?? t('common.none'),
      },
      {
        field: 'creadoEn',
        headerName: t('informes.creadoEn'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, locale),
      },
    ];
    if (canDelete) {
      cols.push({
        field: 'actions',
        type: 'actions',
        headerName: t('common.actions'),
        minWidth: 90,
        getActions: ({ row }) =>
          puedeGestionarInforme(user, row)
            ? [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon />}
                  label={t('informes.deleteOne', {
                    nombre: row.nombre,
                    interpolation: { escapeValue: false },
                  })}
                  onClick={() => askDelete(row)}
                />,
              ]
            : [],
      });
    }
    return cols;
    // `ready`: `t` keeps its identity when the bundle arrives, and the headers must follow it.
  }, [t, ready, locale, canDelete, user, confirmDelete, deleteInforme]);

  if (!ready) return <PageLoading />;

  return (
    <ResourceListPage<Informe>
      {...listPage.props}
      icon={AssessmentIcon}
      query={query}
      columns={columns}
      emptyExtra={
        canCreate ? (
          <Button component={RouterLink} to={paths.filtrado()}>
            {t('informes.irAFiltrado')}
          </Button>
        ) : undefined
      }
      filters={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <SearchField
            label={t('informes.search')}
            value={q}
            onChange={listPage.setSearch}
            sx={{ minWidth: { sm: 260 } }}
          />
          <SelectField
            label={t('informes.tipo')}
            value={tipo}
            onChange={(e) => setFilter('tipo', e.target.value)}
            size="small"
            sx={{ minWidth: 240 }}
            options={[
              { value: '', label: t('informes.todos') },
              ...INFORME_TIPOS.map((tp) => ({ value: tp, label: t(`tipos.${tp}`) })),
            ]}
          />
        </Stack>
      }
      dialogs={
        <>
          {creating && <NuevoInformeDialog onClose={() => setCreating(false)} />}
          {confirmDialog}
        </>
      }
    />
  );
}
