import { screen, waitFor } from '@testing-library/react';
import { ERROR_CODES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';

jest.setTimeout(20_000);

const refusal = (status: number, message: string, details?: object[]) => ({
  status,
  body: {
    statusCode: status,
    error: 'Bad Request',
    message,
    code: ERROR_CODES.validation,
    ...(details ? { details } : {}),
  },
});

/** Fills the three password fields and submits. */
async function changePassword(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(/^Contraseña actual/), 'la-de-antes-2026');
  await user.type(screen.getByLabelText(/^Nueva contraseña/), 'Una-Nueva-Clave-2026');
  await user.type(screen.getByLabelText(/^Repita la nueva contraseña/), 'Una-Nueva-Clave-2026');
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('Mi cuenta forms on the kit (issue #14)', () => {
  it("puts the api's refusal of the current password under that field, not in a toast", async () => {
    mockFetch({
      'POST /api/auth/password': refusal(400, 'Datos no válidos', [
        { field: 'actual', message: 'La contraseña actual no es correcta' },
      ]),
    });
    const { user, shell } = renderPage(<PasswordSection />, { auth: signedIn(makeUser()) });
    await changePassword(user);
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Contraseña actual/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.queryByText('Datos no válidos')).not.toBeInTheDocument();
    expect(shell.notify).not.toHaveBeenCalled();
  });

  it('shows a refusal no field can show above the form', async () => {
    mockFetch({
      'POST /api/auth/password': refusal(429, 'Demasiados intentos. Inténtelo más tarde.'),
    });
    const { user, shell } = renderPage(<PasswordSection />, { auth: signedIn(makeUser()) });
    await changePassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos. Inténtelo más tarde.',
    );
    expect(shell.notify).not.toHaveBeenCalled();
  });

  it('puts a refused name under the name field of the profile', async () => {
    mockFetch({
      'PATCH /api/auth/me': refusal(400, 'Datos no válidos', [
        { field: '/nombre', message: 'El nombre es demasiado largo' },
      ]),
    });
    const { user } = renderPage(<ProfileSection />, { auth: signedIn(makeUser()) });
    const nombre = screen.getByLabelText(/^Nombre/);
    await user.type(nombre, ' Ruiz');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es demasiado largo')).toBeInTheDocument();
    await waitFor(() => expect(nombre).toHaveAttribute('aria-invalid', 'true'));
  });
});
