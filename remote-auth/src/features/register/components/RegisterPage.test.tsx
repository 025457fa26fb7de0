import { screen, waitFor } from '@testing-library/react';
import { LIFECYCLE_MESSAGES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { renderPage } from '../../../testing/render';
import RegisterPage from './RegisterPage';

const nombreInput = () => screen.getByLabelText(/^Nombre/);
const emailInput = () => screen.getByLabelText(/^Correo electrónico/);
const passwordInput = () => screen.getByLabelText(/^Contraseña/);
const submitButton = () => screen.getByRole('button', { name: 'Crear cuenta' });

describe('RegisterPage', () => {
  it('shows one heading and the three inputs with their names and autocomplete', () => {
    renderPage(<RegisterPage />, { url: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeInTheDocument();
    expect(nombreInput()).toHaveAttribute('name', 'nombre');
    expect(nombreInput()).toHaveAttribute('autocomplete', 'name');
    expect(emailInput()).toHaveAttribute('name', 'email');
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    expect(passwordInput()).toHaveAttribute('name', 'password');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText('Entre 8 y 128 caracteres.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('submits nombre, email and password to register', async () => {
    const { user, shell } = renderPage(<RegisterPage />, { url: '/register' });
    await user.type(nombreInput(), ' Ana Pérez ');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'una clave larga');
    await user.click(submitButton());
    await waitFor(() =>
      expect(shell.register).toHaveBeenCalledWith({
        nombre: 'Ana Pérez',
        email: 'ana@example.com',
        password: 'una clave larga',
      }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a password shorter than 8 characters', async () => {
    const { user, shell } = renderPage(<RegisterPage />, { url: '/register' });
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), '1234567');
    await user.click(submitButton());
    expect(
      await screen.findByText('La contraseña debe tener al menos 8 caracteres'),
    ).toBeInTheDocument();
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(shell.register).not.toHaveBeenCalled();
  });

  it('refuses a password longer than 128 characters and accepts exactly 128', async () => {
    const { user, shell } = renderPage(<RegisterPage />, { url: '/register' });
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.click(passwordInput());
    await user.paste('a'.repeat(129));
    await user.click(submitButton());
    expect(
      await screen.findByText('La contraseña no puede superar los 128 caracteres'),
    ).toBeInTheDocument();
    expect(shell.register).not.toHaveBeenCalled();

    await user.clear(passwordInput());
    await user.click(passwordInput());
    await user.paste('a'.repeat(128));
    await user.click(submitButton());
    await waitFor(() => expect(shell.register).toHaveBeenCalledTimes(1));
  });

  it('shows Spanish errors for empty fields and an invalid e-mail', async () => {
    const { user } = renderPage(<RegisterPage />, { url: '/register' });
    await user.click(submitButton());
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(nombreInput()).toHaveFocus();

    await user.type(emailInput(), 'no-es-un-correo');
    await user.click(submitButton());
    expect(await screen.findByText('El correo electrónico no es válido')).toBeInTheDocument();
  });

  it('disables the button and shows progress while the call runs', async () => {
    const { user, shell } = renderPage(<RegisterPage />, { url: '/register' });
    let finish: (ok: boolean) => void = () => undefined;
    shell.register.mockReturnValue(new Promise<boolean>((resolve) => (finish = resolve)));
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'una clave larga');
    await user.click(submitButton());
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    finish(true);
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it('shows "Error al crear la cuenta" when registration fails without a server message', async () => {
    const { user, shell } = renderPage(<RegisterPage />, { url: '/register' });
    shell.register.mockResolvedValue(false);
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'una clave larga');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al crear la cuenta');
  });

  it("shows the UI default, not the store's generic default", async () => {
    const { user, shell } = renderPage(<RegisterPage />, {
      url: '/register',
      auth: { error: 'Error al registrarse' },
    });
    shell.register.mockResolvedValue(false);
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'una clave larga');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al crear la cuenta');
  });

  it("shows the server's message when registration fails with one", async () => {
    const message = 'Ya existe una cuenta con ese correo electrónico';
    const { user, shell } = renderPage(<RegisterPage />, {
      url: '/register',
      auth: { error: message },
    });
    shell.register.mockResolvedValue(false);
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'una clave larga');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('switches the password between hidden and visible with the toggle', async () => {
    const { user } = renderPage(<RegisterPage />, { url: '/register' });
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('says where the verification link went when the account waits for it, and sends another', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/email/resend': {
        status: 202,
        body: { message: LIFECYCLE_MESSAGES.resendAccepted },
      },
    });
    const { user, shell } = renderPage(<RegisterPage />, { url: '/register' });
    shell.register.mockResolvedValue('pendiente');
    await user.type(nombreInput(), 'Ana');
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'una clave larga');
    await user.click(submitButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revise su correo electrónico' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Le hemos enviado un enlace a ana@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveValue('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar un enlace nuevo' }));
    expect(await screen.findByText(/Si hay una cuenta pendiente de verificar/)).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/email/resend')[0]!.body).toEqual({
      email: 'ana@example.com',
    });
  });
});
