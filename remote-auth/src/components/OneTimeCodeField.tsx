import type { Ref } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A six-digit code field — the mailed sign-in code (issue #15), an authenticator's code
 * (issue #16): `autocomplete="one-time-code"` so the browser or the phone offers the code, a
 * numeric keyboard, and room for a pasted "123 456" (the form strips the space). Required, full
 * width; `error` is the text under it.
 */
export function OneTimeCodeField({
  inputRef,
  error,
  ...props
}: Omit<TextFieldProps, 'error' | 'inputRef'> & { inputRef?: Ref<HTMLInputElement>; error?: string }) {
  return (
    <TextField
      {...props}
      inputRef={inputRef}
      autoComplete="one-time-code"
      required
      fullWidth
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
    />
  );
}
