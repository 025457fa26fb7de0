/**
 * A form's free-text field (a description, notes): full width, two rows to start, growing with
 * its text, and its error message under it — written once for every dialog of the remotes.
 */
import { forwardRef } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** `TextField`'s props, with the error as its message (undefined when the value is valid). */
export type LongTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText'> & {
  /** The message to show under the field; the field is marked invalid while there is one. */
  error?: string;
};

/** A multiline `TextField` (2 rows at first) showing `error` as its helper text. */
export const LongTextField = forwardRef<HTMLDivElement, LongTextFieldProps>(function LongTextField(
  { error, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      fullWidth
      multiline
      minRows={2}
      error={Boolean(error)}
      helperText={error}
      {...props}
    />
  );
});
