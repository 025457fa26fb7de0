import TextField from '@mui/material/TextField';
import type { Dayjs } from 'dayjs';
import {
  FormDialog,
  LongTextField,
  trimFields,
  useNoticeAndClose,
  useServerForm,
} from '@gestion/ui';
import { PickersProvider, fromIso, toIso } from '@gestion/ui/pickers';
import { DateTimeInput } from '../../../components/DateTimeInput';
import { useEventosTexts } from '../../../i18n/namespace';
import type { Evento, Periodo } from '../../../lib/contract';
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
  const savedAndClose = useNoticeAndClose(onClose);
  const [createPeriodo] = useCreatePeriodoMutation();
  const [updatePeriodo] = useUpdatePeriodoMutation();
  const eventStart = fromIso(evento.fechaInicio)!;
  const eventEnd = fromIso(evento.fechaFin)!;
  const start = fromIso(periodo?.fechaInicio ?? suggestedStart ?? evento.fechaInicio);
  const end = periodo
    ? fromIso(periodo.fechaFin)
    : start && (start.add(1, 'hour').isAfter(eventEnd) ? eventEnd : start.add(1, 'hour'));
  const server = useServerForm<FormValues>({
    defaultValues: {
      nombre: periodo?.nombre ?? '',
      descripcion: periodo?.descripcion ?? '',
      fechaInicio: start,
      fechaFin: end,
    },
    fields: FIELDS,
    submit: async (values) => {
      const body = {
        ...trimFields(values, 'nombre', 'descripcion'),
        fechaInicio: toIso(values.fechaInicio)!,
        fechaFin: toIso(values.fechaFin)!,
      };
      if (periodo) {
        await updatePeriodo({
          eventoId: evento.id,
          periodoId: periodo.id,
          patch: { ...body, version: periodo.version },
        }).unwrap();
        savedAndClose(t('periodos.updated'));
      } else {
        await createPeriodo({ eventoId: evento.id, body }).unwrap();
        savedAndClose(t('periodos.created'));
      }
    },
  });
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = server.form;

  return (
    <FormDialog
      title={periodo ? t('periodos.editTitle') : t('periodos.createTitle')}
      create={!periodo}
      server={server}
      onClose={onClose}
      conflictMessage={t('periodos.conflict')}
    >
      <PickersProvider>
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
        <LongTextField
          label={t('fields.descripcion')}
          error={errors.descripcion?.message}
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
            if (v.isBefore(eventStart) || v.isAfter(eventEnd)) return t('validation.outOfEvent');
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
            if (v.isAfter(eventEnd) || v.isBefore(eventStart)) return t('validation.outOfEvent');
            return true;
          }}
        />
      </PickersProvider>
    </FormDialog>
  );
}
