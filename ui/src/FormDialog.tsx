import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FieldValues } from 'react-hook-form';
import { useUiTexts } from './i18n/namespace';
import type { ServerForm } from './use-server-form';

/** Props of `FormDialog`. */
export interface FormDialogProps<F extends FieldValues> {
  title: string;
  /**
   * The submit button's text ('Enviar', 'Continuar'); by default the kit's "Crear" / "Create"
   * when `create` is set, else its "Guardar" / "Save".
   */
  submitLabel?: string;
  /** The dialog creates a record (the kit's "Crear" on submit) rather than editing one. */
  create?: boolean;
  /** What `useServerForm` returned for this dialog. */
  server: ServerForm<F>;
  /** Cancel, Esc and a backdrop click (none of them while saving). */
  onClose: () => void;
  /** The warning after a version conflict; the kit's general one by default. */
  conflictMessage?: string;
  /** A control in the conflict warning (e.g. "Recargar" the other person's version). */
  conflictAction?: ReactNode;
  /** Keeps submit disabled (e.g. until a conflict is resolved by reloading). */
  submitDisabled?: boolean;
  /** Text above the alerts (what is being saved). */
  intro?: ReactNode;
  /** The fields. */
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
}

/**
 * A dialog around one react-hook-form form: title, the conflict warning and the form's alert
 * (both from `useServerForm`), the fields, and Cancel / submit — submit spins and nothing closes
 * while it saves; Enter in a field submits.
 */
export function FormDialog<F extends FieldValues>({
  title,
  submitLabel,
  create = false,
  server,
  onClose,
  conflictMessage,
  conflictAction,
  submitDisabled = false,
  intro,
  children,
  maxWidth = 'sm',
}: FormDialogProps<F>) {
  const { t } = useUiTexts();
  const titleId = useId();
  const { submitting } = server;
  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
    >
      <form noValidate onSubmit={server.onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro}
            {server.conflict && (
              <Alert severity="warning" action={conflictAction}>
                {conflictMessage ?? t('conflict')}
              </Alert>
            )}
            {server.alert && <Alert severity="error">{server.alert}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={submitting} disabled={submitDisabled}>
            {submitLabel ?? (create ? t('create') : t('save'))}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
