import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Dayjs } from 'dayjs';
import { ERROR_CODES } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { DateTimeInput } from '../../../components/DateTimeInput';
import { PickersProvider } from '../../../components/PickersProvider';
import { useEventosTexts } from '../../../i18n/namespace';
import { readError } from '../../../lib/api-error';
import type { Evento, Periodo } from '../../../lib/contract';
import { fromIso, toIso } from '../../../lib/dates';
import { applyFieldErrors } from '../../../lib/field-errors';
import { useCreatePeriodoMutation, useUpdatePeriodoMutation } from '../api';

interface FormValues {
  nombre: string;
  descripcion: string;
  fechaInicio: Dayjs | null;
  fechaFin: Dayjs | null;
}

const FIELDS = ['nombre', 'descripcion', 'fechaInicio', 'fechaFin'] as const;

interface PeriodoFormDialogProps {
  evento: Evento;
  /** The period to edit; absent to create one. */
  periodo?: Periodo;
  /** Where a new period starts by default: after the last one, else at the event's start. */
  suggestedStart?: string;
  onClose: () => void;
}

/**
 * Create or edit a period of `evento` (issue 5). The form checks start < end and the event's
 * range itself; the server's overlap and out-of-range answers (`details` on fechaInicio or
 * fechaFin) are shown on the fields that cause them.
 */
export function PeriodoFormDialog({
  evento,
  periodo,
  suggestedStart,
  onClose,
}: PeriodoFormDialogProps) {
  const { t } = useEventosTexts();
  const notify = useNotify();
  const titleId = useId();
  const [createPeriodo] = useCreatePeriodoMutation();
  const [updatePeriodo] = useUpdatePeriodoMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const eventStart = fromIso(evento.fechaInicio)!;
  const eventEnd = fromIso(evento.fechaFin)!;
  const start = fromIso(periodo?.fechaInicio ?? suggestedStart ?? evento.fechaInicio);
  const end = periodo
    ? fromIso(periodo.fechaFin)
    : start && (start.add(1, 'hour').isAfter(eventEnd) ? eventEnd : start.add(1, 'hour'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: {
      nombre: periodo?.nombre ?? '',
      descripcion: periodo?.descripcion ?? '',
      fechaInicio: start,
      fechaFin: end,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setConflict(false);
    const body = {
      nombre: values.nombre.trim(),
      descripcion: values.descripcion.trim(),
      fechaInicio: toIso(values.fechaInicio)!,
      fechaFin: toIso(values.fechaFin)!,
    };
    try {
      if (periodo) {
        await updatePeriodo({
          eventoId: evento.id,
          periodoId: periodo.id,
          patch: { ...body, version: periodo.version },
        }).unwrap();
        notify(t('periodos.updated'), { type: 'success' });
      } else {
        await createPeriodo({ eventoId: evento.id, body }).unwrap();
        notify(t('periodos.created'), { type: 'success' });
      }
      onClose();
    } catch (error) {
      const read = readError(error, t('common.saveFailed'));
      if (read.status === 409 && read.code === ERROR_CODES.versionConflict) {
        setConflict(true);
        return;
      }
      const rest = applyFieldErrors(read.details, FIELDS, setError);
      if (rest.length > 0 || read.details.length === 0) {
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
          {periodo ? t('periodos.editTitle') : t('periodos.createTitle')}
        </DialogTitle>
        <DialogContent>
          <PickersProvider>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {conflict && <Alert severity="warning">{t('periodos.conflict')}</Alert>}
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
                validate={(v: Dayjs | null) => {
                  if (v === null || !v.isValid()) return t('validation.fechaRequired');
                  if (v.isBefore(eventStart) || v.isAfter(eventEnd))
                    return t('validation.outOfEvent');
                  return true;
                }}
              />
              <DateTimeInput
                control={control}
                name="fechaFin"
                label={t('fields.fechaFin')}
                validate={(v: Dayjs | null) => {
                  if (v === null || !v.isValid()) return t('validation.fechaRequired');
                  const from = getValues('fechaInicio');
                  if (from?.isValid() && !v.isAfter(from)) return t('validation.finAfterInicio');
                  if (v.isAfter(eventEnd) || v.isBefore(eventStart))
                    return t('validation.outOfEvent');
                  return true;
                }}
              />
            </Stack>
          </PickersProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {periodo ? t('common.save') : t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
