import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES, paths } from '@gestion/shared';
import { useAuth, useNavigateTo, useNotify, userUpdated } from '@gestion/shared/react';
import { decideFormError, readApiError } from '@gestion/ui';
import { PageLoading } from '../../../components/PageLoading';
import { PasswordField } from '../../../components/PasswordField';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useChangePasswordMutation } from '../../cuenta/api';
import {
  EMPTY_PASSWORD_FORM,
  LifecycleCard,
  NewPasswordFields,
  type PasswordForm,
} from './LifecycleParts';

/**
 * /cambiar-password (guard `auth`, issue #15): a user whose password an administrator set or
 * generated (`debeCambiarPassword`) is kept here by the shell until they choose their own
 * (OWASP ASVS 6.4.6). Asks for the current one as every password change does (ASVS 6.2.3). Once
 * changed, the sign-in continues as SPEC §4 says: 'Bienvenido de nuevo' and `/`. "Cerrar
 * sesión" is the only other way out.
 */
export default function CambiarPasswordPage() {
  const { t, ready } = useCicloTexts();
  const { user, logout } = useAuth();
  const dispatch = useDispatch();
  const notify = useNotify();
  const navigateTo = useNavigateTo();
  const rules = useFieldRules();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordForm>({ defaultValues: EMPTY_PASSWORD_FORM });

  if (!ready) return <PageLoading />;

  const onSubmit = async ({ actual, password }: PasswordForm) => {
    setFailure(null);
    try {
      await changePassword({ actual, nueva: password }).unwrap();
      if (user) dispatch(userUpdated({ ...user, debeCambiarPassword: false }));
      notify(MESSAGES.loginSuccess, { type: 'success' });
      navigateTo(paths.home(), { replace: true });
    } catch (error) {
      // The kit's one decision; the api names the fields `actual` and `nueva`, and this form's
      // new password is `password`.
      const read = readApiError(error, t('ciclo.error'));
      const outcome = decideFormError(read, { fields: ['actual', 'nueva'] });
      if (outcome.kind !== 'fields') setFailure(read.message);
      else {
        for (const [field, message] of outcome.fieldErrors)
          form.setError(field === 'actual' ? 'actual' : 'password', { message });
        setFailure(outcome.alert ?? null);
      }
    }
  };

  const { ref: actualRef, ...actual } = form.register('actual', rules.currentPassword);
  return (
    <LifecycleCard
      heading={t('ciclo.cambiarPassword.heading')}
      intro={t('ciclo.cambiarPassword.intro')}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box
        component="form"
        noValidate
        aria-label={t('ciclo.cambiarPassword.heading')}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          {/* For password managers: the account these passwords belong to. */}
          <input type="hidden" name="username" autoComplete="username" value={user?.email ?? ''} />
          <PasswordField
            {...actual}
            inputRef={actualRef}
            autoComplete="current-password"
            label={t('ciclo.cambiarPassword.current')}
            error={form.formState.errors.actual?.message}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            {t('ciclo.cambiarPassword.submit')}
          </Button>
        </Stack>
      </Box>
      <Button variant="text" onClick={() => void logout()}>
        {t('ciclo.cambiarPassword.logout')}
      </Button>
    </LifecycleCard>
  );
}
