import { useState } from 'react';
import { ConfirmDialog } from '@gestion/ui';
import { useAdminTexts } from '../i18n/namespace';

/**
 * Unsaved-changes guard of a form dialog (issue #14: Esc discarded a half-edited role). The
 * dialog routes every way out (Esc, backdrop click, Cancel) through `requestClose`: with changes
 * it asks "¿Descartar los cambios?" first, without them it closes at once. Render `prompt`
 * beside the dialog; "Seguir editando" (also Esc on the question) returns to the form as it was.
 */
export function useDiscardGuard(dirty: boolean, onClose: () => void) {
  const { t } = useAdminTexts();
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (dirty) setAsking(true);
    else onClose();
  };
  const prompt = (
    <ConfirmDialog
      open={asking}
      title={t('unsaved.title')}
      message={t('unsaved.message')}
      confirmLabel={t('unsaved.discard')}
      cancelLabel={t('unsaved.keepEditing')}
      onClose={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { requestClose, prompt };
}
