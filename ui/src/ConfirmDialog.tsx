import { useCallback, useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useUiTexts } from './i18n/namespace';

/** Props of `ConfirmDialog`. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** The confirm button's text: the action itself ('Eliminar'), never just 'Aceptar'. */
  confirmLabel: string;
  /** The way back's text; 'Cancelar' unless the question needs another ('Seguir editando'). */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Cancel, Esc and a backdrop click (none of them while `busy`). */
  onClose: () => void;
  /** The action is running: both buttons are disabled (it cannot run twice) and confirm spins. */
  busy?: boolean;
  /** Red confirm button for actions that destroy or lock out (the default). */
  destructive?: boolean;
  /** Extra controls (e.g. a replacement role) between the message and the buttons. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/**
 * Asks before a destructive action (issue 4: "confirmation before every destructive action").
 * Cancel has the initial focus, so Enter on an accidental open does nothing harmful; Esc and the
 * backdrop cancel, except while the action runs.
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
  const { t } = useUiTexts();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel ?? t('cancel')}
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

/** One question for `useConfirmDialog().ask`. */
export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /**
   * The action. The dialog stays open and busy until it settles, then closes — unless it
   * resolves `false` (keep asking, e.g. the answer needs one more choice). It reports its own
   * failures (a toast); a rejection only closes the dialog.
   */
  onConfirm: () => unknown;
  /** Called once the question is over, answered or cancelled (a page's "nothing pending"). */
  onClose?: () => void;
}

/**
 * A confirmation as one call instead of "which row is being deleted" state in every page:
 * `confirm.ask({title, message, confirmLabel, onConfirm})` opens the dialog, which shows itself
 * busy while `onConfirm` runs and closes after it; render `confirm.dialog` once in the page.
 */
export function useConfirmDialog(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  // The last request stays rendered while the dialog's exit transition plays.
  const [shown, setShown] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = useCallback((next: ConfirmRequest) => {
    setRequest(next);
    setShown(next);
  }, []);

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    let keepOpen = false;
    try {
      keepOpen = (await request.onConfirm()) === false;
    } catch {
      // onConfirm reports its own failures; the question is over either way.
    } finally {
      setBusy(false);
    }
    if (!keepOpen) close();
  };

  const close = () => {
    request?.onClose?.();
    setRequest(null);
  };

  const dialog = shown ? (
    <ConfirmDialog
      open={request !== null}
      title={shown.title}
      message={shown.message}
      confirmLabel={shown.confirmLabel}
      cancelLabel={shown.cancelLabel}
      destructive={shown.destructive}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={close}
    />
  ) : null;
  return { ask, dialog };
}
