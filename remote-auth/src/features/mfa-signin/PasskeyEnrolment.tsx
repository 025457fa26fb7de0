import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readApiError, useApiErrorTexts } from '@gestion/ui';
import type { SignedInResponse } from '@gestion/shared';
import { usePasskeyTexts } from '../passkeys/texts';

/** Props of `PasskeyEnrolment`. */
export interface PasskeyEnrolmentProps {
  /** The enrolment token of `{mfa: {token, configurar: true}}`. */
  token: string;
  /** The session the registration started; the page goes on as after any sign-in. */
  onSession: (session: SignedInResponse) => void;
  /** 401 from the api: the token is spent or expired (the page then leads back to /login). */
  onExpired: () => void;
}

/**
 * The passkey instead of an authenticator app in the enrolment step of a sign-in (issue #16:
 * "or the passkey registration with the same bearer"): "Usar una llave de acceso" creates one in
 * the browser and registers it with the enrolment token, which starts the session. The
 * WebAuthn library downloads on the click (register-passkey.ts), not with the page.
 */
export function PasskeyEnrolment({ token, onSession, onExpired }: PasskeyEnrolmentProps) {
  const { t, ready } = usePasskeyTexts();
  const errors = useApiErrorTexts();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!ready || !errors.ready) return null;

  const onClick = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { enrolWithPasskey } = await import('../passkeys/register-passkey');
      onSession(await enrolWithPasskey(token, t('passkeys.enrolName'), t));
    } catch (error) {
      const failed = readApiError(error, t('passkeys.error'));
      if (failed.status === 401) onExpired();
      else setFailure(failed.message);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('passkeys.enrolIntro')}
      </Typography>
      {failure !== null && <Alert severity="error">{failure}</Alert>}
      <Button variant="outlined" size="large" fullWidth loading={busy} onClick={() => void onClick()}>
        {t('passkeys.enrol')}
      </Button>
    </Stack>
  );
}
