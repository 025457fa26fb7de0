import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PlaceIcon from '@mui/icons-material/Place';
import { paths } from '@gestion/shared';
import { usePermission } from '@gestion/shared/react';
import {
  ErrorAlert,
  PageLoading,
  SimpleTable,
  formatDateTime,
  readApiError,
  useConfirmDelete,
  useLocale,
} from '@gestion/ui';
import { EstadoChip } from '../../../components/EstadoChip';
import { useEventosTexts } from '../../../i18n/namespace';
import type { Periodo } from '../../../lib/contract';
import { useGetEventoQuery } from '../../eventos/api';
import { useDeletePeriodoMutation, useListPeriodosQuery } from '../api';
import { PeriodoFormDialog } from './PeriodoFormDialog';
import { PeriodosTimeline } from './PeriodosTimeline';

// On a phone the table keeps names and dates on one line each (it scrolls sideways) and leaves
// the description out; the timeline's tooltips and the edit dialog still show everything.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * /eventos/:id/periodos (guards auth, permiso: periodos:ver; issue 5): the event's header, its
 * periods as a table and a timeline, and create/edit/delete for holders of periodos:gestionar.
 */
export default function PeriodosPage() {
  const { t, ready } = useEventosTexts();
  const locale = useLocale();
  const canManage = usePermission('periodos:gestionar');
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const evento = useGetEventoQuery(id, { skip: !validId });
  const periodos = useListPeriodosQuery(id, { skip: !validId || !evento.data });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Periodo | null>(null);
  const { askDelete: confirmDelete, dialog: confirmDialog } = useConfirmDelete();
  const [deletePeriodo] = useDeletePeriodoMutation();

  const sorted = useMemo(
    () => [...(periodos.data ?? [])].sort((a, b) => a.fechaInicio.localeCompare(b.fechaInicio)),
    [periodos.data],
  );

  if (!ready) return <PageLoading />;

  const backLink = (
    <Link
      component={RouterLink}
      to={paths.eventos()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {t('periodos.back')}
    </Link>
  );

  const notFound = !validId || (evento.isError && readApiError(evento.error, '').status === 404);
  if (notFound) {
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('periodos.notFoundTitle')}
        </Typography>
        <Alert severity="warning">{t('periodos.notFound')}</Alert>
        <Box>{backLink}</Box>
      </Stack>
    );
  }
  if (evento.isError) {
    return (
      <Stack spacing={2}>
        <ErrorAlert onRetry={() => void evento.refetch()}>
          {readApiError(evento.error, t('periodos.eventoLoadFailed')).message}
        </ErrorAlert>
        <Box>{backLink}</Box>
      </Stack>
    );
  }
  if (!evento.data) return <PageLoading />;
  const ev = evento.data;

  const askDelete = (periodo: Periodo) =>
    confirmDelete({
      title: t('periodos.deleteTitle'),
      message: t('periodos.deleteMessage', { nombre: periodo.nombre }),
      remove: () => deletePeriodo({ eventoId: ev.id, periodoId: periodo.id }).unwrap(),
      deleted: t('periodos.deleted', { nombre: periodo.nombre }),
    });

  /** A period's edit and delete buttons (periodos:gestionar). */
  const periodoActions = (p: Periodo) => (
    <>
      <Tooltip title={t('common.edit')}>
        <IconButton
          aria-label={t('periodos.editOne', { nombre: p.nombre })}
          onClick={() => setEditing(p)}
        >
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('common.delete')}>
        <IconButton
          aria-label={t('periodos.deleteOne', { nombre: p.nombre })}
          onClick={() => askDelete(p)}
        >
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </>
  );

  // The period being edited follows the list, so after a 409 the refetched version is the one
  // the next save is based on.
  const editingCurrent = editing ? (sorted.find((p) => p.id === editing.id) ?? editing) : null;
  const last = sorted[sorted.length - 1];
  const suggestedStart = last && last.fechaFin < ev.fechaFin ? last.fechaFin : ev.fechaInicio;

  return (
    <Stack spacing={3}>
      <Box>{backLink}</Box>
      <Paper variant="outlined" component="header" sx={{ p: 3 }}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography variant="h4" component="h1">
            {ev.nombre}
          </Typography>
          <EstadoChip estado={ev.estado} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <PlaceIcon fontSize="small" color="action" aria-hidden="true" />
          <Typography>{ev.lugar}</Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('periodos.range', {
            desde: formatDateTime(ev.fechaInicio, locale),
            hasta: formatDateTime(ev.fechaFin, locale),
          })}
        </Typography>
        {ev.descripcion && <Typography sx={{ mt: 1 }}>{ev.descripcion}</Typography>}
      </Paper>

      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {t('periodos.heading')}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('periodos.new')}
          </Button>
        )}
      </Stack>

      {periodos.isError && (
        <ErrorAlert onRetry={() => void periodos.refetch()}>
          {readApiError(periodos.error, t('periodos.loadFailed')).message}
        </ErrorAlert>
      )}
      {periodos.isLoading ? (
        <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : sorted.length === 0 && !periodos.isError ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {canManage ? t('periodos.emptyInvite') : t('periodos.empty')}
          </Typography>
        </Paper>
      ) : (
        <>
          <PeriodosTimeline evento={ev} periodos={sorted} />
          <SimpleTable
            size="small"
            aria-label={t('periodos.heading')}
            rows={sorted}
            columns={[
              { key: 'nombre', header: t('fields.nombre'), cell: (p) => p.nombre },
              {
                key: 'descripcion',
                header: t('fields.descripcion'),
                sx: HIDE_ON_PHONE,
                cell: (p) => p.descripcion,
              },
              ...(['fechaInicio', 'fechaFin'] as const).map((field) => ({
                key: field,
                header: t(`fields.${field}`),
                cellSx: NO_WRAP,
                cell: (p: Periodo) => formatDateTime(p[field], locale),
              })),
              canManage && {
                key: 'actions',
                header: t('common.actions'),
                align: 'right',
                cellSx: NO_WRAP,
                cell: periodoActions,
              },
            ]}
          />
        </>
      )}

      {(creating || editingCurrent) && (
        <PeriodoFormDialog
          key={editingCurrent?.id ?? 'new'}
          evento={ev}
          periodo={editingCurrent ?? undefined}
          suggestedStart={suggestedStart}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}
