import type { Informe } from '@gestion/shared';
import { FormDialog, trimFields, useNoticeAndClose, useServerForm } from '@gestion/ui';
import { useInformesTexts } from '../../../i18n/namespace';
import { useUpdateInformeMutation } from '../api';
import {
  INFORME_TEXT_FIELDS,
  InformeTextFields,
  useInformeTextRules,
  type InformeTextValues,
} from './InformeTextFields';

interface EditInformeDialogProps {
  /** The report as last fetched: after a 409 the refetch hands in the current version. */
  informe: Informe;
  onClose: () => void;
}

/**
 * Renames a report or changes its description (`PATCH /api/informes/:id` with the `version` it
 * was based on). A stale version (409 `VERSION_CONFLICT`) is explained and the user's input kept;
 * the page refetches the report, so saving again applies it over the current version.
 */
export function EditInformeDialog({ informe, onClose }: EditInformeDialogProps) {
  const { t } = useInformesTexts();
  const savedAndClose = useNoticeAndClose(onClose);
  const [updateInforme] = useUpdateInformeMutation();
  const server = useServerForm<InformeTextValues>({
    defaultValues: { nombre: informe.nombre, descripcion: informe.descripcion },
    fields: INFORME_TEXT_FIELDS,
    submit: async (values) => {
      await updateInforme({
        id: informe.id,
        patch: {
          ...trimFields(values, 'nombre', 'descripcion'),
          version: informe.version,
        },
      }).unwrap();
      savedAndClose(t('informe.updated'));
    },
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  const textRules = useInformeTextRules();

  return (
    <FormDialog
      title={t('informe.editTitle')}
      server={server}
      onClose={onClose}
      conflictMessage={t('informe.conflict')}
    >
      <InformeTextFields
        nombre={register('nombre', textRules.nombre)}
        descripcion={register('descripcion', textRules.descripcion)}
        errors={{ nombre: errors.nombre?.message, descripcion: errors.descripcion?.message }}
        autoFocus
      />
    </FormDialog>
  );
}
