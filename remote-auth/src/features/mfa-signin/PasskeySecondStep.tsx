import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '@gestion/shared/react';
import { usePasskeyTexts } from '../passkeys/texts';

// The ceremony and the WebAuthn library download on the click (issue #16: only where used).
const ceremony = () => import('../passkeys/passkey-signin');
const PasskeyFailure = lazy(() => ceremony().then((m) => ({ default: m.PasskeyFailure })));

/** Props of `PasskeySecondStep`. */
export interface PasskeySecondStepProps {
  /** The second-step token of `{mfa: {token, metodos}}`. */
  token: string;
  /** Where the sign-in was going; handed to `startSession`. */
  redirect: string | null;
}

/**
 * The passkey as the second step of a password sign-in (issue #16), rendered by the code step
 * (DosPasosPage) when `metodos` include 'passkey': "Usar llave de acceso" runs the ceremony with
 * the second-step token, so only a passkey of the user who typed the password is accepted, and
 * the session starts as after a password sign-in ('Bienvenido de nuevo', then `redirect` when
 * safe, else `/`). A refusal (a spent token, a locked second factor, the prompt closed) shows
 * above the button in the reader's language.
 */
export function PasskeySecondStep({ token, redirect }: PasskeySecondStepProps) {
  const { t, ready } = usePasskeyTexts();
  const { startSession } = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (!ready) return null;

  const onClick = async () => {
    setBusy(true);
    setFailure(null);
    try {
      startSession(await (await ceremony()).signIn(token), redirect);
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
      <Button
        variant="outlined"
        size="large"
        fullWidth
        loading={busy}
        onClick={() => void onClick()}
      >
        {t('passkeys.secondStep')}
      </Button>
    </Stack>
  );
}

export default PasskeySecondStep;
