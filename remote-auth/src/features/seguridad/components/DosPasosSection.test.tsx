import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { DosPasosSection } from './DosPasosSection';

jest.setTimeout(30_000);

const estado = (over: { activo?: boolean; restantes?: number; obligatorio?: boolean } = {}) => ({
  metodos: over.activo ? ['totp'] : [],
  totp: {
    activo: over.activo ?? false,
    pendiente: false,
    activadoEn: over.activo ? '2026-11-20T09:30:00.000Z' : null,
  },
  codigosRecuperacionRestantes: over.restantes ?? 0,
  obligatorio: over.obligatorio ?? false,
});
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, '0')}`);
const wrongPassword = {
  status: 400,
  body: {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Datos no válidos',
    code: ERROR_CODES.validation,
    details: [{ field: 'password', message: 'La contraseña no es correcta' }],
  },
};

const open = () => renderPage(<DosPasosSection />, { auth: signedIn(makeUser()) });

describe('Mi cuenta › Seguridad (issue #16)', () => {
  it('walks through Configurar: password, QR and manual key, first code, recovery codes once', async () => {
    let state = estado();
    const fetchMock = mockFetch({
      'GET /api/auth/mfa': () => ({ body: state }),
      'POST /api/auth/mfa/totp': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/G:ana?secret=JBSWY3DPEHPK3PXP',
        },
      },
      'POST /api/auth/mfa/totp/activate': () => {
        state = estado({ activo: true, restantes: 10 });
        return { body: { codigosRecuperacion: codes } };
      },
    });
    const { user, shell } = open();
    expect(await screen.findByText('No configurada')).toBeInTheDocument();
    expect(
      screen.getByText('Ninguno de sus roles la exige; le recomendamos activarla.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configurar' }));
    const pass = await screen.findByRole('dialog', {
      name: 'Configurar una aplicación de autenticación',
    });
    await user.type(within(pass).getByLabelText(/^Contraseña/), 'Mi-Clave-2026');
    await user.click(within(pass).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/auth/mfa/totp')[0]!.body).toEqual({
      password: 'Mi-Clave-2026',
    });
    await user.type(screen.getByLabelText(/^Código de la aplicación/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    const shown = await screen.findByRole('dialog', { name: 'Sus nuevos códigos de recuperación' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(within(shown).getByRole('button', { name: 'Listo' })).toBeDisabled();
    await user.click(within(shown).getByRole('checkbox', { name: 'He guardado los códigos' }));
    await user.click(within(shown).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shell.notify).toHaveBeenCalledWith('Verificación en dos pasos activada', {
      type: 'success',
    });
    expect(await screen.findByText('Le quedan 10 códigos de recuperación.')).toBeInTheDocument();
  });

  it('warns at 3 codes or fewer and shows a regenerated set once, after a wrong password under its field', async () => {
    let tries = 0;
    mockFetch({
      'GET /api/auth/mfa': { body: estado({ activo: true, restantes: 3, obligatorio: true }) },
      'POST /api/auth/mfa/recovery-codes': () =>
        ++tries === 1 ? wrongPassword : { body: { codigosRecuperacion: codes } },
    });
    const { user } = open();
    expect(await screen.findByText('Le quedan 3 códigos de recuperación.')).toBeInTheDocument();
    expect(screen.getByText(/Le quedan pocos códigos de recuperación/)).toBeInTheDocument();
    expect(screen.getByText(/Sus roles exigen la verificación en dos pasos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generar nuevos códigos' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Generar nuevos códigos de recuperación?',
    });
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'mala');
    await user.click(within(dialog).getByRole('button', { name: 'Generar nuevos códigos' }));
    expect(await within(dialog).findByText('La contraseña no es correcta')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Contraseña/));
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'Mi-Clave-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Generar nuevos códigos' }));
    const shown = await screen.findByRole('dialog', { name: 'Sus nuevos códigos de recuperación' });
    expect(within(shown).getByText('abcd-efgh-0009')).toBeInTheDocument();
  });

  it('does not warn with more than 3 codes, and removes the app with the password', async () => {
    let state = estado({ activo: true, restantes: 4 });
    const fetchMock = mockFetch({
      'GET /api/auth/mfa': () => ({ body: state }),
      'DELETE /api/auth/mfa/totp': () => {
        state = estado();
        return { status: 204 };
      },
    });
    const { user, shell } = open();
    expect(await screen.findByText('Le quedan 4 códigos de recuperación.')).toBeInTheDocument();
    expect(screen.queryByText(/Le quedan pocos códigos/)).not.toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Eliminar la aplicación de autenticación' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: '¿Eliminar la aplicación de autenticación?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(fetchMock.callsTo('DELETE /api/auth/mfa/totp')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'Mi-Clave-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Aplicación de autenticación eliminada', {
        type: 'success',
      }),
    );
    expect(fetchMock.callsTo('DELETE /api/auth/mfa/totp')[0]!.body).toEqual({
      password: 'Mi-Clave-2026',
    });
    expect(await screen.findByText('No configurada')).toBeInTheDocument();
  });

  it('says so and offers a retry when the state cannot be loaded', async () => {
    mockFetch({
      'GET /api/auth/mfa': {
        status: 500,
        body: { statusCode: 500, error: 'E', message: 'Error interno' },
      },
    });
    open();
    expect(await screen.findByText('Error interno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
