import DialogContentText from '@mui/material/DialogContentText';
import { paths, type FiltroGuardado } from '@gestion/shared';
import { useNavigateTo, useNotify } from '@gestion/shared/react';
import { FormDialog, useServerForm } from '@gestion/ui';
import { useInformesTexts } from '../../../i18n/namespace';
import { useCreateInformeMutation } from '../../informes/api';
import {
  InformeTextFields,
  useInformeTextRules,
} from '../../informes/components/InformeTextFields';

interface FormValues {
  nombre: string;
  descripcion: string;
}

const FIELDS = ['nombre', 'descripcion'] as const;

interface GuardarInformeDialogProps {
  /** The applied filter (what the grid shows), saved as the report's `filtros`. */
  filtro: FiltroGuardado;
  onClose: () => void;
}

/**
 * "Guardar como informe" (issue #6): names the applied filter and saves it as a `listado`
 * report, then opens it. The server's field `details` land on their fields, anything else (a
 * filter the api refuses) in the dialog.
 */
export function GuardarInformeDialog({ filtro, onClose }: GuardarInformeDialogProps) {
  const { t } = useInformesTexts();
  const notify = useNotify();
  const navigateTo = useNavigateTo();
  const [createInforme] = useCreateInformeMutation();
  const server = useServerForm<FormValues>({
    defaultValues: { nombre: '', descripcion: '' },
    fields: FIELDS,
    saveFailed: t('common.saveFailed'),
    submit: async (values) => {
      const informe = await createInforme({
        nombre: values.nombre.trim(),
        descripcion: values.descripcion.trim(),
        tipo: 'listado',
        filtros: filtro,
      }).unwrap();
      notify(
        t('guardar.saved', { nombre: informe.nombre, interpolation: { escapeValue: false } }),
        { type: 'success' },
      );
      onClose();
      navigateTo(paths.informe(informe.id));
    },
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  const textRules = useInformeTextRules();

  return (
    <FormDialog
      title={t('guardar.title')}
      submitLabel={t('common.save')}
      server={server}
      onClose={onClose}
      intro={
        <DialogContentText>
          {t('guardar.resumen', {
            entidad: t(`entidades.${filtro.entidad}`),
            count: filtro.filtros.length,
          })}
        </DialogContentText>
      }
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
