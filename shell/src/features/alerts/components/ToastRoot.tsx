/**
 * notistack's provider, loaded by ToastsProvider the first time a toast is shown: its own chunk,
 * with notistack and the toast component, so the first paint of the shell does without them.
 */
import { useEffect } from 'react';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { TOASTS } from '@gestion/shared';
import { DraggableSnackbar } from './DraggableSnackbar';

/** notistack's functions as ToastsProvider hands them out. */
export interface Toaster {
  enqueueSnackbar: typeof enqueueSnackbar;
  closeSnackbar: typeof closeSnackbar;
}

// Called through, not copied: notistack sets these when its provider is constructed.
const toaster: Toaster = {
  enqueueSnackbar: ((...args: Parameters<typeof enqueueSnackbar>) =>
    enqueueSnackbar(...args)) as typeof enqueueSnackbar,
  closeSnackbar: (key) => closeSnackbar(key),
};

const toastComponents = {
  default: DraggableSnackbar,
  success: DraggableSnackbar,
  error: DraggableSnackbar,
  warning: DraggableSnackbar,
  info: DraggableSnackbar,
};

export default function ToastRoot({ onReady }: { onReady: (toaster: Toaster) => void }) {
  // After the provider's first commit, so its functions are in place.
  useEffect(() => onReady(toaster), [onReady]);
  return (
    <SnackbarProvider
      anchorOrigin={TOASTS.anchor}
      autoHideDuration={TOASTS.autoHideMs}
      maxSnack={TOASTS.maxSnack}
      Components={toastComponents}
    />
  );
}
