/**
 * Step-up with a passkey (issue #16: "the password or a factor entered in the last 10 minutes"):
 * the browser's ceremony over the options `POST /api/auth/passkeys/authentication-options
 * {reautenticacion: true}` gave, apart so that @simplewebauthn/browser downloads only when the
 * person picks a passkey in "Confirme que es usted".
 */
import { ApiError } from '@gestion/shared';
import { isApiFailure, passkeyFailureText } from './passkey-errors';

type Translate = (key: string) => string;

/**
 * Asks the browser for one of the account's passkeys over `optionsJSON`; answers what it
 * signed, to be sent as `respuesta` to POST /api/auth/reautenticar.
 * @throws the browser's refusal as an `ApiError` with status 0 and the text to show (`t` over
 *   the passkeys' namespace), so the kit's form places it above the form like any failure.
 */
export async function confirmWithPasskey(optionsJSON: unknown, t: Translate) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({
      optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    if (isApiFailure(error)) throw error;
    throw new ApiError(0, passkeyFailureText(error, t));
  }
}
