/** /login's "Continuar con <nombre>" (issue #18). */
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { renderPage } from '../../testing/render';
import LoginPage from '../login/components/LoginPage';

jest.setTimeout(30_000);

describe('/login single sign-on buttons', () => {
  it("links one button per active provider to the api's start, with /login's redirect", async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/sso/proveedores': {
        body: [
          { id: 3, nombre: 'Entra ID' },
          { id: 7, nombre: 'Keycloak' },
        ],
      },
    });
    renderPage(<LoginPage />, { url: '/login?redirect=%2Feventos%3Fq%3Da%26b' });
    const entra = await screen.findByRole('link', { name: 'Continuar con Entra ID' });
    expect(entra).toHaveAttribute(
      'href',
      `/api/auth/sso/3/start?redirect=${encodeURIComponent('/eventos?q=a&b')}`,
    );
    expect(screen.getByRole('link', { name: 'Continuar con Keycloak' })).toHaveAttribute(
      'href',
      `/api/auth/sso/7/start?redirect=${encodeURIComponent('/eventos?q=a&b')}`,
    );
    expect(fetchMock.callsTo('GET /api/auth/sso/proveedores')).toHaveLength(1);
    // The password form is still there.
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  it('links without a redirect when /login has none', async () => {
    mockFetch({ 'GET /api/auth/sso/proveedores': { body: [{ id: 3, nombre: 'Entra ID' }] } });
    renderPage(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('link', { name: 'Continuar con Entra ID' })).toHaveAttribute(
      'href',
      '/api/auth/sso/3/start',
    );
  });

  it('shows no button when there is no provider or the list fails', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/sso/proveedores': {
        status: 500,
        body: { statusCode: 500, error: 'x', message: 'Error interno' },
      },
    });
    renderPage(<LoginPage />, { url: '/login' });
    await waitFor(() => expect(fetchMock.callsTo('GET /api/auth/sso/proveedores')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /^Continuar con/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
