import { screen, waitFor } from '@testing-library/react';
import { API_MESSAGES, ERROR_CODES, LIFECYCLE_MESSAGES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { renderPage } from '../../../testing/render';
import RecuperarPage from './RecuperarPage';
import RestablecerPage from './RestablecerPage';

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

describe('RecuperarPage', () => {
  it('sends the e-mail and says the same whatever the api knows of it', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/password/forgot': {
        status: 202,
        body: { message: LIFECYCLE_MESSAGES.forgotAccepted },
      },
    });
    const { user } = renderPage(<RecuperarPage />, { url: '/recuperar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: '¿Ha olvidado su contraseña?' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('¿Ha olvidado su contraseña?');
    await user.type(screen.getByLabelText(/^Correo electrónico/), ' ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(
      await screen.findByRole('heading', { name: 'Revise su correo electrónico' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Si existe una cuenta con ana@example.com, recibirá un enlace/),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/password/forgot')[0]!.body).toEqual({
      email: 'ana@example.com',
    });
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );

    await user.click(screen.getByRole('button', { name: 'Enviar otro enlace' }));
    expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeInTheDocument();
  });

  it('leads a user whose sign-in awaits e-mail verification to the resend form', async () => {
    renderPage(<RecuperarPage />, { url: '/recuperar' });
    expect(
      await screen.findByRole('link', {
        name: '¿Debe verificar su correo electrónico? Pida otro enlace de verificación',
      }),
    ).toHaveAttribute('href', '/verificar');
  });

  it('checks the e-mail before calling and shows a throttled answer as it came', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/password/forgot': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: API_MESSAGES.rateLimited,
          code: ERROR_CODES.rateLimited,
        },
      },
    });
    const { user } = renderPage(<RecuperarPage />, { url: '/recuperar' });
    await user.click(await screen.findByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.rateLimited);
    expect(screen.queryByText('Revise su correo electrónico')).not.toBeInTheDocument();
  });
});

describe('RestablecerPage', () => {
  it('shows the password rules and saves the new password with the token, then offers /login', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/password/reset': { status: 204 } });
    const { user } = renderPage(<RestablecerPage />, { url: '/restablecer?token=abc' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Elija una contraseña nueva' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Entre 8 y 128 caracteres\./)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contraseña nueva/), 'una clave nueva larga');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'otra cosa');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Repita la contraseña nueva/));
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'una clave nueva larga');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Contraseña cambiada' })).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/password/reset')[0]!.body).toEqual({
      token: 'abc',
      password: 'una clave nueva larga',
    });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('puts a policy failure under the field', async () => {
    mockFetch({
      'POST /api/auth/password/reset': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Datos no válidos',
          code: ERROR_CODES.validation,
          details: [{ field: 'password', message: API_MESSAGES.passwordCommon }],
        },
      },
    });
    const { user } = renderPage(<RestablecerPage />, { url: '/restablecer?token=abc' });
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'password123');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText(API_MESSAGES.passwordCommon)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contraseña nueva/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Contraseña cambiada' })).not.toBeInTheDocument();
  });

  it('says a used or expired link is not valid and links to a new one', async () => {
    mockFetch({ 'POST /api/auth/password/reset': tokenInvalido });
    const { user } = renderPage(<RestablecerPage />, { url: '/restablecer?token=usado' });
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'una clave nueva larga');
    await user.type(screen.getByLabelText(/^Repita la contraseña nueva/), 'una clave nueva larga');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('El enlace no es válido o ha caducado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveAttribute(
      'href',
      '/recuperar',
    );
    expect(screen.queryByLabelText(/^Contraseña nueva/)).not.toBeInTheDocument();
  });

  it('without a token says so at once', async () => {
    renderPage(<RestablecerPage />, { url: '/restablecer' });
    expect(await screen.findByText('El enlace no es válido o ha caducado')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Elija una contraseña nueva'));
  });
});
