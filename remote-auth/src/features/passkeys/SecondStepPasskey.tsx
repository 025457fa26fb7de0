import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '@gestion/shared/react';
import { usePasskeyTexts } from './texts';

// The ceremony and the WebAuthn library download on the click (issue #16: only where used).
const ceremony = () => import('./passkey-signin');
const PasskeyFailure = lazy(() => ceremony().then((m) => ({ default: m.PasskeyFailure })));

/** Props of `SecondStepPasskey`. */
export interface SecondStepPasskeyProps {
  /** The second-step token of `{mfa: {token, metodos}}` (POST /api/auth/login). */
  token: string;
}

/**
 * The passkey as the second step of a password sign-in (issue #16, when `metodos` includes
 * `passkey`): "Usar llave de acceso" runs the ceremony with the second-step token, so only a
 * passkey of the user who typed the password is accepted, and the session starts as after a
 * password sign-in ('Bienvenido de nuevo', then the validated `?redirect=` or `/`).
 */
export function SecondStepPasskey({ token }: SecondStepPasskeyProps) {
  const { t, ready } = usePasskeyTexts();
  const { startSession } = useAuth();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (!ready) return null;

  const onClick = async () => {
    setBusy(true);
    setFailure(null);
    try {
      startSession(await (await ceremony()).signIn(token), params.get('redirect'));
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('passkeys.secondStepIntro')}
      </Typography>
      {failure !== null && (
        <Suspense>
          <PasskeyFailure error={failure} />
        </Suspense>
      )}
      <Button variant="outlined" size="large" fullWidth loading={busy} onClick={() => void onClick()}>
        {t('passkeys.secondStep')}
      </Button>
    </Stack>
  );
}
