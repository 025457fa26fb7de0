import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { paths } from '@gestion/shared';
import { decideFormError, readApiError } from '@gestion/ui';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useResetPasswordMutation } from '../api';
import {
  BackToLogin,
  EMPTY_PASSWORD_FORM,
  InvalidLink,
  LifecycleCard,
  LinkButton,
  NewPasswordFields,
  isTokenInvalid,
  type PasswordForm,
} from './LifecycleParts';

/**
 * /restablecer?token=… (issue #15), the mailed reset link: a new password under the policy.
 * Success revokes every session and signs nobody in (the Forgot Password Cheat Sheet), so the
 * page sends the visitor to /login. A used, expired or unknown token (or none) says so and
 * links to /recuperar for a new one.
 */
export default function RestablecerPage() {
  const { t, ready } = useCicloTexts();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [estado, setEstado] = useState<'form' | 'hecho' | 'invalido'>(token ? 'form' : 'invalido');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordForm>({ defaultValues: EMPTY_PASSWORD_FORM });

  if (!ready) return <PageLoading />;

  if (estado === 'invalido') {
    return (
      <LifecycleCard heading={t('ciclo.restablecer.heading')}>
        <InvalidLink
          title={t('ciclo.restablecer.invalid')}
          help={t('ciclo.restablecer.invalidHelp')}
          action={<LinkButton to="/recuperar">{t('ciclo.restablecer.askAgain')}</LinkButton>}
        />
        <BackToLogin />
      </LifecycleCard>
    );
  }

  if (estado === 'hecho') {
    return (
      <LifecycleCard heading={t('ciclo.restablecer.doneHeading')}>
        <Alert severity="success">{t('ciclo.restablecer.done')}</Alert>
        <LinkButton to={paths.login()}>{t('ciclo.goToLogin')}</LinkButton>
      </LifecycleCard>
    );
  }

  const onSubmit = async ({ password }: PasswordForm) => {
    setFailure(null);
    try {
      await reset({ token, password }).unwrap();
      setEstado('hecho');
    } catch (error) {
      if (isTokenInvalid(error)) setEstado('invalido');
      else {
        // The kit's one decision: a detail on `password` under it, the rest above the form.
        const read = readApiError(error, t('ciclo.error'));
        const outcome = decideFormError(read, { fields: ['password'] });
        const placed = outcome.kind === 'fields' ? outcome.fieldErrors.get('password') : undefined;
        if (placed) form.setError('password', { message: placed });
        setFailure(outcome.kind === 'fields' ? (outcome.alert ?? null) : read.message);
      }
    }
  };

  return (
    <LifecycleCard heading={t('ciclo.restablecer.heading')} intro={t('ciclo.restablecer.intro')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box
        component="form"
        noValidate
        aria-label={t('ciclo.restablecer.heading')}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            {t('ciclo.restablecer.submit')}
          </Button>
        </Stack>
      </Box>
      <BackToLogin />
    </LifecycleCard>
  );
}
