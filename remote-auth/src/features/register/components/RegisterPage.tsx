import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  paths,
  type RegisterRequest,
} from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { AuthCard } from '../../../components/AuthCard';
import { PageLoading } from '../../../components/PageLoading';
import { AuthTextField } from '../../../components/AuthTextField';
import { PasswordField } from '../../../components/PasswordField';
import { preloadAuthTexts, useAuthTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import AuthErrorAlert from '../../login/components/AuthErrorAlert';

// The texts download with this chunk, not after the first render (i18n/namespace.ts).
preloadAuthTexts();

// Issue #15: only shown when the e-mail must be verified first, so it loads only then.
const RegistroPendiente = lazy(() => import('../../ciclo-cuenta/components/RegistroPendiente'));

/**
 * SPEC §8: the server's message when present, else 'Error al crear la cuenta'. The store's own
 * default ('Error al registrarse') means "no server message", so the UI default replaces it.
 */
function failureMessage(error: string | null): string {
  return error && error !== MESSAGES.registerError ? error : MESSAGES.registerFailedUi;
}

/**
 * /register (guard `guest`). The shell's `register` does the call, the 'Cuenta creada
 * correctamente' toast and the move to /login; this page owns the form and the failure message,
 * and, while `verificacionEmail` is on (issue #15), the "check your e-mail" state that replaces
 * the form.
 */
export default function RegisterPage() {
  const { t, ready } = useAuthTexts();
  const { error, register: registerAccount } = useAuth();
  const rules = useFieldRules();
  const [failed, setFailed] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterRequest>({ defaultValues: { nombre: '', email: '', password: '' } });

  if (!ready) return <PageLoading />;
  if (pendingEmail !== null) {
    return (
      <Suspense fallback={<PageLoading />}>
        <RegistroPendiente email={pendingEmail} />
      </Suspense>
    );
  }

  const onSubmit = async ({ nombre, email, password }: RegisterRequest) => {
    setFailed(false);
    const result = await registerAccount({ email, password, nombre });
    if (!result) setFailed(true);
    else if (result === 'pendiente') setPendingEmail(email);
  };

  const { ref: nombreRef, ...nombreField } = register('nombre', rules.nombre);
  const { ref: emailRef, ...emailField } = register('email', rules.email);
  const { ref: passwordRef, ...passwordField } = register('password', rules.newPassword);

  return (
    <AuthCard heading={t('register.heading')} intro={t('register.intro')}>
      {failed && <AuthErrorAlert message={failureMessage(error)} />}
      <Box
        component="form"
        noValidate
        aria-label={t('register.heading')}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <AuthTextField
            {...nombreField}
            inputRef={nombreRef}
            autoComplete="name"
            label={t('fields.nombre')}
            required
            error={errors.nombre?.message}
          />
          <AuthTextField
            {...emailField}
            inputRef={emailRef}
            type="email"
            autoComplete="email"
            label={t('fields.email')}
            required
            error={errors.email?.message}
          />
          <PasswordField
            {...passwordField}
            inputRef={passwordRef}
            autoComplete="new-password"
            label={t('fields.password')}
            error={errors.password?.message}
            helperText={t('register.passwordHint', {
              min: PASSWORD_MIN_LENGTH,
              max: PASSWORD_MAX_LENGTH,
            })}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            {t('register.submit')}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" align="center">
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.login()}>
          {t('register.backToLogin')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
