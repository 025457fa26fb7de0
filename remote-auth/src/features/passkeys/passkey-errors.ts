/**
 * What a failed passkey ceremony says (issue #16). Three kinds of failure reach the pages: the
 * api's answer (an `ApiError` of `requestJson`, or RTK Query's `{status, data}`), translated by
 * its `code` through the kit's one error reader; the browser's WebAuthn refusal (the person
 * closed the prompt, no passkey, the timeout: all `NotAllowedError`/aborted, which the browser
 * deliberately does not tell apart); and a browser without WebAuthn.
 */
import { readApiError } from '@gestion/ui';

type Translate = (key: string) => string;

/** True when `error` came from the api rather than from the browser. */
export function isApiFailure(error: unknown): boolean {
  // `ApiError` and RTK Query's error object both carry the HTTP status; browser errors do not.
  return typeof error === 'object' && error !== null && 'status' in error;
}

/**
 * The text for a failed ceremony, in the reader's language (`t` over the passkeys' namespace).
 * @param fallback key of the text for an api failure without a message of its own.
 */
export function passkeyFailureText(
  error: unknown,
  t: Translate,
  fallback = 'passkeys.error',
): string {
  if (isApiFailure(error)) return readApiError(error, t(fallback)).message || t(fallback);
  // @simplewebauthn/browser's WebAuthnError code, read by shape so that the library downloads
  // only with the ceremonies (an `instanceof` here would bundle it with every caller).
  if ((error as { code?: unknown } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return t('passkeys.exists');
  if (typeof window !== 'undefined' && !window.PublicKeyCredential)
    return t('passkeys.unsupported');
  return t('passkeys.cancelled');
}
