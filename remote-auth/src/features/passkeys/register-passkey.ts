/**
 * The browser's passkey ceremonies of the signed-in account and of the enrolment step (issue
 * #16): "Añadir llave de acceso", the passkey instead of an app at enrolment, and step-up with a
 * passkey — apart so that @simplewebauthn/browser downloads when the person asks for one, not
 * with Mi cuenta.
 */
import {
  ApiError,
  getRuntimeConfig,
  requestJson,
  type PasskeyRegisteredResponse,
  type SignedInResponse,
} from '@gestion/shared';
import { isApiFailure, passkeyFailureText } from './passkey-errors';

type Translate = (key: string) => string;

/**
 * Runs one of the browser's WebAuthn ceremonies; its refusal (cancelled, already registered, no
 * WebAuthn) becomes an `ApiError` with status 0 and the text to show (`t` over the passkeys'
 * namespace), so the kit's form places it above the form like any failure.
 */
async function inBrowser<T>(ceremony: () => Promise<T>, t: Translate): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (isApiFailure(error)) throw error;
    throw new ApiError(0, passkeyFailureText(error, t));
  }
}

/**
 * Lets the browser create a passkey for `optionsJSON` (the api's registration options) and
 * answers what it made, to be sent as `respuesta`.
 * @throws the browser's refusal as `inBrowser` words it.
 */
export async function createPasskey(optionsJSON: unknown, t: Translate) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];
  return inBrowser(() => startRegistration({ optionsJSON: optionsJSON as Options }), t);
}

/**
 * Step-up with a passkey (issue #16: "the password or a factor entered in the last 10
 * minutes"): asks the browser for one of the account's passkeys over the options of `POST
 * /api/auth/passkeys/authentication-options {reautenticacion: true}`; answers what it signed, to
 * be sent as `respuesta` to POST /api/auth/reautenticar.
 * @throws the browser's refusal as `inBrowser` words it.
 */
export async function confirmWithPasskey(optionsJSON: unknown, t: Translate) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];
  return inBrowser(() => startAuthentication({ optionsJSON: optionsJSON as Options }), t);
}

/**
 * The enrolment step of a sign-in (`{mfa: {token, configurar: true}}`) done with a passkey
 * instead of an authenticator app (issue #16): the registration options and the registration
 * with that token as bearer, the browser's ceremony in between. The api starts the session with
 * the registration, so this answers `{token, user}`.
 * @param token the enrolment token; @param nombre the passkey's name in Mi cuenta's list.
 * @throws the api's `ApiError` (401 for a spent or expired token), or the browser's refusal as
 *   an `ApiError` with status 0 (see `createPasskey`).
 */
export async function enrolWithPasskey(
  token: string,
  nombre: string,
  t: Translate,
): Promise<SignedInResponse> {
  const post = <T,>(path: string, body: unknown) =>
    requestJson<T>(getRuntimeConfig().apiBaseUrl, path, {
      method: 'POST',
      body,
      token,
      fallbackMessage: '',
    });
  const options = await post<unknown>('/api/auth/passkeys/registration-options', {});
  const respuesta = await createPasskey(options, t);
  const res = await post<PasskeyRegisteredResponse>('/api/auth/passkeys', { respuesta, nombre });
  if (!res.token || !res.user) throw new Error('the passkey registration started no session');
  return { token: res.token, user: res.user };
}
