import { screen, waitFor } from '@testing-library/react';
import { ERROR_CODES, LIFECYCLE_MESSAGES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import ConfirmarCorreoPage from './ConfirmarCorreoPage';
import InvitacionPage from './InvitacionPage';
import VerificarPage from './VerificarPage';

jest.setTimeout(20_000);

const tokenInvalido = {
  status: 400,
  body: {
    statusCode: 400,
    error: 'Bad Request',
    message: LIFECYCLE_MESSAGES.tokenInvalid,
    code: ERROR_CODES.tokenInvalid,
  },
};

describe('InvitacionPage', () => {
  it('sets the password and hands the session to the shell', async () => {
    const session = { token: 't-1', user: makeUser() };
    const fetchMock = mockFetch({ 'POST /api/auth/invitation/accept': { body: session } });
    const { user, shell } = renderPage(<InvitacionPage />, { url: '/invitacion?token=inv' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Active su cuenta' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Entre 8 y 128 caracteres\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contraseña nueva/), 'mi clave propia');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'mi clave propia');
    await user.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(session));
    expect(fetchMock.callsTo('POST /api/auth/invitation/accept')[0]!.body).toEqual({
      token: 'inv',
      password: 'mi clave propia',
    });
  });

  it('says an expired invitation is not valid and who can send another', async () => {
    mockFetch({ 'POST /api/auth/invitation/accept': tokenInvalido });
    const { user, shell } = renderPage(<InvitacionPage />, { url: '/invitacion?token=viejo' });
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'mi clave propia');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'mi clave propia');
    await user.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(await screen.findByText('La invitación no es válida o ha caducado')).toBeInTheDocument();
    expect(screen.getByText(/Pida a un administrador que se la reenvíe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('shows a failed call without a usable answer in an alert and keeps the form', async () => {
    mockFetch({ 'POST /api/auth/invitation/accept': new TypeError('sin red') });
    const { user } = renderPage(<InvitacionPage />, { url: '/invitacion?token=inv' });
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'mi clave propia');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'mi clave propia');
    await user.click(screen.getByRole('button', { name: 'Activar mi cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo completar la operación');
    expect(screen.getByRole('button', { name: 'Activar mi cuenta' })).toBeEnabled();
  });
});

describe('VerificarPage', () => {
  it('verifies the link on arrival, once, and offers /login', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/email/verify': { status: 204 } });
    renderPage(<VerificarPage />, { url: '/verificar?token=ver' });
    expect(
      await screen.findByRole('heading', { name: 'Correo electrónico verificado' }),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/email/verify')).toHaveLength(1);
    expect(fetchMock.callsTo('POST /api/auth/email/verify')[0]!.body).toEqual({ token: 'ver' });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('offers a new link when this one is not valid, and says the same for any address', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/email/verify': tokenInvalido,
      'POST /api/auth/email/resend': {
        status: 202,
        body: { message: LIFECYCLE_MESSAGES.resendAccepted },
      },
    });
    const { user } = renderPage(<VerificarPage />, { url: '/verificar?token=viejo' });
    expect(await screen.findByText('El enlace no es válido o ha caducado')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar un enlace nuevo' }));
    expect(
      await screen.findByText(/Si hay una cuenta pendiente de verificar con ana@example.com/),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/email/resend')[0]!.body).toEqual({
      email: 'ana@example.com',
    });
  });

  it('without a token shows only the form for a new link', async () => {
    const fetchMock = mockFetch({});
    renderPage(<VerificarPage />, { url: '/verificar' });
    expect(
      await screen.findByRole('button', { name: 'Enviar un enlace nuevo' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('El enlace no es válido o ha caducado')).not.toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('offers a retry when the call never got an answer', async () => {
    let calls = 0;
    mockFetch({
      'POST /api/auth/email/verify': () =>
        ++calls === 1 ? { status: 503, body: {} } : { status: 204 },
    });
    const { user } = renderPage(<VerificarPage />, { url: '/verificar?token=ver' });
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { name: 'Correo electrónico verificado' }),
    ).toBeInTheDocument();
  });
});

describe('ConfirmarCorreoPage', () => {
  it('confirms the new address on arrival and, signed in, leads back to Mi cuenta', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/email/confirm': { status: 204 } });
    renderPage(<ConfirmarCorreoPage />, { url: '/confirmar-correo?token=c1', auth: signedIn() });
    expect(
      await screen.findByRole('heading', { name: 'Correo electrónico cambiado' }),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/email/confirm')[0]!.body).toEqual({ token: 'c1' });
    expect(screen.getByRole('link', { name: 'Ir a Mi cuenta' })).toHaveAttribute(
      'href',
      '/configuracion',
    );
  });

  it('says a used link is not valid and, signed out, leads to /login', async () => {
    mockFetch({ 'POST /api/auth/email/confirm': tokenInvalido });
    renderPage(<ConfirmarCorreoPage />, { url: '/confirmar-correo?token=usado' });
    expect(await screen.findByText('El enlace no es válido o ha caducado')).toBeInTheDocument();
    expect(screen.getByText(/Vuelva a pedir el cambio en Mi cuenta/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });
});
