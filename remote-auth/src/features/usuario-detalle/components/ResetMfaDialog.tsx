import Typography from '@mui/material/Typography';
import type { UsuarioDetalle } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { FormDialog, LongTextField, useServerForm } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useResetUsuarioMfaMutation } from '../../seguridad/api';

const MOTIVO_MAX = 500;

/**
 * "Restablecer verificación en dos pasos" of a user who lost their factor (issue #16,
 * `POST /api/usuarios/:id/mfa/reset {motivo}` → 204): the dialog is the confirmation — what
 * happens (factors and recovery codes gone, every session closed, a mail with the reason) and the
 * required reason. Step-up, when the api asks for it, is the kit's form's (the page's dialog).
 */
export function ResetMfaDialog({
  usuario,
  onClose,
}: {
  usuario: Pick<UsuarioDetalle, 'id' | 'nombre'>;
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const [reset] = useResetUsuarioMfaMutation();
  const server = useServerForm<{ motivo: string }>({
    defaultValues: { motivo: '' },
    fields: ['motivo'],
    saveFailed: t('seguridad.resetError'),
    submit: async ({ motivo }) => {
      await reset({ id: usuario.id, motivo: motivo.trim() }).unwrap();
      notify(t('seguridad.resetDone', { nombre: usuario.nombre }), { type: 'success' });
      onClose();
    },
  });
  const { errors } = server.form.formState;
  return (
    <FormDialog
      title={t('seguridad.resetTitle', { nombre: usuario.nombre })}
      submitLabel={t('seguridad.resetConfirm')}
      server={server}
      onClose={onClose}
      intro={<Typography>{t('seguridad.resetIntro')}</Typography>}
    >
      <LongTextField
        {...server.form.register('motivo', {
          required: t('seguridad.motivoRequired'),
          pattern: { value: /\S/, message: t('seguridad.motivoRequired') },
        })}
        label={t('seguridad.motivo')}
        required
        error={errors.motivo?.message}
        slotProps={{ htmlInput: { maxLength: MOTIVO_MAX } }}
      />
    </FormDialog>
  );
}
