import { useNotify } from '@gestion/shared/react';
import { CsvImportDialog } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useImportUsuariosMutation, type ImportRow } from '../api';

/**
 * The users' CSV import (issue 4) on the kit's `CsvImportDialog`: a file with the columns email,
 * nombre, roles → the dry-run report (`POST /api/usuarios/import?dryRun=1`, nothing written) →
 * apply (`POST /api/usuarios/import`, all rows or none; offered only with no rejected row).
 * After applying it closes, unless the answer carries one-time passwords (older apis), which
 * only this answer shows and must stay on screen to be handed over.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const [runImport] = useImportUsuariosMutation();
  return (
    <CsvImportDialog<ImportRow>
      title={t('import.title')}
      help={t('import.help')}
      run={(csv, dryRun) => runImport({ csv, dryRun }).unwrap()}
      rowLabel={{ header: t('fields.email'), value: (r) => r.email }}
      extraColumn={{ header: t('usuarios.otpTitle'), value: (r) => r.passwordTemporal }}
      appliedNote={t('import.appliedPasswords')}
      onApplied={(res) => {
        notify(
          t('import.applied', {
            creados: res.resumen.creados,
            actualizados: res.resumen.actualizados,
          }),
          { type: 'success' },
        );
        if (!res.filas.some((r) => r.passwordTemporal)) onClose();
      }}
      onClose={onClose}
    />
  );
}
