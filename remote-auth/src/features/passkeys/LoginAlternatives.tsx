import { lazy, Suspense, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { useAuthTexts } from '../../i18n/namespace';

// The ceremony, the WebAuthn library and their texts: downloaded on the click, or on the focus
// of the e-mail field (autofill), never with /login's first visit (issue #16's 200 KiB budget).
const PasskeyLogin = lazy(() => import('./PasskeyLogin'));

/**
 * The other ways to sign in, under /login's form (issue #16): "Iniciar sesión con llave de
 * acceso", and the browser's autofill of passkeys, offered once a `webauthn` field (the e-mail)
 * gets focus. Part of LoginPage's chunk, and kept to a button: a chunk of its own cost 633 bytes
 * brotli of the first visit, twice the budget left. SSO buttons would go here too.
 */
export function LoginAlternatives() {
  const { t } = useAuthTexts();
  const [start, setStart] = useState<'click' | 'autofill'>();
  useEffect(() => {
    const onFocus = (event: FocusEvent) =>
      (event.target as Element).matches('[autocomplete$=webauthn]') &&
      setStart((s) => s ?? 'autofill');
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  const button = (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      loading={start === 'click'}
      onClick={() => setStart('click')}
    >
      {t('login.passkey')}
    </Button>
  );
  return start ? (
    <Suspense fallback={button}>
      <PasskeyLogin start={start} label={t('login.passkey')} />
    </Suspense>
  ) : (
    button
  );
}
