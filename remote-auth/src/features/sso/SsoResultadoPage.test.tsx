/** /login/sso (issue #18): the return from the provider ends as a password sign-in does. */
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useLocation } from 'react-router-dom';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage } from '../../testing/render';
import SsoResultadoPage from './SsoResultadoPage';

jest.setTimeout(30_000);

/** Where the page sent the browser, and with which history state. */
function Where() {
  const location = useLocation();
  return (
    <output aria-label="ubicación">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>
  );
}

const open = (url: string) =>
  renderPage(
    <>
      <SsoResultadoPage />
      <Where />
    </>,
    { url },
  );
const session = { token: 't-sso', user: makeUser() };

afterEach(async () => {
  await i18next.changeLanguage('es');
});

describe('SsoResultadoPage', () => {
  it('spends the one-time result once and hands the session and redirect to the shell', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/sso/resultado': { body: session } });
    const { shell } = open('/login/sso?redirect=%2Feventos');
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(session, '/eventos'));
    expect(fetchMock.callsTo('POST /api/auth/sso/resultado')).toHaveLength(1);
    // The session travels in the answer's body only: nothing in the request to leak.
    expect(fetchMock.callsTo('POST /api/auth/sso/resultado')[0]!.query.toString()).toBe('');
  });

  it('goes on to the second step with its token and the redirect in the history state', async () => {
    mockFetch({
      'POST /api/auth/sso/resultado': { body: { mfa: { token: 'reto', metodos: ['totp'] } } },
    });
    const { shell } = open('/login/sso?redirect=%2Finformes');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'ubicación' })).toHaveTextContent(
        '/login/dos-pasos {"token":"reto","metodos":["totp"],"redirect":"/informes"}',
      ),
    );
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('goes on to the enrolment step when the role requires a factor the user lacks', async () => {
    mockFetch({
      'POST /api/auth/sso/resultado': { body: { mfa: { token: 'alta', configurar: true } } },
    });
    open('/login/sso');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'ubicación' })).toHaveTextContent(
        '/login/configurar-dos-pasos {"token":"alta","configurar":true,"redirect":null}',
      ),
    );
  });

  it("names the provider's refusal by its code, with the way back to /login, and calls nothing", async () => {
    const fetchMock = mockFetch({});
    const { shell } = open('/login/sso?error=SSO_DOMINIO_NO_PERMITIDO&redirect=%2Feventos');
    expect(
      await screen.findByText('El dominio de su correo no está admitido para este proveedor'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inicio de sesión único' })).toBeVisible();
    expect(screen.getByText('No se pudo iniciar sesión')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Feventos',
    );
    expect(fetchMock.calls).toHaveLength(0);
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('says a spent or expired result in Spanish and leads back to /login', async () => {
    mockFetch({
      'POST /api/auth/sso/resultado': {
        status: 401,
        body: {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'El inicio de sesión caducó. Vuelva a intentarlo',
          code: 'SSO_RESULTADO_INVALIDO',
        },
      },
    });
    const { shell } = open('/login/sso');
    expect(
      await screen.findByText('El inicio de sesión caducó. Vuelva a intentarlo'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('falls back to its own words for an unknown code or a network failure', async () => {
    mockFetch({ 'POST /api/auth/sso/resultado': new TypeError('Failed to fetch') });
    open('/login/sso');
    expect(
      await screen.findByText('No se pudo completar el inicio de sesión. Vuelva a intentarlo.'),
    ).toBeInTheDocument();
  });

  it('names the refusal in English for an English reader, by the same code', async () => {
    await i18next.changeLanguage('en');
    open('/login/sso?error=SSO_EMAIL_NO_VERIFICADO');
    expect(
      await screen.findByText(
        'The provider does not confirm that your e-mail is verified; it cannot be linked to your account',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    expect(screen.getByRole('link', { name: /^Back to/ })).toHaveAttribute('href', '/login');
  });
});
