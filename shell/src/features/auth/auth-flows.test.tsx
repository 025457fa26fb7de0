/** The auth flows through the real shell: state, toast and where the visitor ends up. */
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@gestion/shared';
import { mockFetch } from '../../testing/fetch-mock';
import { makeUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const user = makeUser();

describe('auth flows in the shell', () => {
  it('register → "Cuenta creada correctamente" and /login (not / through the guest guard)', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/auth/register': { status: 201, body: { token: 'new', user, message: MESSAGES.registerSuccess } },
    });
    const app = renderApp({ url: '/register' });
    await app.user.click(await screen.findByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByText('Cuenta creada correctamente')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByText('Sesión iniciada como Ana Pérez')).toBeInTheDocument();
  });

  it('login → "Bienvenido de nuevo" and the page it was sent from', async () => {
    mockFetch({ 'POST /api/auth/login': { body: { token: 'abc', user } } });
    const app = renderApp({ url: '/eventos' });
    await app.user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Bienvenido de nuevo')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Página de eventos' })).toBeInTheDocument();
    expect(app.location()).toBe('/eventos');
  });

  it('a failed login leaves the server message for the page to show', async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Credenciales incorrectas' },
      },
    });
    const app = renderApp({ url: '/login' });
    await app.user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales incorrectas');
    expect(app.location()).toBe('/login');
  });
});
