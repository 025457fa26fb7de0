import { screen, waitFor } from '@testing-library/react';
import { ERROR_CODES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import CambiarPasswordPage from './CambiarPasswordPage';
import VerificarAccesoPage from './VerificarAccesoPage';

jest.setTimeout(20_000);

const forced = makeUser({ debeCambiarPassword: true });

describe('CambiarPasswordPage', () => {
  it('changes the admin-set password, clears the flag and continues the sign-in', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/password': { status: 204 } });
    const { user, shell, store } = renderPage(<CambiarPasswordPage />, {
      url: '/cambiar-password',
      auth: signedIn(forced),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cambie su contraseña' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'Temporal-123');
    await user.type(screen.getByLabelText(/^Contraseña nueva/), 'mi clave propia');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'mi clave propia');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(shell.navigateTo).toHaveBeenCalledWith('/', { replace: true }));
    expect(fetchMock.callsTo('POST /api/auth/password')[0]!.body).toEqual({
      actual: 'Temporal-123',
      nueva: 'mi clave propia',
    });
    expect(shell.notify).toHaveBeenCalledWith('Bienvenido de nuevo', { type: 'success' });
    // The shell's auth slice takes `userUpdated`, so its guard lets the user leave the page.
    expect(store.getState().auth.user).toEqual({ ...forced, debeCambiarPassword: false });
  });

  it('puts a wrong current password under its field and stays', async () => {
    mockFetch({
      'POST /api/auth/password': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Datos no válidos',
          code: ERROR_CODES.validation,
          details: [{ field: 'actual', message: 'La contraseña actual no es correcta' }],
        },
      },
    });
    const { user, shell } = renderPage(<CambiarPasswordPage />, {
      url: '/cambiar-password',
      auth: signedIn(forced),
    });
    await user.type(await screen.findByLabelText(/^Contraseña actual/), 'mala');
    await user.type(screen.getByLabelText(/^Contraseña nueva/), 'mi clave propia');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'mi clave propia');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(shell.navigateTo).not.toHaveBeenCalled();
  });

  it('offers signing out as the way out', async () => {
    const { user, shell } = renderPage(<CambiarPasswordPage />, {
      url: '/cambiar-password',
      auth: signedIn(forced),
    });
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    expect(shell.logout).toHaveBeenCalled();
  });
});

describe('VerificarAccesoPage', () => {
  it('sends the mailed code with the token and hands the session to the shell', async () => {
    const session = { token: 't-2', user: makeUser() };
    const fetchMock = mockFetch({ 'POST /api/auth/login/verify': { body: session } });
    const { user, shell } = renderPage(<VerificarAccesoPage />, {
      url: '/verificar-acceso?token=reto',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirme que es usted' }),
    ).toBeInTheDocument();
    const code = screen.getByLabelText(/^Código/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código tiene 6 cifras')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(session));
    expect(fetchMock.callsTo('POST /api/auth/login/verify')[0]!.body).toEqual({
      token: 'reto',
      codigo: '123456',
    });
  });

  it('says a wrong code under the field, by its code rather than the generic message', async () => {
    mockFetch({
      'POST /api/auth/login/verify': {
        status: 401,
        body: {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Credenciales incorrectas',
          code: ERROR_CODES.invalidCredentials,
        },
      },
    });
    const { user, shell } = renderPage(<VerificarAccesoPage />, {
      url: '/verificar-acceso?token=reto',
    });
    await user.type(await screen.findByLabelText(/^Código/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código no es correcto o ha caducado')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Código/)).toHaveAttribute('aria-invalid', 'true');
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('without a pending sign-in sends the visitor back to /login', async () => {
    renderPage(<VerificarAccesoPage />, { url: '/verificar-acceso' });
    expect(await screen.findByText(/no contiene un acceso pendiente/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });
});
