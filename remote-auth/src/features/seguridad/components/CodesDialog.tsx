import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useAdminTexts } from '../../../i18n/namespace';
import { RecoveryCodesPanel } from '../../mfa/RecoveryCodesPanel';

/**
 * A new set of recovery codes, shown once (after activation or "Generar nuevos códigos"): the
 * shared panel with copy and download. Esc and the backdrop do not close it — the codes would be
 * gone — only "Listo", once "He guardado los códigos" is ticked.
 */
export function CodesDialog({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useAdminTexts();
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('seguridad.codesTitle')}</DialogTitle>
      <DialogContent>
        <RecoveryCodesPanel codes={codes} onDone={onDone} doneLabel={t('seguridad.done')} />
      </DialogContent>
    </Dialog>
  );
}
