/**
 * The passkey sign-in ceremony (issue #16), loaded on the click of "Iniciar sesión con llave de
 * acceso", on the focus of /login's e-mail field (autofill), or with the second step: options from
 * the api, the browser's `navigator.credentials.get` through @simplewebauthn/browser, and the
 * signed answer back to the api, which grants the session (`{token, user}`).
 * `POST /api/auth/passkeys/authentication-options {token?}` → options;
 * `POST /api/auth/passkeys/authenticate {respuesta, token?}` → 200 `{token, user}`. `token` is the
 * second-step token of a password sign-in; without it the passkey alone signs in (a
 * user-verified passkey counts as both factors).
 */
import Alert from '@mui/material/Alert';
import {
  WebAuthnAbortService,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { getRuntimeConfig, requestJson, type SignedInResponse } from '@gestion/shared';
import { useApiErrorTexts } from '@gestion/ui';
import { isApiFailure, passkeyFailureText } from './passkey-errors';
import { usePasskeyTexts } from './texts';

const post = <T,>(path: string, body: unknown) =>
  requestJson<T>(getRuntimeConfig().apiBaseUrl, path, {
    method: 'POST',
    body,
    // Shown only when the api answers without a message; the page words it (PasskeyFailure).
    fallbackMessage: '',
  });

async function ceremony(token: string | undefined, autofill: boolean): Promise<SignedInResponse> {
  const optionsJSON = await post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkeys/authentication-options',
    token ? { token } : {},
  );
  const respuesta = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return post<SignedInResponse>(
    '/api/auth/passkeys/authenticate',
    token ? { respuesta, token } : { respuesta },
  );
}

/**
 * Signs in with a passkey the person picks in the browser's prompt.
 * @param token the second-step token of `{mfa: {token, metodos}}`, when the password came first.
 * @returns the session the api granted.
 * @throws the api's `ApiError`, or the browser's error (cancelled, no passkey, no WebAuthn).
 */
export function signIn(token?: string): Promise<SignedInResponse> {
  return ceremony(token, false);
}

/**
 * Offers the account's passkeys in the browser's autofill of the `autocomplete="… webauthn"`
 * field (conditional mediation), when the browser can. Resolves nothing: `onSession` gets the
 * session once a passkey is picked; `onFailure` only the api's refusal of it. The browser's own
 * endings (a click on the button or leaving the page aborts it) are silent.
 */
export async function autofill(
  onSession: (session: SignedInResponse) => void,
  onFailure: (error: unknown) => void,
): Promise<void> {
  try {
    if (!(await browserSupportsWebAuthnAutofill())) return;
    onSession(await ceremony(undefined, true));
  } catch (error) {
    if (isApiFailure(error)) onFailure(error);
  }
}

/** Ends a pending ceremony (the autofill request when the sign-in form goes away). */
export function cancel(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** Why the passkey sign-in failed, in the reader's language, as an error alert. */
export function PasskeyFailure({ error }: { error: unknown }) {
  const { t, ready } = usePasskeyTexts();
  const errors = useApiErrorTexts();
  if (!ready || !errors.ready) return null;
  return <Alert severity="error">{passkeyFailureText(error, t, 'passkeys.signInError')}</Alert>;
}
