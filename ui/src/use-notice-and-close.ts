import { useCallback } from 'react';
import { useNotify } from '@gestion/shared/react';

/**
 * What a create or edit dialog does once its save succeeded (issue #14: each of eventos' and
 * informes' dialogs wrote it): the shell's success toast saying `notice`, then `onClose`.
 * @returns `(notice) => void`, stable while `onClose` is.
 */
export function useNoticeAndClose(onClose: () => void): (notice: string) => void {
  const notify = useNotify();
  return useCallback(
    (notice: string) => {
      notify(notice, { type: 'success' });
      onClose();
    },
    [notify, onClose],
  );
}
