import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/** The props of an outlined text input on the sign-in and registration forms. */
export interface AuthTextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  inputRef: Ref<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  /** Shown under the input instead of `helperText`, and marks the input invalid. */
  error?: string | undefined;
  helperText?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /** Overrides the generated id (the password toggle points `aria-controls` at it). */
  id?: string;
  /** E.g. the password's show/hide button, inside the outline at the end. */
  endAdornment?: ReactNode;
}

/**
 * What MUI's outlined `TextField` renders — FormControl, InputLabel, OutlinedInput and
 * FormHelperText wired by id (label `for`, `aria-describedby`, `aria-invalid`, the required
 * mark) — without `TextField` itself, whose `select` mode imports Select, Menu, Popover and Modal
 * and every input variant. With the language menu loaded on demand as well, the first visit to
 * /login downloads 15.9 KiB brotli less (241.3 → 225.4 KiB, measured with
 * `npm run bench -w bench -- bundle-size`). Only the sign-in and registration pages use it; the
 * other forms load with their pages and keep `TextField`.
 */
export function AuthTextField({
  label,
  error,
  helperText,
  required = false,
  disabled = false,
  id,
  endAdornment,
  ...input
}: AuthTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  const helper = error ?? helperText;
  return (
    <FormControl
      variant="outlined"
      fullWidth
      required={required}
      disabled={disabled}
      error={Boolean(error)}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        endAdornment={endAdornment}
        inputProps={helper ? { 'aria-describedby': helperId } : undefined}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
