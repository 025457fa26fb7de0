import DialogContentText from '@mui/material/DialogContentText';
import type { FiltroGuardado } from '@gestion/shared';
import { FormDialog, trimFields, useServerForm } from '@gestion/ui';
import { useInformesTexts } from '../../../i18n/namespace';
import {
  INFORME_TEXT_FIELDS,
  InformeTextFields,
  useInformeTextRules,
  type InformeTextValues,
} from '../../informes/components/InformeTextFields';
import { useCrearInforme } from '../../informes/use-crear-informe';

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
  const crear = useCrearInforme('guardar.saved', onClose);
  const server = useServerForm<InformeTextValues>({
    defaultValues: { nombre: '', descripcion: '' },
    fields: INFORME_TEXT_FIELDS,
    submit: (values) =>
      crear({
        ...trimFields(values, 'nombre', 'descripcion'),
        tipo: 'listado',
        filtros: filtro,
      }),
  });
  const {
    register,
    formState: { errors },
  } = server.form;
  const textRules = useInformeTextRules();

  return (
    <FormDialog
      title={t('guardar.title')}
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
