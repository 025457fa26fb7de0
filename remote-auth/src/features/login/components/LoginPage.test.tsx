import { screen, waitFor } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import LoginPage from './LoginPage';

const emailInput = () => screen.getByLabelText(/^Correo electrónico/);
const passwordInput = () => screen.getByLabelText(/^Contraseña/);
const submitButton = () => screen.getByRole('button', { name: 'Iniciar sesión' });

describe('LoginPage', () => {
  it('shows one heading and labelled email and password inputs with their autocomplete', () => {
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(emailInput()).toHaveAttribute('name', 'email');
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(emailInput()).toHaveAttribute('autocomplete', 'username webauthn');
    expect(passwordInput()).toHaveAttribute('name', 'password');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Crear una cuenta' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('links "¿Ha olvidado su contraseña?" to /recuperar (issue #15)', () => {
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByRole('link', { name: '¿Ha olvidado su contraseña?' })).toHaveAttribute(
      'href',
      '/recuperar',
    );
  });

  it('shows "Debe verificar su correo electrónico" when the api refuses an unverified e-mail', async () => {
    const message = 'Debe verificar su correo electrónico';
    const { user, shell } = renderPage(<LoginPage />, { url: '/login', auth: { error: message } });
    shell.login.mockResolvedValue(false);
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'secreto-largo');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('submits email and password and passes the redirect parameter to login', async () => {
    const { user, shell } = renderPage(<LoginPage />, { url: '/login?redirect=%2Feventos' });
    await user.type(emailInput(), '  ana@example.com ');
    await user.type(passwordInput(), 'secreto-largo');
    await user.click(submitButton());
    await waitFor(() =>
      expect(shell.login).toHaveBeenCalledWith(
        { email: 'ana@example.com', password: 'secreto-largo' },
        '/eventos',
      ),
    );
  });

  it('passes a null redirect when the page has none', async () => {
    const { user, shell } = renderPage(<LoginPage />, { url: '/login' });
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'x');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shell.login).toHaveBeenCalledWith(expect.anything(), null));
  });

  it('disables the button and shows progress while the call runs', async () => {
    const { user, shell } = renderPage(<LoginPage />, { url: '/login' });
    let finish: (ok: boolean) => void = () => undefined;
    shell.login.mockReturnValue(new Promise<boolean>((resolve) => (finish = resolve)));
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'secreto-largo');
    await user.click(submitButton());

    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    finish(false);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows "Credenciales incorrectas" when login fails without a server message', async () => {
    const { user, shell } = renderPage(<LoginPage />, { url: '/login' });
    shell.login.mockResolvedValue(false);
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'incorrecta');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales incorrectas');
  });

  it("shows the server's message when login fails with one", async () => {
    const message = 'Demasiados intentos. Inténtelo de nuevo más tarde';
    const { user, shell } = renderPage(<LoginPage />, { url: '/login', auth: { error: message } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    shell.login.mockResolvedValue(false);
    await user.type(emailInput(), 'ana@example.com');
    await user.type(passwordInput(), 'incorrecta');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows Spanish field errors for an empty form and does not call login', async () => {
    const { user, shell } = renderPage(<LoginPage />, { url: '/login' });
    await user.click(submitButton());
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveFocus();
    expect(shell.login).not.toHaveBeenCalled();
  });

  it('shows a Spanish error for an invalid e-mail', async () => {
    const { user, shell } = renderPage(<LoginPage />, { url: '/login' });
    await user.type(emailInput(), 'ana@example');
    await user.type(passwordInput(), 'secreto-largo');
    await user.click(submitButton());
    expect(await screen.findByText('El correo electrónico no es válido')).toBeInTheDocument();
    expect(shell.login).not.toHaveBeenCalled();
  });

  it('switches the password between hidden and visible with the toggle', async () => {
    const { user } = renderPage(<LoginPage />, { url: '/login' });
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('reaches the fields, the toggle, the recovery link and the button with the keyboard', async () => {
    const { user } = renderPage(<LoginPage />, { url: '/login' });
    await user.tab();
    expect(emailInput()).toHaveFocus();
    await user.tab();
    expect(passwordInput()).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: '¿Ha olvidado su contraseña?' })).toHaveFocus();
    await user.tab();
    expect(submitButton()).toHaveFocus();
  });

  describe('for a visitor who is already signed in', () => {
    const ana = makeUser({ nombre: "Ana O'Neill", email: 'ana@example.com' });

    it('shows who is signed in instead of the form', () => {
      renderPage(<LoginPage />, { url: '/login', auth: signedIn(ana) });
      expect(
        screen.getByText("Sesión iniciada como Ana O'Neill (ana@example.com)"),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Contraseña/)).not.toBeInTheDocument();
    });

    it('"Continuar" goes to the home page', async () => {
      const { user, shell } = renderPage(<LoginPage />, { url: '/login', auth: signedIn(ana) });
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(shell.navigateTo).toHaveBeenCalledWith('/');
    });

    it('"Continuar" follows a same-origin redirect and ignores another origin', async () => {
      const first = renderPage(<LoginPage />, {
        url: '/login?redirect=%2Finformes',
        auth: signedIn(ana),
      });
      await first.user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(first.shell.navigateTo).toHaveBeenCalledWith('/informes');
      first.unmount();

      const second = renderPage(<LoginPage />, {
        url: '/login?redirect=%2F%2Fevil.example',
        auth: signedIn(ana),
      });
      await second.user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(second.shell.navigateTo).toHaveBeenCalledWith('/');
    });

    it('"Cerrar sesión" signs out', async () => {
      const { user, shell } = renderPage(<LoginPage />, { url: '/login', auth: signedIn(ana) });
      await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
      expect(shell.logout).toHaveBeenCalledTimes(1);
    });
  });

  it('shows a progress, not the form, while a stored token is being checked', () => {
    renderPage(<LoginPage />, {
      url: '/login',
      auth: { token: 't', isAuthenticated: true, loading: true },
    });
    expect(screen.getByRole('progressbar', { name: 'Comprobando la sesión…' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Correo electrónico/)).not.toBeInTheDocument();
  });
});
