import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog, useServerForm } from '@gestion/ui';
import { PasswordField } from '../../../components/PasswordField';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { usePasskeyTexts } from '../../passkeys/texts';
import {
  useGetMfaEstadoQuery,
  useReauthenticateMutation,
  useStepUpPasskeyOptionsMutation,
} from '../api';

type Mode = 'password' | 'codigo' | 'passkey';

interface StepUpForm {
  password: string;
  codigo: string;
}

/**
 * "Confirme que es usted" (issue #16, step-up): the password, or a code of the authenticator
 * app or a recovery code ("Usar un código"), sent to `POST /api/auth/reautenticar` (exactly one
 * of `{password}`, `{codigo}`), or — for an account with passkeys — "Usar una llave de acceso",
 * whose signed answer goes as `{respuesta}`. `onDone(true)` once the api took it — the refused call is sent
 * again — or `onDone(false)` on Cancelar/Esc. A wrong entry shows under its field.
 */
export default function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useAdminTexts();
  const rules = useFieldRules();
  const passkeyTexts = usePasskeyTexts();
  const [reauthenticate] = useReauthenticateMutation();
  const [passkeyOptions] = useStepUpPasskeyOptionsMutation();
  // The account's factors say whether a passkey can confirm (Mi cuenta has them cached).
  const { data: estado } = useGetMfaEstadoQuery();
  const hasPasskey = estado?.metodos.includes('passkey') ?? false;
  const [mode, setMode] = useState<Mode>('password');
  const server = useServerForm<StepUpForm>({
    defaultValues: { password: '', codigo: '' },
    fields: ['password', 'codigo'],
    saveFailed: t('seguridad.stepUpError'),
    submit: async ({ password, codigo }) => {
      if (mode === 'passkey') {
        const { confirmWithPasskey } = await import('../../passkeys/register-passkey');
        const options = await passkeyOptions().unwrap();
        const respuesta = await confirmWithPasskey(options, passkeyTexts.t);
        await reauthenticate({ respuesta }).unwrap();
      } else {
        await reauthenticate(
          mode === 'password' ? { password } : { codigo: codigo.replace(/\s/g, '') },
        ).unwrap();
      }
      onDone(true);
    },
  });
  const { register, formState, clearErrors } = server.form;
  // Only the field on screen is registered: a registered hidden one would fail `required`.
  const field = (name: keyof StepUpForm) => {
    const rule =
      name === 'password' ? rules.currentPassword : { required: t('seguridad.codeRequired') };
    const { ref, ...rest } = register(name, { ...rule, shouldUnregister: true });
    return { ...rest, inputRef: ref };
  };
  const switchTo = (next: Mode) => () => {
    clearErrors();
    setMode(next);
  };
  const other: Mode = mode === 'password' ? 'codigo' : 'password';

  return (
    <FormDialog
      title={t('seguridad.stepUpTitle')}
      submitLabel={t('seguridad.stepUpConfirm')}
      server={server}
      onClose={() => onDone(false)}
      intro={<Typography>{t('seguridad.stepUpIntro')}</Typography>}
    >
      {mode === 'passkey' ? (
        <Typography>{t('seguridad.stepUpPasskeyIntro')}</Typography>
      ) : mode === 'password' ? (
        <PasswordField
          {...field('password')}
          label={t('seguridad.password')}
          autoComplete="current-password"
          error={formState.errors.password?.message}
        />
      ) : (
        <TextField
          {...field('codigo')}
          label={t('seguridad.stepUpCode')}
          autoComplete="one-time-code"
          required
          autoFocus
          error={Boolean(formState.errors.codigo)}
          helperText={formState.errors.codigo?.message}
          slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
        />
      )}
      <Button onClick={switchTo(other)} sx={{ alignSelf: 'flex-start' }}>
        {other === 'codigo' ? t('seguridad.stepUpUseCode') : t('seguridad.stepUpUsePassword')}
      </Button>
      {hasPasskey && mode !== 'passkey' && passkeyTexts.ready && (
        <Button onClick={switchTo('passkey')} sx={{ alignSelf: 'flex-start' }}>
          {t('seguridad.stepUpUsePasskey')}
        </Button>
      )}
    </FormDialog>
  );
}
