/** Issue #15 in the Usuarios tab: pending invitations (Reenviar, Revocar) and reset links. */
import { screen, waitFor, within } from '@testing-library/react';
import type { Usuario } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { cancelConfirmation } from '@gestion/ui/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { UsuariosTab } from './UsuariosTab';

jest.setTimeout(30_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const base: Usuario = {
  id: 2,
  nombre: 'Luis Gómez',
  email: 'luis@example.com',
  activo: true,
  roles: ['gestor'],
  creadoEn: '2026-11-01T10:00:00.000Z',
  ultimoAcceso: null,
  version: 3,
};
const page = (u: Usuario) => ({ body: { items: [u], total: 1, page: 1, pageSize: 25 } });
const ROLES = { body: { items: [], total: 0, page: 1, pageSize: 100 } };

describe('Usuarios: invitations and reset links (issue #15)', () => {
  it('marks a pending invitation and sends it again with "Reenviar"', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': page({ ...base, invitacionPendiente: true }),
      'GET /api/roles': ROLES,
      'POST /api/usuarios/2/invitation': { status: 202, body: { message: 'ok' } },
    });
    const { user, shell } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('Invitación pendiente')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acciones de Luis Gómez' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(expect.arrayContaining(['Reenviar', 'Revocar']));
    expect(items).not.toContain('Enviar enlace de restablecimiento');
    await user.click(screen.getByRole('menuitem', { name: 'Reenviar' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('POST /api/usuarios/2/invitation')).toHaveLength(1),
    );
    expect(shell.notify).toHaveBeenCalledWith('Invitación reenviada a luis@example.com', {
      type: 'success',
    });
  });

  it('asks before "Revocar" and revokes only when confirmed', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': page({ ...base, invitacionPendiente: true }),
      'GET /api/roles': ROLES,
      'DELETE /api/usuarios/2/invitation': { status: 204 },
    });
    const { user, shell } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Acciones de Luis Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Revocar' }));
    const ask = await screen.findByRole('dialog', { name: '¿Revocar la invitación?' });
    expect(ask).toHaveTextContent('El enlace enviado a luis@example.com dejará de funcionar');
    await cancelConfirmation(user, ask, () =>
      fetchMock.callsTo('DELETE /api/usuarios/2/invitation'),
    );

    await user.click(screen.getByRole('button', { name: 'Acciones de Luis Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Revocar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Revocar la invitación?' })).getByRole(
        'button',
        {
          name: 'Revocar',
        },
      ),
    );
    await waitFor(() =>
      expect(fetchMock.callsTo('DELETE /api/usuarios/2/invitation')).toHaveLength(1),
    );
    expect(shell.notify).toHaveBeenCalledWith('Invitación revocada', { type: 'success' });
  });

  it('mails a reset link after confirmation, never showing a password', async () => {
    const fetchMock = mockFetch({
      'GET /api/usuarios': page(base),
      'GET /api/roles': ROLES,
      'POST /api/usuarios/2/password-reset': { status: 202, body: { message: 'ok' } },
    });
    const { user, shell } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Acciones de Luis Gómez' }));
    expect(screen.queryByRole('menuitem', { name: 'Reenviar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Enviar enlace de restablecimiento' }));
    const ask = await screen.findByRole('dialog', {
      name: '¿Enviar un enlace de restablecimiento?',
    });
    expect(ask).toHaveTextContent('Usted no verá ni elegirá la contraseña');
    await user.click(
      within(ask).getByRole('button', { name: 'Enviar enlace de restablecimiento' }),
    );
    await waitFor(() =>
      expect(fetchMock.callsTo('POST /api/usuarios/2/password-reset')).toHaveLength(1),
    );
    expect(shell.notify).toHaveBeenCalledWith(
      'Enlace de restablecimiento enviado a luis@example.com',
      {
        type: 'success',
      },
    );
  });

  it('shows a refused resend as the api said it', async () => {
    mockFetch({
      'GET /api/usuarios': page({ ...base, invitacionPendiente: true }),
      'GET /api/roles': ROLES,
      'POST /api/usuarios/2/invitation': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Demasiados intentos. Inténtelo de nuevo más tarde',
        },
      },
    });
    const { user, shell } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Acciones de Luis Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Reenviar' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith(
        'Demasiados intentos. Inténtelo de nuevo más tarde',
        { type: 'error' },
      ),
    );
  });
});
