import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';

interface DateTimeInputProps<F extends FieldValues> {
  control: Control<F>;
  name: Path<F>;
  label: string;
  /** Returns true when valid, else the message shown under the field. */
  validate?: (value: Dayjs | null) => true | string;
  disabled?: boolean;
  /** Fields validated again when this one changes (the end is checked against the start). */
  deps?: Path<F>[];
}

/**
 * A react-hook-form field over MUI X's `DateTimePicker` (value: a dayjs or null). Its error —
 * from the form's rules or from the server's `details` — shows as the field's helper text.
 */
export function DateTimeInput<F extends FieldValues>({
  control,
  name,
  label,
  validate,
  disabled,
  deps,
}: DateTimeInputProps<F>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={validate ? { validate: (value) => validate(value), deps } : { deps }}
      render={({ field, fieldState }) => (
        <DateTimePicker
          label={label}
          value={field.value ?? null}
          onChange={(value) => field.onChange(value)}
          inputRef={field.ref}
          disabled={disabled}
          ampm={false}
          slotProps={{
            textField: {
              name: field.name,
              required: true,
              fullWidth: true,
              onBlur: field.onBlur,
              error: Boolean(fieldState.error),
              helperText: fieldState.error?.message,
            },
          }}
        />
      )}
    />
  );
}
