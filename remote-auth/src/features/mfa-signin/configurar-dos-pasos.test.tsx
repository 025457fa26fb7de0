import { screen, waitFor } from '@testing-library/react';
import { makeTestStore, mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage } from '../../testing/render';
import { INVALID_CREDENTIALS, WithState } from '../../testing/with-state';
import ConfigurarDosPasosPage from './ConfigurarDosPasosPage';

jest.setTimeout(30_000);

const URL = '/login/configurar-dos-pasos';
const pending = { token: 'alta-mfa', configurar: true, redirect: '/informes' };
const open = (state: unknown = pending) =>
  renderPage(
    <WithState state={state}>
      <ConfigurarDosPasosPage />
    </WithState>,
    // Signed out, as the shell's `login` leaves the store before sending the visitor here.
    { url: URL, store: makeTestStore({ token: null }) },
  );
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Gestion:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Gestion',
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, '0')}`);
const session = { token: 't-alta', user: makeUser() };

describe('ConfigurarDosPasosPage', () => {
  it('enrols with the token as bearer, activates, shows the codes once and then starts the session', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/mfa/totp': { body: enrolment },
      'POST /api/auth/mfa/totp/activate': { body: { codigosRecuperacion: codes, ...session } },
    });
    const { user, shell } = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Configure la verificación en dos pasos' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Su función en la organización exige la verificación en dos pasos/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Código QR/ })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const enrolCalls = fetchMock.callsTo('POST /api/auth/mfa/totp');
    expect(enrolCalls).toHaveLength(1);
    expect(enrolCalls[0]!.headers.get('authorization')).toBe('Bearer alta-mfa');
    expect(enrolCalls[0]!.body).toEqual({});

    await user.type(screen.getByLabelText(/^Código de la aplicación/), '654321');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guarde sus códigos de recuperación' }),
    ).toBeInTheDocument();
    const activation = fetchMock.callsTo('POST /api/auth/mfa/totp/activate')[0]!;
    expect(activation.body).toEqual({ codigo: '654321' });
    expect(activation.headers.get('authorization')).toBe('Bearer alta-mfa');
    expect(screen.getByRole('list', { name: 'Sus códigos de recuperación' }).children).toHaveLength(10);
    // No session until the codes are saved.
    expect(shell.startSession).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'He guardado los códigos' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(shell.startSession).toHaveBeenCalledWith(session, '/informes'));
  });

  it('says a wrong first code under the field and stays', async () => {
    mockFetch({
      'POST /api/auth/mfa/totp': { body: enrolment },
      'POST /api/auth/mfa/totp/activate': INVALID_CREDENTIALS,
    });
    const { user, shell } = open();
    await user.type(await screen.findByLabelText(/^Código de la aplicación/), '000000');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText(/El código no es correcto/)).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('sends the visitor back to /login when the token no longer works', async () => {
    mockFetch({
      'POST /api/auth/mfa/totp': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Sesión no válida o caducada', code: 'UNAUTHENTICATED' },
      },
    });
    open();
    expect(await screen.findByText('La verificación ha caducado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('offers to try again when the secret could not be made', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/mfa/totp': {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Servicio no disponible temporalmente' },
      },
    });
    const { user } = open();
    expect(await screen.findByText('Servicio no disponible temporalmente')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/auth/mfa/totp')).toHaveLength(2));
  });

  it('offers a passkey instead: asks the options with the token, and says when the browser has none', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/mfa/totp': { body: enrolment },
      'POST /api/auth/passkeys/registration-options': {
        body: { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Gestión' }, user: { id: 'dQ', name: 'ana', displayName: 'Ana' }, pubKeyCredParams: [] },
      },
    });
    const { user, shell } = open();
    expect(
      await screen.findByText(/en lugar de una aplicación, use una llave de acceso/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usar una llave de acceso' }));
    // jsdom has no WebAuthn: the browser's refusal is worded, the app setup stays.
    expect(await screen.findByText('Este navegador no admite llaves de acceso.')).toBeInTheDocument();
    const options = fetchMock.callsTo('POST /api/auth/passkeys/registration-options');
    expect(options).toHaveLength(1);
    expect(options[0]!.headers.get('authorization')).toBe('Bearer alta-mfa');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(shell.startSession).not.toHaveBeenCalled();
  });

  it('leads back to /login when the passkey option finds the token spent', async () => {
    mockFetch({
      'POST /api/auth/mfa/totp': { body: enrolment },
      'POST /api/auth/passkeys/registration-options': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Sesión no válida o caducada', code: 'UNAUTHENTICATED' },
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Usar una llave de acceso' }));
    expect(await screen.findByText('La verificación ha caducado')).toBeInTheDocument();
  });

  it('without a pending enrolment sends the visitor back to /login', async () => {
    renderPage(<ConfigurarDosPasosPage />, { url: URL });
    expect(await screen.findByText('No hay ningún inicio de sesión pendiente')).toBeInTheDocument();
  });
});
