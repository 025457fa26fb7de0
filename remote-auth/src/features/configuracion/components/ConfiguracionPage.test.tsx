import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import ConfiguracionPage from './ConfiguracionPage';

const SESSIONS = {
  'GET /api/sesiones': {
    body: { page: 1, pageSize: 2, total: 2, items: [
      { id: 1, dispositivo: 'Firefox en Linux', ip: '127.0.0.1', creadaEn: '2026-11-20T10:00:00Z', ultimoUso: '2026-11-21T06:00:00Z', actual: true },
      { id: 2, dispositivo: 'Chrome en Android', ip: '10.0.0.2', creadaEn: '2026-11-19T10:00:00Z', ultimoUso: '2026-11-19T10:00:00Z', actual: false },
    ] },
  },
};

const EMPTY_PAGE = { items: [], total: 0, page: 1, pageSize: 25 };

function withPermissions(...permisos: string[]) {
  return makeUser({ roles: [{ nombre: 'custom', permisos: permisos.map((nombre) => ({ nombre })) }] });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

// MUI X Data Grid and dialogs render slowly on a shared CI machine.
jest.setTimeout(20_000);

describe('ConfiguracionPage', () => {
  it("shows Mi cuenta with the signed-in user's name, e-mail and roles", async () => {
    mockFetch(SESSIONS);
    const user = makeUser({
      nombre: 'Luis Gómez',
      email: 'luis@example.com',
      roles: [
        { nombre: 'gestor', permisos: [] },
        { nombre: 'usuario', permisos: [] },
      ],
    });
    renderPage(<ConfiguracionPage />, { path: '/configuracion/*', url: '/configuracion', auth: signedIn(user) });
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Mi perfil' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Luis Gómez');
    expect(screen.getByText('luis@example.com')).toBeInTheDocument();
    expect(screen.getByText('gestor')).toBeInTheDocument();
    expect(screen.queryByText('El rol admin incluye todos los permisos.')).not.toBeInTheDocument();
    expect(await screen.findByText('Chrome en Android')).toBeInTheDocument();
    expect(screen.getByText('Esta sesión')).toBeInTheDocument();
  });

  it('shows only Mi cuenta to a user without administration permissions', () => {
    mockFetch(SESSIONS);
    renderPage(<ConfiguracionPage />, { path: '/configuracion/*', url: '/configuracion', auth: signedIn(makeUser()) });
    expect(tabNames()).toEqual(['Mi cuenta']);
    expect(screen.getByRole('tab', { name: 'Mi cuenta' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows each tab only with its permission, and every tab to admin', () => {
    mockFetch(SESSIONS);
    const { unmount } = renderPage(<ConfiguracionPage />, {
      path: '/configuracion/*', url: '/configuracion',
      auth: signedIn(withPermissions('usuarios:ver', 'auditoria:ver')),
    });
    expect(tabNames()).toEqual(['Mi cuenta', 'Usuarios', 'Auditoría']);
    unmount();

    renderPage(<ConfiguracionPage />, {
      path: '/configuracion/*', url: '/configuracion',
      auth: signedIn(makeUser({ roles: [{ nombre: 'admin', permisos: [] }] })),
    });
    expect(tabNames()).toEqual(['Mi cuenta', 'Usuarios', 'Roles', 'Grupos', 'Auditoría', 'Ajustes']);
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('href', '/configuracion/roles');
  });

  it('opens the tab its URL names, so it can be bookmarked', async () => {
    mockFetch({ 'GET /api/auditoria': { body: EMPTY_PAGE } });
    renderPage(<ConfiguracionPage />, {
      path: '/configuracion/*', url: '/configuracion/auditoria',
      auth: signedIn(withPermissions('auditoria:ver')),
    });
    expect(screen.getByRole('tab', { name: 'Auditoría' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Todavía no hay entradas de auditoría')).toBeInTheDocument();
  });

  it('refuses a bookmarked tab the user may not see', () => {
    mockFetch(SESSIONS);
    renderPage(<ConfiguracionPage />, { path: '/configuracion/*', url: '/configuracion/usuarios', auth: signedIn(makeUser()) });
    expect(screen.getByText('No tiene permiso para ver esta sección.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('changes the password sending the current and the new one', async () => {
    const fetchMock = mockFetch({ ...SESSIONS, 'POST /api/auth/password': { status: 204 } });
    const { user, shell } = renderPage(<ConfiguracionPage />, {
      path: '/configuracion/*', url: '/configuracion',
      auth: signedIn(makeUser()),
    });
    const form = screen.getByRole('heading', { name: 'Cambiar contraseña' }).closest('section')!;
    await user.type(within(form).getByLabelText(/^Contraseña actual/), 'vieja-clave');
    await user.type(within(form).getByLabelText(/^Nueva contraseña/), 'nueva-clave-larga');
    await user.type(within(form).getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-larga');
    await user.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/auth/password')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/auth/password')[0]!.body).toEqual({
      actual: 'vieja-clave',
      nueva: 'nueva-clave-larga',
    });
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith('Contraseña cambiada', { type: 'success' }),
    );
  });

  it('shows the server message on the current-password field when it is wrong', async () => {
    mockFetch({
      ...SESSIONS,
      'POST /api/auth/password': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Datos no válidos',
          details: [{ field: 'actual', message: 'La contraseña actual no es correcta' }],
        },
      },
    });
    const { user } = renderPage(<ConfiguracionPage />, { path: '/configuracion/*', url: '/configuracion', auth: signedIn(makeUser()) });
    const form = screen.getByRole('heading', { name: 'Cambiar contraseña' }).closest('section')!;
    await user.type(within(form).getByLabelText(/^Contraseña actual/), 'mala');
    await user.type(within(form).getByLabelText(/^Nueva contraseña/), 'nueva-clave-larga');
    await user.type(within(form).getByLabelText(/^Repita la nueva contraseña/), 'otra-clave-larga');
    await user.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(form).findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Repita la nueva contraseña/));
    await user.type(within(form).getByLabelText(/^Repita la nueva contraseña/), 'nueva-clave-larga');
    await user.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(form).findByText('La contraseña actual no es correcta')).toBeInTheDocument();
  });

  it('saves the name and hands the new user to the shell', async () => {
    const fetchMock = mockFetch({
      ...SESSIONS,
      'PATCH /api/auth/me': { body: { user: makeUser({ nombre: 'Ana María Pérez' }) } },
    });
    const { user, store } = renderPage(<ConfiguracionPage />, {
      path: '/configuracion/*', url: '/configuracion',
      auth: signedIn(makeUser()),
    });
    const nombre = screen.getByLabelText(/^Nombre/);
    await user.clear(nombre);
    await user.type(nombre, 'Ana María Pérez');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(store.getState().auth.user?.nombre).toBe('Ana María Pérez'));
    expect(fetchMock.callsTo('PATCH /api/auth/me')[0]!.body).toEqual({ nombre: 'Ana María Pérez' });
  });

  it('asks before closing another session, then revokes it', async () => {
    const fetchMock = mockFetch({ ...SESSIONS, 'DELETE /api/sesiones/2': { status: 204 } });
    const { user } = renderPage(<ConfiguracionPage />, { path: '/configuracion/*', url: '/configuracion', auth: signedIn(makeUser()) });
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión de Chrome en Android' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cerrar esta sesión?' });
    expect(fetchMock.callsTo('DELETE /api/sesiones/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/sesiones/2')).toHaveLength(1));
  });
});
