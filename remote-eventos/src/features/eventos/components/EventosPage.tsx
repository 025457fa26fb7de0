import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { EVENTO_SORT_FIELDS, paths, type EventoImportRow } from '@gestion/shared';
import { usePermission } from '@gestion/shared/react';
import { PageLoading, SearchField, useFormatDateTime } from '@gestion/ui';
import { DATE_PARAM, ResourceListPage, linkColumn, useResourceListPage } from '@gestion/ui/grid';
import { PickersProvider } from '@gestion/ui/pickers';
import { EstadoChip } from '../../../components/EstadoChip';
import { useEventosTexts } from '../../../i18n/namespace';
import { ESTADOS, type EstadoEvento, type Evento } from '../../../lib/contract';
import { useDeleteEventoMutation, useImportEventosMutation, useListEventosQuery } from '../api';
import { EventoFormDialog } from './EventoFormDialog';

/** A `YYYY-MM-DD` of the URL as a picker's day; null when unset. */
function dayOf(value: string): Dayjs | null {
  const day = value ? dayjs(value) : null;
  return day?.isValid() ? day : null;
}

/**
 * /eventos (guards auth, permiso: eventos:ver; issue 5): the events on a server-side grid with a
 * debounced search, state chips and a date range; create, edit and delete for those who may
 * (the api checks every call; hiding only spares the user a 403). Search, state, dates, sort and
 * page live in the URL (`?q=&estado=&desde=&hasta=&sort=&page=&pageSize=`, issue #14).
 */
export default function EventosPage() {
  const { t, ready } = useEventosTexts();
  // A date the api always sends: never empty, so no dash.
  const formatDate = useFormatDateTime({ fallback: '' });
  const canCreate = usePermission('eventos:crear');
  const canEdit = usePermission('eventos:editar');
  const canDelete = usePermission('eventos:eliminar');

  const listPage = useResourceListPage({
    text: (key) => t(`eventos.${key}`),
    canCreate,
    defaultSort: [{ field: 'fechaInicio', sort: 'asc' }],
    sortFields: EVENTO_SORT_FIELDS,
    filters: { estado: ESTADOS, desde: DATE_PARAM, hasta: DATE_PARAM },
  });
  const { list, creating, setCreating, askDelete: confirmDelete, confirmDialog } = listPage;
  const { q, desde: desdeDay, hasta: hastaDay } = list.filters;
  const estado = (list.filters.estado || undefined) as EstadoEvento | undefined;
  const { setFilter } = list;
  // Memoised on the URL's text: a new object per render would reset what the picker shows.
  const desde = useMemo(() => dayOf(desdeDay), [desdeDay]);
  const hasta = useMemo(() => dayOf(hastaDay), [hastaDay]);
  /** A picked or cleared day goes to the URL; a half-typed one stays in the field. */
  const setDay = (name: 'desde' | 'hasta') => (value: Dayjs | null) => {
    if (value === null || value.isValid()) setFilter(name, value ? value.format('YYYY-MM-DD') : '');
  };
  const [editing, setEditing] = useState<Evento | null>(null);
  const [deleteEvento] = useDeleteEventoMutation();
  const [importEventos] = useImportEventosMutation();

  const desdeIso = desde?.isValid() ? desde.startOf('day').toDate().toISOString() : undefined;
  const hastaIso = hasta?.isValid() ? hasta.endOf('day').toDate().toISOString() : undefined;

  const query = useListEventosQuery({
    q: q || undefined,
    estado,
    desde: desdeIso,
    hasta: hastaIso,
    ...list.params,
  });

  const { data } = query;

  // The event being edited follows the list, so after a 409 the refetched version is the one
  // the next save is based on.
  const editingCurrent = editing ? (data?.items.find((e) => e.id === editing.id) ?? editing) : null;

  const columns = useMemo<GridColDef<Evento>[]>(() => {
    const askDelete = (row: Evento) =>
      confirmDelete({
        title: t('eventos.deleteTitle'),
        message: t('eventos.deleteMessage', { nombre: row.nombre }),
        remove: () => deleteEvento(row.id).unwrap(),
        deleted: t('eventos.deleted', { nombre: row.nombre }),
      });
    const cols: GridColDef<Evento>[] = [
      linkColumn<Evento>({
        field: 'nombre',
        headerName: t('fields.nombre'),
        to: (row) => paths.eventoPeriodos(row.id),
        label: (row) => t('eventos.periodosOf', { nombre: row.nombre }),
      }),
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
  }, [t, ready, formatDate, canEdit, canDelete, confirmDelete, deleteEvento]);

  if (!ready) return <PageLoading />;

  const filters = (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' } }}
      >
        <SearchField label={t('eventos.search')} value={q} onChange={listPage.setSearch} />
        <PickersProvider>
          <DatePicker
            label={t('eventos.desde')}
            value={desde}
            onChange={setDay('desde')}
            maxDate={hasta ?? undefined}
            slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
          />
          <DatePicker
            label={t('eventos.hasta')}
            value={hasta}
            onChange={setDay('hasta')}
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
          onClick={() => setFilter('estado', '')}
          aria-pressed={estado === undefined}
        />
        {ESTADOS.map((e) => (
          <Chip
            key={e}
            label={t(`estados.${e}`)}
            color={estado === e ? 'primary' : 'default'}
            variant={estado === e ? 'filled' : 'outlined'}
            onClick={() => setFilter('estado', e)}
            aria-pressed={estado === e}
          />
        ))}
      </Stack>
    </>
  );

  return (
    <ResourceListPage<Evento, EventoImportRow>
      {...listPage.props}
      icon={EventIcon}
      query={query}
      columns={columns}
      // The CSV import (eventos:crear, like POST /api/eventos/import): each row creates an event,
      // all or none; the list refreshes behind the result through the mutation's tag.
      csvImport={
        canCreate
          ? {
              run: (csv, dryRun) => importEventos({ csv, dryRun }).unwrap(),
              rowLabel: { header: t('fields.nombre'), value: (r) => r.nombre },
            }
          : undefined
      }
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
    />
  );
}
