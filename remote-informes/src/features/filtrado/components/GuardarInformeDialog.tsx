import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { paths, type FiltroGuardado } from '@gestion/shared';
import { useNavigateTo, useNotify } from '@gestion/shared/react';
import { useInformesTexts } from '../../../i18n/namespace';
import { readError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/field-errors';
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
  const titleId = useId();
  const [createInforme] = useCreateInformeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: { nombre: '', descripcion: '' } });
  const textRules = useInformeTextRules();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const informe = await createInforme({
        nombre: values.nombre.trim(),
        descripcion: values.descripcion.trim(),
        tipo: 'listado',
        filtros: filtro,
      }).unwrap();
      notify(
        t('guardar.saved', { nombre: informe.nombre, interpolation: { escapeValue: false } }),
        {
          type: 'success',
        },
      );
      onClose();
      navigateTo(paths.informe(informe.id));
    } catch (error) {
      const read = readError(error, t('common.saveFailed'));
      const rest = applyFieldErrors(read.details, FIELDS, setError);
      if (rest.length > 0 || read.details.length === 0) {
        setFormError([read.message, ...rest].join(' '));
      }
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id={titleId}>{t('guardar.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {t('guardar.resumen', {
                entidad: t(`entidades.${filtro.entidad}`),
                count: filtro.filtros.length,
              })}
            </DialogContentText>
            {formError && <Alert severity="error">{formError}</Alert>}
            <InformeTextFields
              nombre={register('nombre', textRules.nombre)}
              descripcion={register('descripcion', textRules.descripcion)}
              errors={{ nombre: errors.nombre?.message, descripcion: errors.descripcion?.message }}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
