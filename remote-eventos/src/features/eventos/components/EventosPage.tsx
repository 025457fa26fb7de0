import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { paths } from '@gestion/shared';
import { useNotify, usePermission } from '@gestion/shared/react';
import {
  ListPage,
  PageLoading,
  SearchField,
  listStatus,
  readApiError,
  useConfirmDialog,
  useFormatDateTime,
} from '@gestion/ui';
import { ServerDataGrid, usePageInRange, useServerListState } from '@gestion/ui/grid';
import { PickersProvider } from '@gestion/ui/pickers';
import { EstadoChip } from '../../../components/EstadoChip';
import { useEventosTexts } from '../../../i18n/namespace';
import { ESTADOS, type EstadoEvento, type Evento } from '../../../lib/contract';
import { useDeleteEventoMutation, useListEventosQuery } from '../api';
import { EventoFormDialog } from './EventoFormDialog';

/**
 * /eventos (guards auth, permiso: eventos:ver; issue 5): the events on a server-side grid with a
 * debounced search, state chips and a date range; create, edit and delete for those who may
 * (the api checks every call; hiding only spares the user a 403).
 */
export default function EventosPage() {
  const { t, ready } = useEventosTexts();
  // A date the api always sends: never empty, so no dash.
  const formatDate = useFormatDateTime({ fallback: '' });
  const notify = useNotify();
  const { ask: askConfirm, dialog: confirmDialog } = useConfirmDialog();
  const canCreate = usePermission('eventos:crear');
  const canEdit = usePermission('eventos:editar');
  const canDelete = usePermission('eventos:eliminar');

  const [q, setQ] = useState('');
  const [estado, setEstado] = useState<EstadoEvento | undefined>(undefined);
  const [desde, setDesde] = useState<Dayjs | null>(null);
  const [hasta, setHasta] = useState<Dayjs | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Evento | null>(null);
  const [deleteEvento] = useDeleteEventoMutation();

  const desdeIso = desde?.isValid() ? desde.startOf('day').toDate().toISOString() : undefined;
  const hastaIso = hasta?.isValid() ? hasta.endOf('day').toDate().toISOString() : undefined;
  const filtered = Boolean(q || estado || desdeIso || hastaIso);
  const list = useServerListState({
    defaultSort: [{ field: 'fechaInicio', sort: 'asc' }],
    filters: [q, estado, desdeIso, hastaIso],
  });

  const query = useListEventosQuery({
    q: q || undefined,
    estado,
    desde: desdeIso,
    hasta: hastaIso,
    ...list.params,
  });

  const { data } = query;
  // Deleting the last row of the last page leaves it empty: show the page before.
  usePageInRange(list, data);

  // The event being edited follows the list, so after a 409 the refetched version is the one
  // the next save is based on.
  const editingCurrent = editing ? (data?.items.find((e) => e.id === editing.id) ?? editing) : null;

  const columns = useMemo<GridColDef<Evento>[]>(() => {
    const askDelete = (row: Evento) =>
      askConfirm({
        title: t('eventos.deleteTitle'),
        message: t('eventos.deleteMessage', { nombre: row.nombre }),
        confirmLabel: t('common.delete'),
        onConfirm: async () => {
          try {
            await deleteEvento(row.id).unwrap();
            notify(t('eventos.deleted', { nombre: row.nombre }), { type: 'success' });
          } catch (err) {
            notify(readApiError(err, t('common.deleteFailed')).message, { type: 'error' });
          }
        },
      });
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
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'fechaFin',
        headerName: t('fields.fechaFin'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (value: string) => formatDate(value),
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
                  onClick={() => askDelete(row)}
                />,
              ]
            : []),
        ],
      });
    }
    return cols;
    // `ready`: `t` keeps its identity when the bundle arrives, and the headers must follow it.
  }, [t, ready, formatDate, canEdit, canDelete, askConfirm, deleteEvento, notify]);

  if (!ready) return <PageLoading />;

  const filters = (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <SearchField label={t('eventos.search')} value={q} onChange={setQ} />
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
    </>
  );

  return (
    <ListPage
      title={t('eventos.heading')}
      create={canCreate ? { label: t('eventos.new'), onClick: () => setCreating(true) } : undefined}
      status={listStatus(query, !filtered && data?.total === 0)}
      loadFailed={t('eventos.loadFailed')}
      empty={{
        icon: <EventIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden="true" />,
        title: t('eventos.emptyTitle'),
        message: canCreate ? t('eventos.emptyInvite') : t('eventos.emptyReadOnly'),
        action: canCreate
          ? { label: t('eventos.createFirst'), onClick: () => setCreating(true) }
          : undefined,
      }}
      filters={filters}
      dialogs={
        <>
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
          {confirmDialog}
        </>
      }
    >
      <ServerDataGrid<Evento>
        aria-label={t('eventos.heading')}
        data={data}
        columns={columns}
        loading={query.isFetching}
        {...list.grid}
        noRowsLabel={t('eventos.noMatches')}
      />
    </ListPage>
  );
}
