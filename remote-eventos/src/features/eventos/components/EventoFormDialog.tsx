import TextField from '@mui/material/TextField';
import dayjs, { type Dayjs } from 'dayjs';
import { EVENTOS_ERROR_CODES } from '@gestion/shared';
import {
  FormDialog,
  FormSelectField,
  LongTextField,
  trimFields,
  useNoticeAndClose,
  useServerForm,
} from '@gestion/ui';
import { PickersProvider, fromIso, toIso } from '@gestion/ui/pickers';
import { DateTimeInput } from '../../../components/DateTimeInput';
import { useEventosTexts } from '../../../i18n/namespace';
import { canTransition, ESTADOS, type EstadoEvento, type Evento } from '../../../lib/contract';
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
  const savedAndClose = useNoticeAndClose(onClose);
  const [createEvento] = useCreateEventoMutation();
  const [updateEvento] = useUpdateEventoMutation();
  const server = useServerForm<FormValues>({
    defaultValues: defaults(evento),
    fields: FIELDS,
    // A date change refused for the periods in the way: the fields say which, the alert why.
    explainCodes: [EVENTOS_ERROR_CODES.eventDatesExcludePeriods],
    submit: async (values) => {
      const body = {
        ...trimFields(values, 'nombre', 'descripcion', 'lugar'),
        fechaInicio: toIso(values.fechaInicio)!,
        fechaFin: toIso(values.fechaFin)!,
      };
      if (evento) {
        // estado only when it changes: keeping it is no transition (shared's canTransition).
        const patch: EventoPatchBody = { ...body, version: evento.version };
        if (evento.estado !== values.estado) patch.estado = values.estado;
        await updateEvento({ id: evento.id, patch }).unwrap();
        savedAndClose(t('eventos.updated'));
      } else {
        await createEvento(body).unwrap();
        savedAndClose(t('eventos.created'));
      }
    },
  });
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = server.form;

  const estados = ESTADOS.filter(
    (e) => !evento || e === evento.estado || canTransition(evento.estado, e),
  );

  return (
    <FormDialog
      title={evento ? t('eventos.editTitle') : t('eventos.createTitle')}
      create={!evento}
      server={server}
      onClose={onClose}
      conflictMessage={t('eventos.conflict')}
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
          <FormSelectField
            control={control}
            name="estado"
            label={t('fields.estado')}
            options={estados.map((e) => ({ value: e, label: t(`estados.${e}`) }))}
            helperText={t('eventos.estadoHelp')}
          />
        )}
      </PickersProvider>
    </FormDialog>
  );
}
