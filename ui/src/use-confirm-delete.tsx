import { useCallback, type ReactNode } from 'react';
import { useNotify } from '@gestion/shared/react';
import { readApiError } from './api-error';
import { useConfirmDialog } from './ConfirmDialog';
import { useUiTexts } from './i18n/namespace';

/** One delete for `useConfirmDelete().askDelete`. */
export interface DeleteRequest {
  /** The question ("¿Eliminar el evento?"). */
  title: string;
  /** What goes, by name ("Se eliminará «Congreso» junto con sus periodos"). */
  message: ReactNode;
  /** Sends the delete, e.g. `() => deleteEvento(id).unwrap()`; rejects with the api's error. */
  remove: () => Promise<unknown>;
  /** The success notice ("Evento «Congreso» eliminado"). */
  deleted: string;
}

/**
 * A row's delete, asked first (issue #14: each list page wrote this block): `askDelete` opens the
 * kit's red "Eliminar" confirmation; confirmed, it sends the delete while the dialog shows busy,
 * then notifies `deleted`, or the api's error in the reader's language (`readApiError`, the kit's
 * "could not be deleted" without one). Render `dialog` once in the page.
 */
export function useConfirmDelete(): {
  askDelete: (request: DeleteRequest) => void;
  dialog: ReactNode;
} {
  const { ask, dialog } = useConfirmDialog();
  const notify = useNotify();
  const { t } = useUiTexts();
  const askDelete = useCallback(
    ({ title, message, remove, deleted }: DeleteRequest) =>
      ask({
        title,
        message,
        confirmLabel: t('delete'),
        onConfirm: async () => {
          try {
            await remove();
            notify(deleted, { type: 'success' });
          } catch (err) {
            notify(readApiError(err, t('deleteFailed')).message, { type: 'error' });
          }
        },
      }),
    [ask, notify, t],
  );
  return { askDelete, dialog };
}
