import { screen, waitFor, within } from '@testing-library/react';
import type { Rol } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { RolesTab } from './RolesTab';

jest.setTimeout(20_000);

const rol = (id: number, nombre: string, usuarios: number, permisos: string[] = []): Rol => ({
  id,
  nombre,
  descripcion: '',
  permisos,
  usuarios,
  creadoEn: '2026-11-01T10:00:00.000Z',
  version: 1,
});
const ROLES = [
  rol(1, 'admin', 1),
  rol(2, 'gestor', 3, ['eventos:ver', 'eventos:crear']),
  rol(3, 'usuario', 0, ['eventos:ver']),
  rol(4, 'invitado', 2, ['eventos:ver']),
  rol(5, 'auditor', 0, ['auditoria:ver']),
];
const rolesPage = { body: { items: ROLES, total: ROLES.length, page: 1, pageSize: 100 } };
const ajustes = { body: { registroAbierto: true, rolPorDefecto: 'usuario', version: 1 } };
const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
/** May manage roles and see events, but not read the settings nor give auditoria:ver. */
const rolesManager = makeUser({
  roles: [
    {
      nombre: 'jefe',
      permisos: ['roles:ver', 'roles:gestionar', 'eventos:ver', 'eventos:crear'].map((nombre) => ({ nombre })),
    },
  ],
});

const optionsOf = async (user: ReturnType<typeof renderPage>['user'], dialog: HTMLElement, name: string) => {
  await user.click(within(dialog).getByRole('combobox', { name }));
  return screen.getAllByRole('option').map((o) => o.textContent);
};

describe('deleting a role (issue #13)', () => {
  it('never offers admin, nor a role the viewer may not give, as the replacement', async () => {
    mockFetch({ 'GET /api/roles': rolesPage, 'GET /api/configuracion': ajustes });
    const { user } = renderPage(<RolesTab />, { auth: signedIn(rolesManager) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el rol invitado' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el rol?' });
    expect(await optionsOf(user, dialog, 'Rol de sustitución')).toEqual(['gestor', 'usuario']);
  });

  it('never offers admin as the replacement, even to an admin', async () => {
    mockFetch({ 'GET /api/roles': rolesPage, 'GET /api/configuracion': ajustes });
    const { user } = renderPage(<RolesTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el rol invitado' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el rol?' });
    expect(await optionsOf(user, dialog, 'Rol de sustitución')).toEqual(['gestor', 'usuario', 'auditor']);
  });

  it('says beforehand that the role is the default one, and sends the new default', async () => {
    const fetchMock = mockFetch({
      'GET /api/roles': rolesPage,
      'GET /api/configuracion': ajustes,
      'DELETE /api/roles/3': { status: 204 },
    });
    const { user, shell } = renderPage(<RolesTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el rol usuario' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el rol?' });
    expect(
      await within(dialog).findByText('«usuario» es el rol por defecto del registro; elija el nuevo rol por defecto'),
    ).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    expect(confirm).toBeDisabled();
    expect(await optionsOf(user, dialog, 'Nuevo rol por defecto')).toEqual(['gestor', 'invitado', 'auditor']);
    await user.click(screen.getByRole('option', { name: 'invitado' }));
    await user.click(confirm);
    await waitFor(() => expect(fetchMock.callsTo('DELETE /api/roles/3')).toHaveLength(1));
    const query = fetchMock.callsTo('DELETE /api/roles/3')[0]!.query;
    expect(query.get('rolPorDefecto')).toBe('invitado');
    expect(query.has('reemplazo')).toBe(false);
    await waitFor(() => expect(shell.notify).toHaveBeenCalledWith('Rol usuario eliminado', { type: 'success' }));
  });

  it('asks for the new default when the api says so to a viewer who cannot read the settings', async () => {
    let answered = 0;
    const fetchMock = mockFetch({
      'GET /api/roles': rolesPage,
      'DELETE /api/roles/3': ({ query }) => {
        answered += 1;
        return query.get('rolPorDefecto')
          ? { status: 204 }
          : {
              status: 409,
              body: {
                statusCode: 409,
                error: 'Conflict',
                code: 'CONFLICT',
                message: 'Es el rol por defecto del registro; indique el nuevo rol por defecto para eliminarlo',
              },
            };
      },
    });
    const { user, shell } = renderPage(<RolesTab />, { auth: signedIn(rolesManager) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar el rol usuario' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar el rol?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await within(dialog).findByText('«usuario» es el rol por defecto del registro; elija el nuevo rol por defecto'),
    ).toBeInTheDocument();
    expect(shell.notify).not.toHaveBeenCalled();
    expect(fetchMock.callsTo('GET /api/configuracion')).toHaveLength(0);
    // auditor carries a permission the viewer lacks; admin is never the default.
    expect(await optionsOf(user, dialog, 'Nuevo rol por defecto')).toEqual(['gestor', 'invitado']);
    await user.click(screen.getByRole('option', { name: 'gestor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(answered).toBe(2));
    expect(fetchMock.callsTo('DELETE /api/roles/3')[1]!.query.get('rolPorDefecto')).toBe('gestor');
  });

  it('offers no edit or delete of a role the viewer may not manage, and says why', async () => {
    mockFetch({ 'GET /api/roles': rolesPage });
    renderPage(<RolesTab />, { auth: signedIn(rolesManager) });
    await screen.findByText('auditor');
    expect(screen.queryByRole('button', { name: 'Editar el rol auditor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar el rol auditor' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'No puede gestionar el rol auditor: No puede conceder ni quitar permisos que usted no tiene: auditoria:ver',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'No puede gestionar el rol admin: Solo un administrador puede asignar o quitar el rol «admin»',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar el rol gestor' })).toBeInTheDocument();
  });
});
