/**
 * The registration ceremony of "Añadir llave de acceso" (issue #16), apart so that
 * @simplewebauthn/browser downloads when the person asks for a passkey, not with Mi cuenta.
 */
import { ApiError } from '@gestion/shared';
import { isApiFailure, passkeyFailureText } from './passkey-errors';

type Translate = (key: string) => string;

/**
 * Lets the browser create a passkey for `optionsJSON` (the api's registration options) and
 * answers what it made, to be sent as `respuesta`.
 * @throws the browser's refusal as an `ApiError` with status 0 and the text to show (cancelled,
 *   already registered, no WebAuthn), so the kit's form places it above the form like any failure.
 */
export async function createPasskey(optionsJSON: unknown, t: Translate) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({
      optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch (error) {
    if (isApiFailure(error)) throw error;
    throw new ApiError(0, passkeyFailureText(error, t));
  }
}
