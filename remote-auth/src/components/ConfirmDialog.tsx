import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAuthTexts } from '../i18n/namespace';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** The confirm button's text: the action itself ('Eliminar'), never just 'Aceptar'. */
  confirmLabel: string;
  /** The way back's text; 'Cancelar' unless the question needs another ('Seguir editando'). */
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The action is running: the buttons are disabled and the confirm shows progress. */
  busy?: boolean;
  /** Red confirm button for actions that destroy or lock out. */
  destructive?: boolean;
  /** Extra controls (e.g. a replacement role) between the message and the buttons. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/**
 * Asks before a destructive action (issue 4: "confirmation before every destructive action").
 * Cancel has the initial focus, so Enter on an accidental open does nothing harmful.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  busy = false,
  destructive = true,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useAuthTexts();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-message" component="div">
          {message}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
