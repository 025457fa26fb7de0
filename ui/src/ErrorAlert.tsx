import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useUiTexts } from './i18n/namespace';

/** Props of `ErrorAlert`. */
export interface ErrorAlertProps {
  /** What failed: the text itself (an api error's message read with `readApiError`). */
  children: ReactNode;
  /** Asks again; the alert then offers "Reintentar". */
  onRetry?: () => void;
}

/**
 * A failed load said once, in the place of what could not be shown, with "Reintentar" when the
 * page can ask again (issue #14: the same alert was written out in every page).
 */
export function ErrorAlert({ children, onRetry }: ErrorAlertProps) {
  const { t } = useUiTexts();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      {children}
    </Alert>
  );
}
