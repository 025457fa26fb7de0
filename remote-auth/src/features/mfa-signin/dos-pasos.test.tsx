import { screen, waitFor } from '@testing-library/react';
import { MFA_ERROR_CODES, MFA_LIMITS } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage } from '../../testing/render';
import DosPasosPage from './DosPasosPage';
import { INVALID_CREDENTIALS, WithState } from '../../testing/with-state';

jest.setTimeout(30_000);

const URL = '/login/dos-pasos';
const pending = { token: 'reto-mfa', metodos: ['totp', 'recuperacion'], redirect: '/eventos' };
const open = (state: unknown = pending) =>
  renderPage(
    <WithState state={state}>
      <DosPasosPage />
    </WithState>,
    { url: URL },
  );
const session = { token: 't-mfa', user: makeUser() };

describe('DosPasosPage', () => {
  it('sends the six digits with the token and hands the session and redirect to the shell', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/login/mfa': { body: session } });
    const { user, shell } = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verificación en dos pasos' }),
    ).toBeInTheDocument();
    const code = screen.getByLabelText(/^Código de verificación/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código tiene 6 cifras')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(session, '/eventos'));
    expect(fetchMock.callsTo('POST /api/auth/login/mfa')[0]!.body).toEqual({
      token: 'reto-mfa',
      codigo: '123456',
    });
  });

  it('switches to a recovery code and back, and says a wrong one under the field', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/login/mfa': INVALID_CREDENTIALS });
    const { user, shell } = open();
    await user.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    const code = screen.getByLabelText(/^Código de recuperación/);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'off');
    expect(code).not.toHaveAttribute('inputmode');
    expect(screen.getByText(/Introduzca uno de sus códigos de recuperación/)).toBeInTheDocument();
    await user.type(code, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('El código de recuperación no es correcto o ya se ha usado'),
    ).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/login/mfa')[0]!.body).toEqual({
      token: 'reto-mfa',
      codigo: 'abcd-efgh-jkmn',
    });
    expect(shell.startSession).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Usar el código de la aplicación' }));
    expect(screen.getByLabelText(/^Código de verificación/)).toHaveValue('');
  });

  it('offers no recovery code when none is left', async () => {
    open({ token: 'r', metodos: ['totp'] });
    await screen.findByLabelText(/^Código de verificación/);
    expect(screen.queryByRole('button', { name: 'Usar un código de recuperación' })).toBeNull();
  });

  it('says a wrong code, and after the fifth sends the visitor back to /login', async () => {
    mockFetch({ 'POST /api/auth/login/mfa': INVALID_CREDENTIALS });
    const { user } = open();
    const code = await screen.findByLabelText(/^Código de verificación/);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código no es correcto')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    for (let i = 1; i < MFA_LIMITS.challengeTries; i++) {
      await user.click(screen.getByRole('button', { name: 'Verificar' }));
    }
    expect(await screen.findByText('La verificación ha caducado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('ends the step when the second factor is locked', async () => {
    mockFetch({
      'POST /api/auth/login/mfa': {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: 'x', code: MFA_ERROR_CODES.locked },
      },
    });
    const { user } = open();
    await user.type(await screen.findByLabelText(/^Código de verificación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Verificación bloqueada')).toBeInTheDocument();
    expect(screen.getByText(/Espere 15 minutos/)).toBeInTheDocument();
  });

  it('says so when the five minutes are over', async () => {
    open({ ...pending, expira: Date.now() - 1 });
    expect(await screen.findByText('La verificación ha caducado')).toBeInTheDocument();
  });

  it('without a pending sign-in sends the visitor back to /login', async () => {
    renderPage(<DosPasosPage />, { url: URL });
    expect(await screen.findByText('No hay ningún inicio de sesión pendiente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
