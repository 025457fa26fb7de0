import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths, type LoginRequest } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { AuthCard } from '../../../components/AuthCard';
import { PageLoading } from '../../../components/PageLoading';
import { AuthTextField } from '../../../components/AuthTextField';
import { PasswordField } from '../../../components/PasswordField';
import { preloadAuthTexts, useAuthTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { LoginAlternatives } from '../../passkeys/LoginAlternatives';
import { SsoButtons } from '../../sso/SsoButtons';
import { SignedInPanel } from './SignedInPanel';

// The texts download with this chunk, not after the first render (i18n/namespace.ts).
preloadAuthTexts();

// The failure in the reader's language (issue #14), its own chunk: nothing more on first paint.
const AuthErrorAlert = lazy(() => import('./AuthErrorAlert'));

/**
 * /login (SPEC §2, §4, §8). The shell's `login` does the call, the welcome toast and the
 * navigation to `?redirect=` (validated by the shell) or `/`; this page owns the form and the
 * failure message. A visitor who is already signed in — the spec sends people here right after
 * registering — sees who is signed in instead of the form (DESIGN.md §4).
 */
export default function LoginPage() {
  const { t, ready } = useAuthTexts();
  const { user, isLoggedIn, isAuthenticated, loading, error, login } = useAuth();
  const [searchParams] = useSearchParams();
  const rules = useFieldRules();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ defaultValues: { email: '', password: '' } });

  if (!ready) return <PageLoading />;
  if (isLoggedIn && user)
    return <SignedInPanel user={user} redirect={searchParams.get('redirect')} />;
  // A stored token is being checked with /api/auth/me: the form would flash and then vanish.
  if (isAuthenticated && loading && !isSubmitting)
    return <PageLoading label={t('login.checking')} />;

  const onSubmit = async (body: LoginRequest) => {
    setFailed(false);
    const ok = await login(body, searchParams.get('redirect'));
    if (!ok) setFailed(true);
  };

  const { ref: emailRef, ...emailField } = register('email', rules.email);
  const { ref: passwordRef, ...passwordField } = register('password', rules.currentPassword);

  return (
    <AuthCard heading={t('login.heading')} intro={t('login.intro')}>
      {/* SPEC §8: the server's message when there is one, else the UI default. */}
      {failed && (
        <Suspense>
          <AuthErrorAlert message={error} />
        </Suspense>
      )}
      <Box
        component="form"
        noValidate
        aria-label={t('login.heading')}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <AuthTextField
            {...emailField}
            inputRef={emailRef}
            type="email"
            // `webauthn`: the browser offers passkeys in this field's autofill (issue #16).
            autoComplete="username webauthn"
            label={t('fields.email')}
            required
            error={errors.email?.message}
          />
          <PasswordField
            {...passwordField}
            inputRef={passwordRef}
            autoComplete="current-password"
            label={t('fields.password')}
            error={errors.password?.message}
          />
          {/* Issue #15: /recuperar, a lazy page of its own; here only the link. */}
          <Link
            component={RouterLink}
            to="/recuperar"
            variant="body2"
            sx={{ alignSelf: 'flex-end' }}
          >
            {t('login.forgot')}
          </Link>
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Box>
      {/* Issue #16: a passkey (the ceremony loads on the click or the e-mail field's focus). */}
      <LoginAlternatives />
      {/* Issue #18: "Continuar con <nombre>" per single sign-on provider. */}
      <SsoButtons />
      <Typography variant="body2" align="center">
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={paths.register()}>
          {t('login.createAccount')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
