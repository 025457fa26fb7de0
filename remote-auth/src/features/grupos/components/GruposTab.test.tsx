import { screen, waitFor, within } from '@testing-library/react';
import type { Grupo } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { GruposTab } from './GruposTab';

jest.setTimeout(30_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const grupo = (id: number, nombre: string, roles: string[], miembros: number): Grupo => ({
  id,
  nombre,
  descripcion: `Grupo ${nombre}`,
  roles,
  miembros,
  creadoEn: '2026-11-01T10:00:00.000Z',
  version: 1,
});
const GRUPOS = [grupo(1, 'Ventas', ['gestor'], 3), grupo(2, 'Soporte', ['usuario'], 0)];
const page = (items: Grupo[]) => ({ body: { items, total: items.length, page: 1, pageSize: 25 } });

describe('GruposTab', () => {
  it('lists the groups with their roles and member counts, and searches', async () => {
    const fetchMock = mockFetch({ 'GET /api/grupos': page(GRUPOS) });
    const { user } = renderPage(<GruposTab />, { auth: signedIn(admin) });
    const row = (await screen.findByText('Ventas')).closest('[role="row"]')!;
    expect(within(row as HTMLElement).getByText('gestor')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('3')).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nombre o descripción' }),
      'ven',
    );
    await waitFor(() =>
      expect(fetchMock.callsTo('GET /api/grupos').some((c) => c.query.get('q') === 'ven')).toBe(
        true,
      ),
    );
  });

  it('creates a group with the roles ticked', async () => {
    const fetchMock = mockFetch({
      'GET /api/grupos': page(GRUPOS),
      'GET /api/roles': {
        body: {
          items: [
            {
              id: 2,
              nombre: 'gestor',
              descripcion: '',
              permisos: ['eventos:ver'],
              usuarios: 1,
              creadoEn: '2026-11-01T10:00:00.000Z',
              version: 1,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      },
      'POST /api/grupos': { status: 201, body: grupo(3, 'Compras', ['gestor'], 0) },
    });
    const { user, shell } = renderPage(<GruposTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Nuevo grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo grupo' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Compras');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'gestor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/grupos')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/grupos')[0]!.body).toEqual({
      nombre: 'Compras',
      descripcion: '',
      roles: ['gestor'],
    });
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Grupo creado', { type: 'success' }),
    );
  });

  it('deletes a group after confirming', async () => {
    const fetchMock = mockFetch({
      'GET /api/grupos': page(GRUPOS),
      'DELETE /api/grupos/1': { status: 204 },
    });
    const { user, shell } = renderPage(<GruposTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Ventas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar el grupo?' });
    expect(
      within(dialog).getByText(/Sus 3 miembros dejarán de tener sus roles/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/grupos/1')).toHaveLength(1));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Grupo «Ventas» eliminado', { type: 'success' }),
    );
  });

  it('offers no action on a group with a role the viewer may not give, and says why', async () => {
    const gestor = makeUser({
      roles: [
        { nombre: 'gerente', permisos: [{ nombre: 'grupos:ver' }, { nombre: 'grupos:gestionar' }] },
      ],
    });
    mockFetch({ 'GET /api/grupos': page([grupo(5, 'Admins', ['admin'], 1)]) });
    renderPage(<GruposTab />, { auth: signedIn(gestor) });
    expect(
      await screen.findByRole('img', { name: /No puede gestionar «Admins»/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Admins' })).not.toBeInTheDocument();
  });
});
