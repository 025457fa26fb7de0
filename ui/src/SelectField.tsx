/**
 * A form's pick-one field (a type, a state, a role): an MUI select `TextField` listing its
 * options, with the error message under it — written once for the remotes' dialogs, list
 * filters and condition editors (issue #14, the duplicates tool paired the copies across remotes).
 */
import { forwardRef, type ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** One choice of a `SelectField`: the value it stores and the text the reader sees. */
export interface SelectOption {
  /** The stored value (an enum member, an id, '' for "all"). */
  value: string;
  /** The visible, already translated text. */
  label: ReactNode;
}

/**
 * `TextField`'s props without `select`/`children` (the options make the menu), with the error
 * as its message. Spreads a react-hook-form `Controller` field (`{...field}`) as it is.
 */
export type SelectFieldProps = Omit<
  TextFieldProps,
  'select' | 'children' | 'error' | 'helperText'
> & {
  /** The choices, in the order they are listed. */
  options: readonly SelectOption[];
  /** The message to show under the field; the field is marked invalid while there is one. */
  error?: string;
  /** A hint shown under the field while there is no error. */
  helperText?: ReactNode;
};

/** A select `TextField` with one `MenuItem` per option, showing `error` (else `helperText`). */
export const SelectField = forwardRef<HTMLDivElement, SelectFieldProps>(function SelectField(
  { options, error, helperText, ...props },
  ref,
) {
  return (
    <TextField ref={ref} select error={Boolean(error)} helperText={error ?? helperText} {...props}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
});

/** `SelectField`'s props bound to a react-hook-form field: the form gives value, change and error. */
export type FormSelectFieldProps<T extends FieldValues> = Omit<
  SelectFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  /** The form's `control` (from `useForm`/`useServerForm`). */
  control: Control<T>;
  /** The field's name in the form values. */
  name: Path<T>;
};

/**
 * A `SelectField` wired to one react-hook-form field through a `Controller`: shows the field's
 * error message (a rule's or the server's, set by useServerForm) instead of `helperText`. Full
 * width unless `fullWidth={false}`: it sits in a form's column, like the text fields beside it.
 */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  fullWidth = true,
  ...props
}: FormSelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          {...props}
          fullWidth={fullWidth}
          error={fieldState.error?.message}
          {...field}
        />
      )}
    />
  );
}
