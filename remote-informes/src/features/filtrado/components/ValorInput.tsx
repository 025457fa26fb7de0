import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import type { FiltroCampo } from '@gestion/shared';
import { useInformesTexts } from '../../../i18n/namespace';
import { SelectField } from '@gestion/ui';
import { fromIso, toIso } from '@gestion/ui/pickers';
import { formaDe, type Condicion } from '../condiciones';

interface ValorInputProps {
  campo: FiltroCampo;
  cond: Condicion;
  /** Message shown under the value (the client's check or the server's detail). */
  error?: string;
  onChange: (patch: Partial<Pick<Condicion, 'valor' | 'hasta' | 'valores'>>) => void;
}

interface ScalarProps {
  campo: FiltroCampo;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * A date-time picker holding its own dayjs value: a half-typed date is invalid, and sending that
 * back up as '' would wipe what the user is typing. The condition gets ISO 8601 UTC (or '').
 */
function FechaInput({ label, value, error, onChange }: Omit<ScalarProps, 'campo'>) {
  const [local, setLocal] = useState<Dayjs | null>(() => fromIso(value));
  return (
    <DateTimePicker
      label={label}
      value={local}
      ampm={false}
      onChange={(next) => {
        setLocal(next);
        onChange(toIso(next) ?? '');
      }}
      slotProps={{
        textField: {
          size: 'small',
          fullWidth: true,
          error: Boolean(error),
          helperText: error,
        },
      }}
    />
  );
}

/** One value typed by its field: a picker for dates, a select for enums and booleans, else text. */
function ScalarInput({ campo, label, value, error, onChange }: ScalarProps) {
  const { t } = useInformesTexts();
  if (campo.tipo === 'fecha') {
    return <FechaInput label={label} value={value} error={error} onChange={onChange} />;
  }
  if (campo.tipo === 'enum' || campo.tipo === 'booleano') {
    const options =
      campo.tipo === 'enum'
        ? (campo.valores ?? []).map((v) => ({ value: v, label: t(`valores.${v}`, v) }))
        : [
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ];
    return (
      <SelectField
        size="small"
        fullWidth
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        options={options}
      />
    );
  }
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: campo.tipo === 'numero' ? { inputMode: 'decimal' } : {} }}
    />
  );
}

/**
 * The value part of a condition, shaped by its operator (`contracts/filtrado.ts`): one input,
 * two for `entre` (desde, hasta), a list for `en` — a multi-select for enums, comma-separated
 * text otherwise.
 */
export function ValorInput({ campo, cond, error, onChange }: ValorInputProps) {
  const { t } = useInformesTexts();
  const forma = formaDe(cond.operador);
  if (forma === 'rango') {
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flex: 1 }}>
        <ScalarInput
          campo={campo}
          label={t('filtrado.desde')}
          value={cond.valor}
          error={error}
          onChange={(valor) => onChange({ valor })}
        />
        <ScalarInput
          campo={campo}
          label={t('filtrado.hasta')}
          value={cond.hasta}
          onChange={(hasta) => onChange({ hasta })}
        />
      </Stack>
    );
  }
  if (forma === 'lista' && campo.tipo === 'enum') {
    const label = (v: string) => t(`valores.${v}`, v);
    return (
      <SelectField
        size="small"
        fullWidth
        label={t('filtrado.valores')}
        value={cond.valores}
        error={error}
        options={(campo.valores ?? []).map((v) => ({ value: v, label: label(v) }))}
        onChange={(e) => {
          const value = e.target.value as unknown;
          onChange({ valores: typeof value === 'string' ? value.split(',') : (value as string[]) });
        }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as string[]).map(label).join(', '),
          },
        }}
      />
    );
  }
  if (forma === 'lista') {
    return (
      <TextField
        size="small"
        fullWidth
        label={t('filtrado.valores')}
        value={cond.valor}
        onChange={(e) => onChange({ valor: e.target.value })}
        error={Boolean(error)}
        helperText={error ?? t('filtrado.valoresAyuda')}
      />
    );
  }
  return (
    <ScalarInput
      campo={campo}
      label={t('filtrado.valor')}
      value={cond.valor}
      error={error}
      onChange={(valor) => onChange({ valor })}
    />
  );
}
