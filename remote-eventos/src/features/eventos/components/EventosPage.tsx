import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import SearchIcon from '@mui/icons-material/Search';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, esES } from '@mui/x-data-grid/locales';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { paths } from '@gestion/shared';
import { useNotify, usePermission } from '@gestion/shared/react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EstadoChip } from '../../../components/EstadoChip';
import { PageLoading } from '../../../components/PageLoading';
import { PickersProvider } from '../../../components/PickersProvider';
import { useEventosTexts } from '../../../i18n/namespace';
import { readError } from '../../../lib/api-error';
import { ESTADOS, type EstadoEvento, type Evento } from '../../../lib/contract';
import { formatDateTime } from '../../../lib/dates';
import { useLocale } from '../../../lib/use-locale';
import { useDeleteEventoMutation, useListEventosQuery } from '../api';
import { EventoFormDialog } from './EventoFormDialog';

/** Search waits this long after the last keystroke (issue 5 brief: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [10, 25, 50, 100];

/** The grid's sort model as the api's `sort` parameter: `campo` or `-campo`. */
function toSortParam(model: GridSortModel): string | undefined {
  const first = model[0];
  if (!first?.sort) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

/** `value` after it has stayed unchanged for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * /eventos (guards auth, permiso: eventos:ver; issue 5): the events on a server-side grid with a
 * debounced search, state chips and a date range; create, edit and delete for those who may
 * (the api checks every call; hiding only spares the user a 403).
 */
export default function EventosPage() {
  const { t, ready } = useEventosTexts();
  const locale = useLocale();
  const notify = useNotify();
  const canCreate = usePermission('eventos:crear');
  const canEdit = usePermission('eventos:editar');
  const canDelete = usePermission('eventos:eliminar');

  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [estado, setEstado] = useState<EstadoEvento | undefined>(undefined);
  const [desde, setDesde] = useState<Dayjs | null>(null);
  const [hasta, setHasta] = useState<Dayjs | null>(null);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([
    { field: 'fechaInicio', sort: 'asc' },
  ]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Evento | null>(null);
  const [deleting, setDeleting] = useState<Evento | null>(null);
  const [deleteEvento, { isLoading: deletingBusy }] = useDeleteEventoMutation();

  const desdeIso = desde?.isValid() ? desde.startOf('day').toDate().toISOString() : undefined;
  const hastaIso = hasta?.isValid() ? hasta.endOf('day').toDate().toISOString() : undefined;
  const filtered = Boolean(q || estado || desdeIso || hastaIso);

  // A new filter starts again from the first page.
  useEffect(() => {
    setPagination((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  }, [q, estado, desdeIso, hastaIso]);

  const { data, isLoading, isFetching, isError, error, refetch } = useListEventosQuery({
    q: q || undefined,
    estado,
    desde: desdeIso,
    hasta: hastaIso,
    sort: toSortParam(sortModel),
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
  });

  // The event being edited follows the list, so after a 409 the refetched version is the one
  // the next save is based on.
  const editingCurrent = editing ? (data?.items.find((e) => e.id === editing.id) ?? editing) : null;

  const columns = useMemo<GridColDef<Evento>[]>(() => {
    const cols: GridColDef<Evento>[] = [
      {
        field: 'nombre',
        headerName: t('fields.nombre'),
        flex: 2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={paths.eventoPeriodos(row.id)}
            aria-label={t('eventos.periodosOf', { nombre: row.nombre })}
          >
            {row.nombre}
          </Link>
        ),
      },
      // The api sorts by nombre, dates and estado only (EVENTO_SORT_FIELDS).
      { field: 'lugar', headerName: t('fields.lugar'), flex: 1, minWidth: 140, sortable: false },
      {
        field: 'fechaInicio',
        headerName: t('fields.fechaInicio'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (value: string) => formatDateTime(value, locale),
      },
      {
        field: 'fechaFin',
        headerName: t('fields.fechaFin'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (value: string) => formatDateTime(value, locale),
      },
      {
        field: 'estado',
        headerName: t('fields.estado'),
        minWidth: 120,
        renderCell: ({ row }) => <EstadoChip estado={row.estado} />,
      },
    ];
    if (canEdit || canDelete) {
      cols.push({
        field: 'actions',
        type: 'actions',
        headerName: t('common.actions'),
        minWidth: 100,
        getActions: ({ row }) => [
          ...(canEdit
            ? [
                <GridActionsCellItem
                  key="edit"
                  icon={<EditIcon />}
                  label={t('eventos.editOne', { nombre: row.nombre })}
                  onClick={() => setEditing(row)}
                />,
              ]
            : []),
          ...(canDelete
            ? [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteIcon />}
                  label={t('eventos.deleteOne', { nombre: row.nombre })}
                  onClick={() => setDeleting(row)}
                />,
              ]
            : []),
        ],
      });
    }
    return cols;
    // `ready`: `t` keeps its identity when the bundle arrives, and the headers must follow it.
  }, [t, ready, locale, canEdit, canDelete]);

  if (!ready) return <PageLoading />;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteEvento(deleting.id).unwrap();
      notify(t('eventos.deleted', { nombre: deleting.nombre }), { type: 'success' });
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
          {t('eventos.heading')}
        </Typography>
        {canCreate && !empty && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('eventos.new')}
          </Button>
        )}
      </Stack>

      {empty ? (
        <Paper
          variant="outlined"
          sx={{ p: 6, textAlign: 'center' }}
          component="section"
          aria-labelledby="eventos-empty"
        >
          <EventIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography id="eventos-empty" variant="h6" component="h2" gutterBottom>
            {t('eventos.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: canCreate ? 3 : 0 }}>
            {canCreate ? t('eventos.emptyInvite') : t('eventos.emptyReadOnly')}
          </Typography>
          {canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('eventos.createFirst')}
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'center' } }}
          >
            <TextField
              type="search"
              label={t('eventos.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              size="small"
              sx={{ minWidth: 240 }}
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
            <PickersProvider>
              <DatePicker
                label={t('eventos.desde')}
                value={desde}
                onChange={setDesde}
                maxDate={hasta ?? undefined}
                slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
              />
              <DatePicker
                label={t('eventos.hasta')}
                value={hasta}
                onChange={setHasta}
                minDate={desde ?? undefined}
                slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
              />
            </PickersProvider>
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            role="group"
            aria-label={t('eventos.estadoFilter')}
            sx={{ flexWrap: 'wrap' }}
          >
            <Chip
              label={t('estados.todos')}
              color={estado === undefined ? 'primary' : 'default'}
              variant={estado === undefined ? 'filled' : 'outlined'}
              onClick={() => setEstado(undefined)}
              aria-pressed={estado === undefined}
            />
            {ESTADOS.map((e) => (
              <Chip
                key={e}
                label={t(`estados.${e}`)}
                color={estado === e ? 'primary' : 'default'}
                variant={estado === e ? 'filled' : 'outlined'}
                onClick={() => setEstado(e)}
                aria-pressed={estado === e}
              />
            ))}
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
              {readError(error, t('eventos.loadFailed')).message}
            </Alert>
          )}
          <Box sx={{ width: '100%' }}>
            <DataGrid<Evento>
              aria-label={t('eventos.heading')}
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
              localeText={{ ...gridLocale, noRowsLabel: t('eventos.noMatches') }}
            />
          </Box>
        </>
      )}

      {(creating || editingCurrent) && (
        <EventoFormDialog
          key={editingCurrent?.id ?? 'new'}
          evento={editingCurrent ?? undefined}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('eventos.deleteTitle')}
        message={t('eventos.deleteMessage', { nombre: deleting?.nombre ?? '' })}
        confirmLabel={t('common.delete')}
        busy={deletingBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
