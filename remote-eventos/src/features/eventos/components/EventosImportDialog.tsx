import type { EventoImportRow } from '@gestion/shared';
import { CsvImportDialog } from '@gestion/ui';
import { useEventosTexts } from '../../../i18n/namespace';
import { useImportEventosMutation } from '../api';

/**
 * The events' CSV import (issue 5, `POST /api/eventos/import`) on the kit's `CsvImportDialog`:
 * the dry run (`?dryRun=1`) reports each row as "Se creará" or rejected with the api's reasons;
 * apply creates every row or none, and the result stays on screen until closed (the list
 * refreshes behind it through the mutation's `Evento/LIST` tag).
 */
export function EventosImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useEventosTexts();
  const [runImport] = useImportEventosMutation();
  return (
    <CsvImportDialog<EventoImportRow>
      title={t('eventos.importTitle')}
      help={t('eventos.importHelp')}
      run={(csv, dryRun) => runImport({ csv, dryRun }).unwrap()}
      rowLabel={{ header: t('fields.nombre'), value: (r) => r.nombre }}
      onClose={onClose}
    />
  );
}
