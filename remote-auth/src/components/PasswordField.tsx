import { useId, useState, type ChangeEventHandler, type FocusEventHandler, type Ref } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useAuthTexts } from '../i18n/namespace';
import { AuthTextField } from './AuthTextField';

interface PasswordFieldProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  inputRef: Ref<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  error?: string | undefined;
  helperText?: string | undefined;
  disabled?: boolean;
  /** Marked required (the default); an optional password says so in its helper text. */
  required?: boolean;
}

/**
 * A password input with a show/hide toggle. The toggle is a real button in the tab order whose
 * label says what it will do next ('Mostrar contraseña' / 'Ocultar contraseña'); with a changing
 * label it must not also be `aria-pressed`, or a screen reader announces both states at once.
 */
export function PasswordField({
  error,
  helperText,
  inputRef,
  required = true,
  ...field
}: PasswordFieldProps) {
  const { t } = useAuthTexts();
  const [visible, setVisible] = useState(false);
  const inputId = useId();
  return (
    <AuthTextField
      {...field}
      id={inputId}
      type={visible ? 'text' : 'password'}
      inputRef={inputRef}
      required={required}
      error={error}
      helperText={helperText}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
            aria-controls={inputId}
            onClick={() => setVisible((v) => !v)}
            // keep the caret in the input when the toggle is clicked with a mouse
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
