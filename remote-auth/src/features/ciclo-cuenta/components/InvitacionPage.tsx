import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { paths } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { decideFormError, readApiError } from '@gestion/ui';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useAcceptInvitationMutation } from '../api';
import {
  EMPTY_PASSWORD_FORM,
  InvalidLink,
  LifecycleCard,
  LinkButton,
  NewPasswordFields,
  isTokenInvalid,
  type PasswordForm,
} from './LifecycleParts';

/**
 * /invitacion?token=… (issue #15), the mailed invitation (72 h): the invited user chooses their
 * password; the api answers with a session (the e-mail is proven by the link), which the shell
 * takes as a sign-in ('Bienvenido de nuevo' and `/`) — or, when their roles require a second
 * factor (issue #16), with the enrolment step of /login/configurar-dos-pasos. A used, expired or
 * unknown invitation says so and who can send a new one (an administrator: there is no
 * self-service for it).
 */
export default function InvitacionPage() {
  const { t, ready } = useCicloTexts();
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [invalid, setInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordForm>({ defaultValues: EMPTY_PASSWORD_FORM });

  if (!ready) return <PageLoading />;

  if (invalid) {
    return (
      <LifecycleCard heading={t('ciclo.invitacion.heading')}>
        <InvalidLink
          title={t('ciclo.invitacion.invalid')}
          help={t('ciclo.invitacion.invalidHelp')}
          action={<LinkButton to={paths.login()}>{t('ciclo.goToLogin')}</LinkButton>}
        />
      </LifecycleCard>
    );
  }

  const onSubmit = async ({ password }: PasswordForm) => {
    setFailure(null);
    try {
      const result = await accept({ token, password }).unwrap();
      // Issue #16: invited into a role that requires a second factor — the password is set and
      // the enrolment step (the sign-in's, its token in the history state) opens the session.
      if ('mfa' in result)
        void navigate('/login/configurar-dos-pasos', { state: { ...result.mfa, redirect: null } });
      else startSession(result);
    } catch (error) {
      if (isTokenInvalid(error)) setInvalid(true);
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
    <LifecycleCard heading={t('ciclo.invitacion.heading')} intro={t('ciclo.invitacion.intro')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box
        component="form"
        noValidate
        aria-label={t('ciclo.invitacion.heading')}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            {t('ciclo.invitacion.submit')}
          </Button>
        </Stack>
      </Box>
    </LifecycleCard>
  );
}
