import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MFA_LIMITS, paths } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { readApiError } from '@gestion/ui';
import { PageLoading } from '../../components/PageLoading';
import { useMfaTexts } from '../../i18n/mfa-namespace';
import { LifecycleCard } from '../ciclo-cuenta/components/LifecycleParts';
import { isMfaLocked, isWrongCode } from '../mfa/errors';
import { useLoginMfaMutation } from './api';
import { useSecondStep } from './second-step';
import { StepEnded, type StepEndReason } from './StepEnded';

// passkey-ui's button: its own chunk, loaded only when the user has a passkey.
const PasskeySecondStep = lazy(() => import('./PasskeySecondStep'));

type Mode = 'totp' | 'recuperacion';

/**
 * /login/dos-pasos (issue #16): the second step of a sign-in for a user with a factor. The shell
 * sends the sign-in here when the password was right and the api answered `{mfa: {token,
 * metodos}}` (history state, see second-step.ts). One field: the authenticator's six digits
 * (`autocomplete="one-time-code"`), or, after "Usar un código de recuperación", a recovery code.
 * Success continues exactly as a password sign-in (the shell's startSession: 'Bienvenido de
 * nuevo', then `redirect` or `/`). A wrong code says so under the field; five wrong codes or
 * five minutes spend the token and a locked factor (429 MFA_BLOQUEADO) ends the step — both
 * lead back to /login.
 */
export default function DosPasosPage() {
  const { t, ready } = useMfaTexts();
  const { startSession } = useAuth();
  const { step, expired } = useSecondStep();
  const [verify, { isLoading }] = useLoginMfaMutation();
  const [mode, setMode] = useState<Mode>('totp');
  const [wrong, setWrong] = useState(0);
  const [ended, setEnded] = useState<StepEndReason | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<{ codigo: string }>({ defaultValues: { codigo: '' } });

  if (!ready) return <PageLoading />;
  const heading = t('mfa.signin.heading');
  if (!step) return <StepEnded heading={heading} reason="missing" />;
  if (step.configurar) {
    return <Navigate to="/login/configurar-dos-pasos" replace state={{ ...step }} />;
  }
  const reason = ended ?? (expired ? 'expired' : null);
  if (reason) return <StepEnded heading={heading} reason={reason} />;

  const recovery = mode === 'recuperacion';
  const onSubmit = async ({ codigo }: { codigo: string }) => {
    setFailure(null);
    try {
      startSession(await verify({ token: step.token, codigo }).unwrap(), step.redirect);
    } catch (error) {
      if (isMfaLocked(error)) setEnded('locked');
      else if (isWrongCode(error)) {
        // The api answers a spent or expired token as it answers a wrong code: count.
        if (wrong + 1 >= MFA_LIMITS.challengeTries || Date.now() >= step.expira) setEnded('expired');
        setWrong(wrong + 1);
        setError(
          'codigo',
          { message: t(recovery ? 'mfa.signin.wrongRecovery' : 'mfa.signin.wrong') },
          { shouldFocus: true },
        );
      } else setFailure(readApiError(error, t('mfa.signin.error')).message);
    }
  };
  const switchMode = () => {
    setMode(recovery ? 'totp' : 'recuperacion');
    setValue('codigo', '');
    clearErrors();
    setFailure(null);
    // After the field re-renders with its new label.
    setTimeout(() => setFocus('codigo'), 0);
  };

  const { ref: codigoRef, ...codigo } = register('codigo', {
    setValueAs: (value: string) => value.trim().replace(/\s/g, ''),
    required: t('mfa.signin.codeRequired'),
    pattern: recovery ? undefined : { value: /^\d{6}$/, message: t('mfa.signin.codeFormat') },
  });
  return (
    <LifecycleCard
      heading={heading}
      intro={t(recovery ? 'mfa.signin.introRecovery' : 'mfa.signin.intro')}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box
        component="form"
        noValidate
        aria-label={heading}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <TextField
            {...codigo}
            key={mode}
            inputRef={codigoRef}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            label={t(recovery ? 'mfa.signin.recoveryCode' : 'mfa.signin.code')}
            required
            fullWidth
            autoFocus
            error={Boolean(errors.codigo)}
            helperText={errors.codigo?.message}
            slotProps={{
              htmlInput: recovery
                ? { maxLength: 40, autoCapitalize: 'none', spellCheck: false }
                : // A phone shows digits; `maxLength` leaves room for a pasted "123 456".
                  { inputMode: 'numeric', maxLength: 20 },
            }}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            {t('mfa.signin.submit')}
          </Button>
        </Stack>
      </Box>
      {step.metodos.includes('recuperacion') && (
        <Typography variant="body2" align="center">
          <Link component="button" type="button" onClick={switchMode}>
            {t(recovery ? 'mfa.signin.useApp' : 'mfa.signin.useRecovery')}
          </Link>
        </Typography>
      )}
      {/* passkey-ui mounts its passkey button here (PasskeySecondStep.tsx). */}
      {step.metodos.includes('passkey') && (
        <Suspense fallback={null}>
          <PasskeySecondStep token={step.token} redirect={step.redirect} />
        </Suspense>
      )}
      <Typography variant="body2" align="center">
        <Link component={RouterLink} to={paths.login()}>
          {t('mfa.signin.backToLogin')}
        </Link>
      </Typography>
    </LifecycleCard>
  );
}
