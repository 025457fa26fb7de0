import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SignedInResponse } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { PasskeyFailure, autofill, cancel, signIn } from './passkey-signin';

/** Props of `PasskeyLogin`. */
export interface PasskeyLoginProps {
  /** `click`: the button was clicked, run the ceremony now; `autofill`: offer the passkeys in the e-mail field's autofill. */
  start: 'click' | 'autofill';
  /** The button's text ("Iniciar sesión con llave de acceso"), from the sign-in bundle. */
  label: string;
}

/**
 * The passkey sign-in of /login (issue #16), loaded by LoginAlternatives on the first click of
 * its button or focus of the e-mail field, with the WebAuthn library: renders the same button,
 * now running the ceremony, and the failure above it. A session ends as a password sign-in
 * does: `startSession` ('Bienvenido de nuevo', then the validated `?redirect=` or `/`). The
 * autofill request is cancelled when the form goes away.
 */
export default function PasskeyLogin({ start, label }: PasskeyLoginProps) {
  const { startSession } = useAuth();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const done = useRef((session: SignedInResponse) => startSession(session, params.get('redirect')));
  done.current = (session) => startSession(session, params.get('redirect'));

  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      done.current(await signIn());
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  useEffect(() => {
    if (start === 'click') void run();
    else void autofill((session) => done.current(session), setFailure);
    return cancel;
  }, []); // once, on mount: `start` is how this component came to be loaded

  return (
    <Stack spacing={2}>
      {failure !== null && <PasskeyFailure error={failure} />}
      <Button variant="outlined" size="large" fullWidth loading={busy} onClick={() => void run()}>
        {label}
      </Button>
    </Stack>
  );
}
