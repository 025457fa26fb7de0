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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PlaceIcon from '@mui/icons-material/Place';
import { paths } from '@gestion/shared';
import { useNotify, usePermission } from '@gestion/shared/react';
import {
  ErrorAlert,
  PageLoading,
  formatDateTime,
  readApiError,
  useConfirmDialog,
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
  const notify = useNotify();
  const canManage = usePermission('periodos:gestionar');
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const evento = useGetEventoQuery(id, { skip: !validId });
  const periodos = useListPeriodosQuery(id, { skip: !validId || !evento.data });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Periodo | null>(null);
  const confirm = useConfirmDialog();
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
    confirm.ask({
      title: t('periodos.deleteTitle'),
      message: t('periodos.deleteMessage', { nombre: periodo.nombre }),
      confirmLabel: t('common.delete'),
      onConfirm: async () => {
        try {
          await deletePeriodo({ eventoId: ev.id, periodoId: periodo.id }).unwrap();
          notify(t('periodos.deleted', { nombre: periodo.nombre }), { type: 'success' });
        } catch (err) {
          notify(readApiError(err, t('common.deleteFailed')).message, { type: 'error' });
        }
      },
    });

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
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('periodos.heading')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.nombre')}</TableCell>
                  <TableCell sx={HIDE_ON_PHONE}>{t('fields.descripcion')}</TableCell>
                  <TableCell>{t('fields.fechaInicio')}</TableCell>
                  <TableCell>{t('fields.fechaFin')}</TableCell>
                  {canManage && <TableCell align="right">{t('common.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {sorted.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{p.nombre}</TableCell>
                    <TableCell sx={HIDE_ON_PHONE}>{p.descripcion}</TableCell>
                    <TableCell sx={NO_WRAP}>{formatDateTime(p.fechaInicio, locale)}</TableCell>
                    <TableCell sx={NO_WRAP}>{formatDateTime(p.fechaFin, locale)}</TableCell>
                    {canManage && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
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
      {confirm.dialog}
    </Stack>
  );
}
