import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import dayjs, { type Dayjs } from 'dayjs';
import { ERROR_CODES, EVENTOS_ERROR_CODES } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { DateTimeInput } from '../../../components/DateTimeInput';
import { PickersProvider } from '../../../components/PickersProvider';
import { useEventosTexts } from '../../../i18n/namespace';
import { readError } from '../../../lib/api-error';
import { canTransition, ESTADOS, type EstadoEvento, type Evento } from '../../../lib/contract';
import { fromIso, toIso } from '../../../lib/dates';
import { applyFieldErrors } from '../../../lib/field-errors';
import {
  useCreateEventoMutation,
  useUpdateEventoMutation,
  type EventoPatch as EventoPatchBody,
} from '../api';

interface FormValues {
  nombre: string;
  descripcion: string;
  lugar: string;
  fechaInicio: Dayjs | null;
  fechaFin: Dayjs | null;
  estado: EstadoEvento;
}

const FIELDS = ['nombre', 'descripcion', 'lugar', 'fechaInicio', 'fechaFin', 'estado'] as const;

/** A new event starts tomorrow at 09:00 and ends at 18:00: valid as given, easy to adjust. */
function defaults(evento?: Evento): FormValues {
  if (evento) {
    return {
      nombre: evento.nombre,
      descripcion: evento.descripcion ?? '',
      lugar: evento.lugar,
      fechaInicio: fromIso(evento.fechaInicio),
      fechaFin: fromIso(evento.fechaFin),
      estado: evento.estado,
    };
  }
  const start = dayjs().add(1, 'day').hour(9).minute(0).second(0).millisecond(0);
  return {
    nombre: '',
    descripcion: '',
    lugar: '',
    fechaInicio: start,
    fechaFin: start.hour(18),
    estado: 'borrador',
  };
}

interface EventoFormDialogProps {
  /** The event to edit; absent to create one. */
  evento?: Evento;
  onClose: () => void;
}

/**
 * Create or edit an event (issue 5). Validates before sending; the server's field `details` land
 * on their fields; a 409 on a stale version is explained and the user's input is kept. Only the
 * states `canTransition` allows from the stored one are offered.
 */
export function EventoFormDialog({ evento, onClose }: EventoFormDialogProps) {
  const { t } = useEventosTexts();
  const notify = useNotify();
  const titleId = useId();
  const [createEvento] = useCreateEventoMutation();
  const [updateEvento] = useUpdateEventoMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: defaults(evento) });

  const estados = ESTADOS.filter(
    (e) => !evento || e === evento.estado || canTransition(evento.estado, e),
  );

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setConflict(false);
    const body = {
      nombre: values.nombre.trim(),
      descripcion: values.descripcion.trim(),
      lugar: values.lugar.trim(),
      fechaInicio: toIso(values.fechaInicio)!,
      fechaFin: toIso(values.fechaFin)!,
    };
    try {
      if (evento) {
        // estado only when it changes: keeping it is no transition (shared's canTransition).
        const patch: EventoPatchBody = { ...body, version: evento.version };
        if (evento.estado !== values.estado) patch.estado = values.estado;
        await updateEvento({ id: evento.id, patch }).unwrap();
        notify(t('eventos.updated'), { type: 'success' });
      } else {
        await createEvento(body).unwrap();
        notify(t('eventos.created'), { type: 'success' });
      }
      onClose();
    } catch (error) {
      const read = readError(error, t('common.saveFailed'));
      if (read.status === 409 && read.code === ERROR_CODES.versionConflict) {
        setConflict(true);
        return;
      }
      const rest = applyFieldErrors(read.details, FIELDS, setError);
      // A date change refused for the periods in the way: the fields say which, the alert why.
      const explain = read.code === EVENTOS_ERROR_CODES.eventDatesExcludePeriods;
      if (rest.length > 0 || read.details.length === 0 || explain) {
        setFormError([read.message, ...rest].join(' '));
      }
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id={titleId}>
          {evento ? t('eventos.editTitle') : t('eventos.createTitle')}
        </DialogTitle>
        <DialogContent>
          <PickersProvider>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {conflict && <Alert severity="warning">{t('eventos.conflict')}</Alert>}
              {formError && <Alert severity="error">{formError}</Alert>}
              <TextField
                label={t('fields.nombre')}
                required
                autoFocus
                fullWidth
                error={Boolean(errors.nombre)}
                helperText={errors.nombre?.message}
                {...register('nombre', {
                  validate: (v) => v.trim().length > 0 || t('validation.nombreRequired'),
                  maxLength: { value: 200, message: t('validation.tooLong', { max: 200 }) },
                })}
              />
              <TextField
                label={t('fields.lugar')}
                required
                fullWidth
                error={Boolean(errors.lugar)}
                helperText={errors.lugar?.message}
                {...register('lugar', {
                  validate: (v) => v.trim().length > 0 || t('validation.lugarRequired'),
                  maxLength: { value: 200, message: t('validation.tooLong', { max: 200 }) },
                })}
              />
              <TextField
                label={t('fields.descripcion')}
                fullWidth
                multiline
                minRows={2}
                error={Boolean(errors.descripcion)}
                helperText={errors.descripcion?.message}
                {...register('descripcion', {
                  maxLength: { value: 2000, message: t('validation.tooLong', { max: 2000 }) },
                })}
              />
              <DateTimeInput
                control={control}
                name="fechaInicio"
                label={t('fields.fechaInicio')}
                deps={['fechaFin']}
                validate={(v: Dayjs | null) =>
                  (v !== null && v.isValid()) || t('validation.fechaRequired')
                }
              />
              <DateTimeInput
                control={control}
                name="fechaFin"
                label={t('fields.fechaFin')}
                validate={(v: Dayjs | null) => {
                  if (v === null || !v.isValid()) return t('validation.fechaRequired');
                  const start = getValues('fechaInicio');
                  return !start?.isValid() || v.isAfter(start) || t('validation.finAfterInicio');
                }}
              />
              {evento && (
                <Controller
                  control={control}
                  name="estado"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('fields.estado')}
                      fullWidth
                      error={Boolean(errors.estado)}
                      helperText={errors.estado?.message ?? t('eventos.estadoHelp')}
                      {...field}
                    >
                      {estados.map((e) => (
                        <MenuItem key={e} value={e}>
                          {t(`estados.${e}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
            </Stack>
          </PickersProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {evento ? t('common.save') : t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
