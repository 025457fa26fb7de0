import { screen, waitFor, within } from '@testing-library/react';
import type { UsuarioDetalle } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { UsuarioMfa } from './UsuarioMfa';

jest.setTimeout(30_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const ana = { id: 7, nombre: 'Ana Ruiz', email: 'ana@example.com' } as UsuarioDetalle;
const withTotp = {
  metodos: ['totp'],
  totp: { activo: true, pendiente: false, activadoEn: '2026-11-20T09:30:00.000Z' },
  codigosRecuperacionRestantes: 2,
  obligatorio: true,
};
const none = {
  metodos: [],
  totp: { activo: false, pendiente: false, activadoEn: null },
  codigosRecuperacionRestantes: 0,
  obligatorio: false,
};

describe("the user page's two-step verification (issue #16)", () => {
  it("lists the user's factors and resets them with a required reason", async () => {
    let state: object = withTotp;
    const fetchMock = mockFetch({
      'GET /api/usuarios/7/mfa': () => ({ body: state }),
      'POST /api/usuarios/7/mfa/reset': () => {
        state = none;
        return { status: 204 };
      },
    });
    const { user, shell } = renderPage(<UsuarioMfa usuario={ana} refusal={null} />, {
      auth: signedIn(admin),
    });
    const list = await screen.findByRole('list', { name: 'Verificación en dos pasos' });
    expect(
      within(list).getByText(/^Aplicación de autenticación, activa desde/),
    ).toBeInTheDocument();
    expect(within(list).getByText('2 códigos de recuperación sin usar')).toBeInTheDocument();
    expect(screen.getByText('Sus roles exigen la verificación en dos pasos.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restablecer verificación en dos pasos' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Restablecer la verificación en dos pasos de Ana Ruiz?',
    });
    expect(within(dialog).getByText(/se cerrarán todas sus sesiones/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    expect(await within(dialog).findByText('Indique el motivo')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/usuarios/7/mfa/reset')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Perdió el móvil');
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith(
        'Verificación en dos pasos de Ana Ruiz restablecida',
        { type: 'success' },
      ),
    );
    expect(fetchMock.callsTo('POST /api/usuarios/7/mfa/reset')[0]!.body).toEqual({
      motivo: 'Perdió el móvil',
    });
    expect(await screen.findByText('No tiene ningún factor configurado.')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Restablecer verificación en dos pasos' }),
    ).toBeDisabled();
  });

  it('shows the delegation reason instead, without asking the api', () => {
    const fetchMock = mockFetch({});
    renderPage(<UsuarioMfa usuario={ana} refusal="No puede actuar sobre «Ana Ruiz»" />, {
      auth: signedIn(admin),
    });
    expect(screen.getByText('No puede actuar sobre «Ana Ruiz»')).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
  });
});
