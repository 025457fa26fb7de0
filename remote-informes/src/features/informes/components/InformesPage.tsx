import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteIcon from '@mui/icons-material/Delete';
import SearchIcon from '@mui/icons-material/Search';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import {
  INFORME_TIPOS,
  INFORMES_PAGE_SIZE_DEFAULT,
  paths,
  puedeGestionarInforme,
  type Informe,
  type InformeListQuery,
  type InformeTipo,
} from '@gestion/shared';
import { useAuth, useNotify, usePermission } from '@gestion/shared/react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageLoading } from '../../../components/PageLoading';
import { useInformesTexts } from '../../../i18n/namespace';
import { readError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { useLocale } from '../../../lib/use-locale';
import { useDeleteInformeMutation, useListInformesQuery } from '../api';
import { NuevoInformeDialog } from './NuevoInformeDialog';

/** Search waits this long after the last keystroke (as the other lists do). */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 25, 50, 100];

/** `value` after it has stayed unchanged for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The grid's sort model as the api's `sort` (`INFORME_SORTS`). */
function toSortParam(model: GridSortModel): InformeListQuery['sort'] {
  const first = model[0];
  if (!first?.sort) return undefined;
  return (first.sort === 'desc' ? `-${first.field}` : first.field) as InformeListQuery['sort'];
}

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
  const notify = useNotify();
  const canCreate = usePermission('informes:crear');
  const canDelete = usePermission('informes:eliminar');
  const { user } = useAuth();

  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [tipo, setTipo] = useState<InformeTipo | ''>('');
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: INFORMES_PAGE_SIZE_DEFAULT,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'creadoEn', sort: 'desc' }]);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Informe | null>(null);
  const [deleteInforme, { isLoading: deletingBusy }] = useDeleteInformeMutation();
  const filtered = Boolean(q || tipo);

  // A new search starts again from the first page.
  useEffect(() => {
    setPagination((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  }, [q, tipo]);

  const { data, isLoading, isFetching, isError, error, refetch } = useListInformesQuery({
    q: q || undefined,
    tipo: tipo || undefined,
    sort: toSortParam(sortModel),
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
  });

  // Deleting the last row of the last page leaves it empty: show the page before.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && pagination.page > 0) {
      setPagination((p) => ({ ...p, page: Math.max(0, Math.ceil(data.total / p.pageSize) - 1) }));
    }
  }, [data, pagination.page]);

  const columns = useMemo<GridColDef<Informe>[]>(() => {
    const cols: GridColDef<Informe>[] = [
      {
        field: 'nombre',
        headerName: t('informes.nombre'),
        flex: 2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={paths.informe(row.id)}>
            {row.nombre}
          </Link>
        ),
      },
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
                  onClick={() => setDeleting(row)}
                />,
              ]
            : [],
      });
    }
    return cols;
    // `ready`: `t` keeps its identity when the bundle arrives, and the headers must follow it.
  }, [t, ready, locale, canDelete, user]);

  if (!ready) return <PageLoading />;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteInforme(deleting.id).unwrap();
      notify(
        t('informes.deleted', { nombre: deleting.nombre, interpolation: { escapeValue: false } }),
        { type: 'success' },
      );
    } catch (err) {
      notify(readError(err, t('common.deleteFailed')).message, { type: 'error' });
    }
    setDeleting(null);
  };

  const empty = !isLoading && !isError && !filtered && data?.total === 0;
  const gridLocale = (locale === 'en' ? enUS : esES).components.MuiDataGrid.defaultProps.localeText;

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          {t('informes.heading')}
        </Typography>
        {canCreate && !empty && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('informes.new')}
          </Button>
        )}
      </Stack>

      {empty ? (
        <Paper
          variant="outlined"
          sx={{ p: 6, textAlign: 'center' }}
          component="section"
          aria-labelledby="informes-empty"
        >
          <AssessmentIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography id="informes-empty" variant="h6" component="h2" gutterBottom>
            {t('informes.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: canCreate ? 3 : 0 }}>
            {canCreate ? t('informes.emptyInvite') : t('informes.emptyReadOnly')}
          </Typography>
          {canCreate && (
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {t('informes.createFirst')}
              </Button>
              <Button component={RouterLink} to={paths.filtrado()}>
                {t('informes.irAFiltrado')}
              </Button>
            </Stack>
          )}
        </Paper>
      ) : (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              type="search"
              label={t('informes.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              size="small"
              sx={{ minWidth: 260 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon aria-hidden="true" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              label={t('informes.tipo')}
              value={tipo}
              onChange={(e) => setTipo(e.target.value as InformeTipo | '')}
              size="small"
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">{t('informes.todos')}</MenuItem>
              {INFORME_TIPOS.map((tp) => (
                <MenuItem key={tp} value={tp}>
                  {t(`tipos.${tp}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {readError(error, t('informes.loadFailed')).message}
            </Alert>
          )}
          <Box sx={{ width: '100%' }}>
            <DataGrid<Informe>
              aria-label={t('informes.heading')}
              rows={data?.items ?? []}
              columns={columns}
              rowCount={data?.total ?? 0}
              loading={isLoading || isFetching}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              paginationModel={pagination}
              onPaginationModelChange={setPagination}
              sortModel={sortModel}
              onSortModelChange={setSortModel}
              pageSizeOptions={PAGE_SIZES}
              disableRowSelectionOnClick
              autoHeight
              localeText={{ ...gridLocale, noRowsLabel: t('informes.noMatches') }}
            />
          </Box>
        </>
      )}

      {creating && <NuevoInformeDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('informes.deleteTitle')}
        message={t('informes.deleteMessage', {
          nombre: deleting?.nombre ?? '',
          interpolation: { escapeValue: false },
        })}
        confirmLabel={t('common.delete')}
        busy={deletingBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
