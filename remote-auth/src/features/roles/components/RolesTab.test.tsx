import { screen, waitFor, within } from '@testing-library/react';
import type { Rol } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { RolesTab } from './RolesTab';

jest.setTimeout(20_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const rol = (id: number, nombre: string, usuarios: number, permisos: string[] = []): Rol => ({
  id,
  nombre,
  descripcion: `Rol ${nombre}`,
  permisos,
  usuarios,
  creadoEn: '2026-11-01T10:00:00.000Z',
  version: 1,
});
const ROLES = [rol(1, 'admin', 1), rol(2, 'gestor', 3, ['eventos:ver', 'eventos:crear']), rol(3, 'usuario', 0)];

describe('RolesTab', () => {
  it('lists the roles with their user counts; admin cannot be deleted', async () => {
    mockFetch({ 'GET /api/roles': { body: { items: ROLES, total: 3, page: 1, pageSize: 100 } } });
    renderPage(<RolesTab />, { auth: signedIn(admin) });
    const row = (await screen.findByText('gestor')).closest('tr')!;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar el rol gestor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar el rol admin' })).not.toBeInTheDocument();
  });

  it('asks for a replacement role before deleting a role users hold', async () => {
    const fetchMock = mockFetch({
      'GET /api/roles': { body: { items: ROLES, total: 3, page: 1, pageSize: 100 } },
      'GET /api/configuracion': { body: { registroAbierto: true, rolPorDefecto: 'usuario', version: 1 } },
      'DELETE /api/roles/2': { status: 204 },
    });
    const { user, shell } = renderPage(<RolesTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el rol gestor' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el rol?' });
    expect(within(dialog).getByText(/3 usuarios tienen el rol gestor/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Rol de sustitución' }));
    await user.click(screen.getByRole('option', { name: 'usuario' }));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/roles/2')).toHaveLength(1));
    expect(fetchMock.callsTo('DELETE /api/roles/2')[0]!.query.get('reemplazo')).toBe('usuario');
    await waitFor(() => expect(shell.notify).toHaveBeenCalledWith('Rol gestor eliminado', { type: 'success' }));
  });

  it("shows the server's Spanish reason when a delete is refused", async () => {
    mockFetch({
      'GET /api/roles': { body: { items: ROLES, total: 3, page: 1, pageSize: 100 } },
      'GET /api/configuracion': { body: { registroAbierto: true, rolPorDefecto: 'gestor', version: 1 } },
      'DELETE /api/roles/3': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'CONFLICT',
          message: 'Es el rol por defecto del registro; cambie antes el rol por defecto',
        },
      },
    });
    const { user, shell } = renderPage(<RolesTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el rol usuario' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith(
        'Es el rol por defecto del registro; cambie antes el rol por defecto',
        { type: 'error' },
      ),
    );
  });

  it('offers no create, edit or delete without roles:gestionar', async () => {
    mockFetch({ 'GET /api/roles': { body: { items: ROLES, total: 3, page: 1, pageSize: 100 } } });
    const viewer = makeUser({ roles: [{ nombre: 'x', permisos: [{ nombre: 'roles:ver' }] }] });
    renderPage(<RolesTab />, { auth: signedIn(viewer) });
    await screen.findByText('gestor');
    expect(screen.queryByRole('button', { name: 'Nuevo rol' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Eliminar el rol/ })).not.toBeInTheDocument();
  });

  it('shows only the error and a retry when the list failed, not "Todavía no hay roles"', async () => {
    mockFetch({
      'GET /api/roles': {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Fallo interno' },
      },
    });
    renderPage(<RolesTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('Fallo interno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay roles')).not.toBeInTheDocument();
  });
});
