import { screen, waitFor } from '@testing-library/react';
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import LoginPage from '../login/components/LoginPage';
import { makeUser, renderPage } from '../../testing/render';
import { PasskeySecondStep } from '../mfa-signin/PasskeySecondStep';

jest.setTimeout(20_000);

const OPTIONS = 'POST /api/auth/passkeys/authentication-options';
const AUTHENTICATE = 'POST /api/auth/passkeys/authenticate';
const SESSION = { token: 'sesion-1', user: makeUser() };

/**
 * The browser's WebAuthn as jsdom lacks it: `navigator.credentials.get` answers one assertion
 * (the authenticator is the browser's part; the e2e test uses Chromium's virtual one).
 */
function browserWithPasskey() {
  const bytes = (...b: number[]) => new Uint8Array(b).buffer;
  const assertion = {
    id: 'AQI',
    rawId: bytes(1, 2),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes(3),
      authenticatorData: bytes(4),
      signature: bytes(5),
      userHandle: bytes(6),
    },
    getClientExtensionResults: () => ({}),
  };
  const get = jest.fn().mockResolvedValue(assertion);
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  return get;
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  Object.defineProperty(navigator, 'credentials', { value: undefined, configurable: true });
});

describe('/login with a passkey (issue #16)', () => {
  it('offers "Iniciar sesión con llave de acceso" and passkeys in the e-mail autofill', async () => {
    mockFetch({});
    renderPage(<LoginPage />, { url: '/login' });
    expect(
      await screen.findByRole('button', { name: 'Iniciar sesión con llave de acceso' }),
    ).toBeEnabled();
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
  });

  it('asks the api for options on the click and says when this browser has no passkeys', async () => {
    const api = mockFetch({ [OPTIONS]: { body: { challenge: 'abc' } } });
    const { user, shell } = renderPage(<LoginPage />, { url: '/login' });
    await user.click(
      await screen.findByRole('button', { name: 'Iniciar sesión con llave de acceso' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este navegador no admite llaves de acceso.',
    );
    expect(api.callsTo(OPTIONS)[0]?.body).toEqual({});
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('signs in as a password sign-in does, to the validated redirect', async () => {
    const get = browserWithPasskey();
    const api = mockFetch({
      [OPTIONS]: { body: { challenge: 'YWJj', rpId: 'localhost', allowCredentials: [] } },
      [AUTHENTICATE]: { body: SESSION },
    });
    const { user, shell } = renderPage(<LoginPage />, { url: '/login?redirect=%2Feventos' });
    await user.click(
      await screen.findByRole('button', { name: 'Iniciar sesión con llave de acceso' }),
    );
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(SESSION, '/eventos'));
    expect(get).toHaveBeenCalledTimes(1);
    expect(api.callsTo(AUTHENTICATE)[0]?.body).toEqual({
      respuesta: expect.objectContaining({ id: 'AQI', rawId: 'AQI', type: 'public-key' }),
    });
  });

  it("shows the api's refusal in the reader's words", async () => {
    mockFetch({
      [OPTIONS]: {
        status: 401,
        body: {
          statusCode: 401,
          error: 'Unauthorized',
          message: PASSKEY_MESSAGES.invalid,
          code: PASSKEY_ERROR_CODES.invalid,
        },
      },
    });
    const { user } = renderPage(<LoginPage />, { url: '/login' });
    await user.click(
      await screen.findByRole('button', { name: 'Iniciar sesión con llave de acceso' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.invalid);
  });

  it('does not ask for anything until the e-mail field gets focus (the autofill)', async () => {
    const api = mockFetch({ [OPTIONS]: { body: { challenge: 'abc' } } });
    const { user } = renderPage(<LoginPage />, { url: '/login' });
    await screen.findByRole('button', { name: 'Iniciar sesión con llave de acceso' });
    // Only the single sign-on buttons' list (issue #18) is asked for; no passkey call yet.
    expect(api.calls.map((c) => c.path)).toEqual(
      api.calls.length ? ['/api/auth/sso/proveedores'] : [],
    );
    await user.click(screen.getByLabelText(/^Correo electrónico/));
    // jsdom cannot autofill passkeys: the offer is not made, silently.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo(OPTIONS)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the passkey as the second step (issue #16)', () => {
  it('finishes the sign-in with the second-step token', async () => {
    browserWithPasskey();
    const api = mockFetch({
      [OPTIONS]: {
        body: { challenge: 'YWJj', allowCredentials: [{ id: 'AQI', type: 'public-key' }] },
      },
      [AUTHENTICATE]: { body: SESSION },
    });
    const { user, shell } = renderPage(<PasskeySecondStep token="tok-2" redirect="/eventos" />, {
      url: '/dos-pasos',
    });
    await user.click(await screen.findByRole('button', { name: 'Usar llave de acceso' }));
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(SESSION, '/eventos'));
    expect(api.callsTo(AUTHENTICATE)[0]?.body).toMatchObject({ token: 'tok-2' });
  });

  it('sends the second-step token with the ceremony', async () => {
    const api = mockFetch({ [OPTIONS]: { body: { challenge: 'abc' } } });
    const { user, shell } = renderPage(<PasskeySecondStep token="tok-2" redirect="/eventos" />, {
      url: '/dos-pasos',
    });
    await user.click(await screen.findByRole('button', { name: 'Usar llave de acceso' }));
    await waitFor(() => expect(api.callsTo(OPTIONS)[0]?.body).toEqual({ token: 'tok-2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este navegador no admite llaves de acceso.',
    );
    expect(shell.startSession).not.toHaveBeenCalled();
  });
});
