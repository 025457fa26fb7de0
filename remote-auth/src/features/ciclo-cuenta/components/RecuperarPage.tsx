import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { LIFECYCLE_PAGES } from '@gestion/shared';
import type { ForgotPasswordRequest } from '@gestion/shared';
import { readApiError } from '@gestion/ui';
import { AuthTextField } from '../../../components/AuthTextField';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useForgotPasswordMutation } from '../api';
import { BackToLogin, LifecycleCard } from './LifecycleParts';

/**
 * /recuperar (issue #15), linked from /login as "¿Ha olvidado su contraseña?": asks for the
 * e-mail and says the same whatever the api knows of it (the api answers 202 for any address,
 * OWASP Forgot Password Cheat Sheet), so the page never tells who has an account.
 */
export default function RecuperarPage() {
  const { t, ready } = useCicloTexts();
  const rules = useFieldRules();
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordRequest>({ defaultValues: { email: '' } });

  if (!ready) return <PageLoading />;

  const onSubmit = async ({ email }: ForgotPasswordRequest) => {
    setFailure(null);
    try {
      await forgot({ email }).unwrap();
      setSentTo(email);
    } catch (error) {
      // Only a throttled or failed call gets here (429, network): never "unknown e-mail".
      setFailure(readApiError(error, t('ciclo.error')).message);
    }
  };

  if (sentTo !== null) {
    return (
      <LifecycleCard heading={t('ciclo.recuperar.sentHeading')}>
        <Alert severity="success">
          {t('ciclo.recuperar.sent', { email: sentTo, interpolation: { escapeValue: false } })}
        </Alert>
        <Button variant="outlined" fullWidth onClick={() => setSentTo(null)}>
          {t('ciclo.recuperar.again')}
        </Button>
        <BackToLogin />
      </LifecycleCard>
    );
  }

  const { ref: emailRef, ...emailField } = register('email', rules.email);
  return (
    <LifecycleCard heading={t('ciclo.recuperar.heading')} intro={t('ciclo.recuperar.intro')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box
        component="form"
        noValidate
        aria-label={t('ciclo.recuperar.heading')}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <AuthTextField
            {...emailField}
            inputRef={emailRef}
            type="email"
            autoComplete="email"
            label={t('fields.email')}
            required
            error={errors.email?.message}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            {t('ciclo.recuperar.submit')}
          </Button>
        </Stack>
      </Box>
      {/* Sign-in refused with 'Debe verificar su correo electrónico' lands the user on /login, whose
          first paint has no room for a resend form; its one link leads here, so this is the way on. */}
      <Typography variant="body2" align="center">
        <Link component={RouterLink} to={LIFECYCLE_PAGES.verificar}>
          {t('ciclo.recuperar.verification')}
        </Link>
      </Typography>
      <BackToLogin />
    </LifecycleCard>
  );
}
