import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Usuario } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { UsuariosTab } from './UsuariosTab';

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });

function usuario(
  id: number,
  nombre: string,
  email: string,
  roles: string[] = ['usuario'],
): Usuario {
  return {
    id,
    nombre,
    email,
    activo: true,
    roles,
    creadoEn: '2026-11-01T10:00:00.000Z',
    ultimoAcceso: null,
    version: 1,
  };
}

const ROWS = [
  usuario(1, 'Ana Pérez', 'ana@example.com', ['admin']),
  usuario(2, 'Luis Gómez', 'luis@example.com', ['gestor']),
];
const ROLES = {
  items: [
    {
      id: 1,
      nombre: 'admin',
      descripcion: '',
      permisos: [],
      usuarios: 1,
      creadoEn: '2026-11-01T10:00:00.000Z',
      version: 1,
    },
    {
      id: 2,
      nombre: 'gestor',
      descripcion: '',
      permisos: [],
      usuarios: 1,
      creadoEn: '2026-11-01T10:00:00.000Z',
      version: 1,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 100,
};

function setup() {
  const fetchMock = mockFetch({
    'GET /api/usuarios': ({ query }) => {
      const q = query.get('q')?.toLowerCase();
      const items = q ? ROWS.filter((r) => r.nombre.toLowerCase().includes(q)) : ROWS;
      return { body: { items, total: items.length, page: 1, pageSize: 25 } };
    },
    'GET /api/roles': { body: ROLES },
    'DELETE /api/usuarios/2': { status: 204 },
  });
  const rendered = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
  return { fetchMock, ...rendered };
}

// MUI X Data Grid and dialogs render slowly on a shared CI machine.
jest.setTimeout(20_000);

describe('UsuariosTab', () => {
  it('shows the rows the server returned, with their roles', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByText('Luis Gómez')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    const first = fetchMock.callsTo('GET /api/usuarios')[0]!;
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('pageSize')).toBe('25');
    expect(first.headers.get('authorization')).toBe('Bearer token');
  });

  it('waits for a pause in typing before searching, then sends q once', async () => {
    const { fetchMock } = setup();
    await screen.findByText('Luis Gómez');
    const before = fetchMock.callsTo('GET /api/usuarios').length;
    const search = screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' });
    // Four keystrokes well inside 300 ms (synchronous, so a busy machine cannot stretch them).
    for (const text of ['l', 'lu', 'lui', 'luis'])
      fireEvent.change(search, { target: { value: text } });
    expect(search).toHaveValue('luis');
    expect(fetchMock.callsTo('GET /api/usuarios')).toHaveLength(before);
    await waitFor(() => expect(screen.queryByText('Ana Pérez')).not.toBeInTheDocument());
    const searches = fetchMock.callsTo('GET /api/usuarios').slice(before);
    expect(searches.map((c) => c.query.get('q'))).toEqual(['luis']);
    expect(screen.getByText('Luis Gómez')).toBeInTheDocument();
  });

  it('says "o más" when a search reached the count cap, and the exact count otherwise', async () => {
    mockFetch({
      'GET /api/usuarios': { body: { items: ROWS, total: 2000, page: 1, pageSize: 25 } },
      'GET /api/roles': { body: ROLES },
    });
    renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    await screen.findByText('Luis Gómez');
    // Unfiltered totals are exact: 2000 means 2000.
    expect(screen.getByText('1–25 de 2000')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }), {
      target: { value: 'a' },
    });
    expect(await screen.findByText('1–25 de 2000 o más')).toBeInTheDocument();
  });

  it('asks for confirmation before deleting, and deletes only on confirm', async () => {
    const { fetchMock, user, shell } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acciones de Luis Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el usuario?' });
    expect(within(dialog).getByText(/Luis Gómez \(luis@example\.com\)/)).toBeInTheDocument();
    expect(fetchMock.callsTo('DELETE /api/usuarios/2')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.callsTo('DELETE /api/usuarios/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Acciones de Luis Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/usuarios/2')).toHaveLength(1));
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Usuario eliminado', { type: 'success' }),
    );
  });

  it('hides actions the user lacks the permission for', async () => {
    mockFetch({ 'GET /api/usuarios': { body: { items: ROWS, total: 2, page: 1, pageSize: 25 } } });
    const viewer = makeUser({
      roles: [{ nombre: 'lector', permisos: [{ nombre: 'usuarios:ver' }] }],
    });
    renderPage(<UsuariosTab />, { auth: signedIn(viewer) });
    expect(await screen.findByText('Luis Gómez')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo usuario' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Acciones de Luis Gómez' }),
    ).not.toBeInTheDocument();
  });

  it('shows every role of a user with three roles', async () => {
    mockFetch({
      'GET /api/usuarios': {
        body: {
          items: [usuario(3, 'Eva Ruiz', 'eva@example.com', ['gestor', 'auditor', 'soporte'])],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      },
      'GET /api/roles': { body: ROLES },
    });
    renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    const row = (await screen.findByText('Eva Ruiz')).closest('[role="row"]') as HTMLElement;
    for (const rol of ['gestor', 'auditor', 'soporte'])
      expect(within(row).getByText(rol)).toBeVisible();
  });

  it('shows only the error and a retry when the list failed, not "Todavía no hay usuarios"', async () => {
    let fail = true;
    mockFetch({
      'GET /api/usuarios': () =>
        fail
          ? {
              status: 500,
              body: { statusCode: 500, error: 'Internal Server Error', message: 'Fallo interno' },
            }
          : { body: { items: ROWS, total: 2, page: 1, pageSize: 25 } },
      'GET /api/roles': { body: ROLES },
    });
    const { user } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    expect(await screen.findByText('Fallo interno')).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay usuarios')).not.toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Luis Gómez')).toBeInTheDocument();
    expect(screen.queryByText('Fallo interno')).not.toBeInTheDocument();
  });
});
