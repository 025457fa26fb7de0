import { screen, waitFor } from '@testing-library/react';
import { ERROR_CODES, LIFECYCLE_MESSAGES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { EmailSection } from './EmailSection';

jest.setTimeout(20_000);

describe('EmailSection (issue #15)', () => {
  it('asks for the new address and the password, and says where the link went', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/email': {
        status: 202,
        body: { message: LIFECYCLE_MESSAGES.emailChangeAccepted },
      },
    });
    const { user } = renderPage(<EmailSection />, { auth: signedIn(makeUser()) });
    expect(screen.getByText(/Su dirección actual es ana@example.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Correo electrónico nuevo/), 'ana.nueva@example.com');
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'mi-clave-actual');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace de confirmación' }));
    expect(
      await screen.findByText(/Le hemos enviado un enlace a ana.nueva@example.com/),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/email')[0]!.body).toEqual({
      email: 'ana.nueva@example.com',
      password: 'mi-clave-actual',
    });
    expect(screen.getByLabelText(/^Correo electrónico nuevo/)).toHaveValue('');
  });

  it('puts a wrong password under its field', async () => {
    mockFetch({
      'POST /api/auth/email': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Datos no válidos',
          code: ERROR_CODES.validation,
          details: [{ field: 'password', message: 'La contraseña actual no es correcta' }],
        },
      },
    });
    const { user, shell } = renderPage(<EmailSection />, { auth: signedIn(makeUser()) });
    await user.type(screen.getByLabelText(/^Correo electrónico nuevo/), 'ana.nueva@example.com');
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'mala');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace de confirmación' }));
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Contraseña actual/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(shell.notify).not.toHaveBeenCalled();
    expect(screen.queryByText(/Le hemos enviado un enlace/)).not.toBeInTheDocument();
  });
});
