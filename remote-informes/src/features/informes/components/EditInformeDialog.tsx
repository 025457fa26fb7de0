import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ERROR_CODES, type Informe } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { useInformesTexts } from '../../../i18n/namespace';
import { readError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/field-errors';
import { useUpdateInformeMutation } from '../api';
import { InformeTextFields, useInformeTextRules } from './InformeTextFields';

interface FormValues {
  nombre: string;
  descripcion: string;
}

const FIELDS = ['nombre', 'descripcion'] as const;

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
  const notify = useNotify();
  const titleId = useId();
  const [updateInforme] = useUpdateInformeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: { nombre: informe.nombre, descripcion: informe.descripcion },
  });
  const textRules = useInformeTextRules();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setConflict(false);
    try {
      await updateInforme({
        id: informe.id,
        patch: {
          nombre: values.nombre.trim(),
          descripcion: values.descripcion.trim(),
          version: informe.version,
        },
      }).unwrap();
      notify(t('informe.updated'), { type: 'success' });
      onClose();
    } catch (error) {
      const read = readError(error, t('common.saveFailed'));
      if (read.status === 409 && read.code === ERROR_CODES.versionConflict) {
        setConflict(true);
        return;
      }
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
        <DialogTitle id={titleId}>{t('informe.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {conflict && <Alert severity="warning">{t('informe.conflict')}</Alert>}
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
