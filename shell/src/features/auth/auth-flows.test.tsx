/** The auth flows through the real shell: state, toast and where the visitor ends up. */
import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@gestion/shared';
import { mockFetch } from '../../testing/fetch-mock';
import { makeUser } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/render';

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

  it('a challenged sign-in goes to the code page with its token, signed out and without a welcome', async () => {
    mockFetch({ 'POST /api/auth/login': { body: { verificacion: { token: 'reto-1' } } } });
    const app = renderApp({ url: '/login' });
    await app.user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Código de acceso reto-1' })).toBeInTheDocument();
    expect(app.location()).toBe('/verificar-acceso?token=reto-1');
    expect(app.store.getState().auth).toMatchObject({ token: null, user: null, loading: false });
    expect(screen.queryByText('Bienvenido de nuevo')).not.toBeInTheDocument();
  });

  it.each([
    [{ token: 'mfa-1', metodos: ['totp', 'recuperacion'] }, '/login/dos-pasos'],
    [{ token: 'mfa-2', configurar: true }, '/login/configurar-dos-pasos'],
  ])('a second step (%j) goes to %s with its token and redirect out of the URL, signed out', async (mfa, page) => {
    mockFetch({ 'POST /api/auth/login': { body: { mfa } } });
    const app = renderApp({ url: '/eventos' });
    await app.user.click(await screen.findByRole('button', { name: 'Entrar' }));
    const state = JSON.stringify({ ...mfa, redirect: '/eventos' });
    expect(await screen.findByRole('heading', { name: `Dos pasos ${state}` })).toBeInTheDocument();
    expect(app.location()).toBe(page);
    expect(app.store.getState().auth).toMatchObject({ token: null, user: null, loading: false });
    expect(screen.queryByText('Bienvenido de nuevo')).not.toBeInTheDocument();
  });

  it('a user who must change an admin-set password is kept on /cambiar-password', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 'abc', user: { ...user, debeCambiarPassword: true } } },
    });
    const app = renderApp({ url: '/eventos' });
    await app.user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Cambie su contraseña' })).toBeInTheDocument();
    expect(app.location()).toBe('/cambiar-password');
    expect(screen.queryByText('Bienvenido de nuevo')).not.toBeInTheDocument();
    act(() => app.navigator.navigate('/eventos'));
    await waitFor(() => expect(app.location()).toBe('/cambiar-password'));
  });

  it('a call refused 403 PASSWORD_CHANGE_REQUIRED sends the user to /cambiar-password', async () => {
    const app = renderApp({ url: '/eventos', preloadedState: signedInState(user) });
    expect(await screen.findByRole('heading', { name: 'Página de eventos' })).toBeInTheDocument();
    act(() => {
      app.store.dispatch({
        type: 'api/executeQuery/rejected',
        payload: { status: 403, data: { statusCode: 403, code: 'PASSWORD_CHANGE_REQUIRED' } },
      });
    });
    await waitFor(() => expect(app.location()).toBe('/cambiar-password'));
  });

  it('a registration into a role that requires a second factor goes to the enrolment step, signed out', async () => {
    const mfa = { token: 'mfa-3', configurar: true };
    mockFetch({
      'POST /api/auth/register': { status: 201, body: { message: 'Cuenta creada', mfa } },
    });
    const app = renderApp({ url: '/register' });
    await app.user.click(await screen.findByRole('button', { name: 'Registrarse' }));
    expect(
      await screen.findByRole('heading', { name: `Dos pasos ${JSON.stringify(mfa)}` }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/login/configurar-dos-pasos');
    expect(app.store.getState().auth).toMatchObject({ token: null, user: null, loading: false });
    expect(screen.queryByText('Cuenta creada correctamente')).not.toBeInTheDocument();
  });

  it('a registration pending verification resolves "pendiente" with no session and no navigation', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { message: 'Cuenta creada. Revise su correo electrónico', verificacionPendiente: true },
      },
    });
    const app = renderApp({ url: '/register' });
    await app.user.click(await screen.findByRole('button', { name: 'Registrarse' }));
    await waitFor(() => expect(document.body).toHaveAttribute('data-register', 'pendiente'));
    expect(app.location()).toBe('/register');
    expect(app.store.getState().auth).toMatchObject({ token: null, user: null, loading: false });
    expect(screen.queryByText('Cuenta creada correctamente')).not.toBeInTheDocument();
  });
});
