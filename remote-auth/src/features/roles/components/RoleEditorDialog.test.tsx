import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { RoleEditorDialog } from './RoleEditorDialog';

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const PERMISOS = [
  { nombre: 'usuarios:ver', descripcion: 'Ver usuarios', grupo: 'usuarios' },
  { nombre: 'usuarios:crear', descripcion: 'Crear usuarios', grupo: 'usuarios' },
  { nombre: 'eventos:ver', descripcion: 'Ver eventos', grupo: 'eventos' },
  { nombre: 'eventos:crear', descripcion: 'Crear eventos', grupo: 'eventos' },
];

function setup() {
  const fetchMock = mockFetch({
    'GET /api/permisos': { body: { items: PERMISOS, total: 4, page: 1, pageSize: 4 } },
    'POST /api/roles': ({ body }) => ({
      status: 201,
      body: { id: 9, descripcion: '', usuarios: 0, creadoEn: '2026-11-21T07:00:00.000Z', version: 1, ...(body as object) },
    }),
  });
  const onClose = jest.fn();
  const rendered = renderPage(<RoleEditorDialog role={null} onClose={onClose} />, { auth: signedIn(admin) });
  return { fetchMock, onClose, ...rendered };
}

// MUI X Data Grid and dialogs render slowly on a shared CI machine.
jest.setTimeout(20_000);

describe('RoleEditorDialog', () => {
  it('groups the catalogue by resource; select-all ticks and unticks its group only', async () => {
    const { user } = setup();
    const all = await screen.findByRole('checkbox', { name: 'Todos los permisos de usuarios' });
    const group = screen.getByRole('group', { name: 'Todos los permisos de usuarios' });
    const ver = within(group).getByRole('checkbox', { name: 'Ver usuarios (usuarios:ver)' });
    const crear = within(group).getByRole('checkbox', { name: 'Crear usuarios (usuarios:crear)' });

    await user.click(ver);
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    expect(all).not.toBeChecked();

    await user.click(all);
    expect(ver).toBeChecked();
    expect(crear).toBeChecked();
    expect(all).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ver eventos (eventos:ver)' })).not.toBeChecked();

    await user.click(all);
    expect(ver).not.toBeChecked();
    expect(crear).not.toBeChecked();
  });

  it('saves the name and the ticked permissions', async () => {
    const { user, fetchMock, onClose } = setup();
    await user.type(screen.getByLabelText(/^Nombre/), 'auditor');
    await user.click(await screen.findByRole('checkbox', { name: 'Todos los permisos de eventos' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ver usuarios (usuarios:ver)' }));
    await user.click(screen.getByRole('button', { name: 'Crear rol' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/roles')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/roles')[0]!.body).toEqual({
      nombre: 'auditor',
      descripcion: '',
      permisos: ['usuarios:ver', 'eventos:ver', 'eventos:crear'],
      mfaObligatorio: false,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows a 400's detail under its field, without a toast", async () => {
    mockFetch({
      'GET /api/permisos': { body: { items: PERMISOS, total: 4, page: 1, pageSize: 4 } },
      'POST /api/roles': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_ERROR',
          message: 'Datos no válidos',
          details: [{ field: 'nombre', message: 'El nombre solo admite letras, números y guiones' }],
        },
      },
    });
    const { user, shell } = renderPage(<RoleEditorDialog role={null} onClose={jest.fn()} />, {
      auth: signedIn(admin),
    });
    await user.type(screen.getByLabelText(/^Nombre/), 'mal nombre');
    await user.click(screen.getByRole('button', { name: 'Crear rol' }));
    expect(
      await screen.findByText('El nombre solo admite letras, números y guiones'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toHaveAttribute('aria-invalid', 'true');
    expect(shell.notify).not.toHaveBeenCalled();
  });

  it('asks for a name in Spanish before saving', async () => {
    const { user, fetchMock } = setup();
    await user.click(screen.getByRole('button', { name: 'Crear rol' }));
    expect(await screen.findByText('El nombre del rol es obligatorio')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/roles')).toHaveLength(0);
  });

  it('disables the permissions the viewer does not hold, and says why (issue #13)', async () => {
    mockFetch({ 'GET /api/permisos': { body: { items: PERMISOS, total: 4, page: 1, pageSize: 4 } } });
    const jefe = makeUser({
      roles: [{ nombre: 'jefe', permisos: [{ nombre: 'roles:gestionar' }, { nombre: 'eventos:ver' }, { nombre: 'eventos:crear' }] }],
    });
    const { user } = renderPage(<RoleEditorDialog role={null} onClose={jest.fn()} />, { auth: signedIn(jefe) });
    const note = 'Los permisos que usted no tiene aparecen desactivados: no puede concederlos ni quitarlos.';
    const ver = await screen.findByRole('checkbox', { name: 'Ver usuarios (usuarios:ver)' });
    expect(ver).toBeDisabled();
    expect(ver).toHaveAccessibleDescription(note);
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Todos los permisos de usuarios' })).toBeDisabled();
    const eventos = screen.getByRole('checkbox', { name: 'Crear eventos (eventos:crear)' });
    expect(eventos).toBeEnabled();
    await user.click(eventos);
    expect(eventos).toBeChecked();
  });

  it("refuses to change the permissions of the viewer's own role, explained", async () => {
    mockFetch({ 'GET /api/permisos': { body: { items: PERMISOS, total: 4, page: 1, pageSize: 4 } } });
    const jefe = makeUser({
      roles: [{ nombre: 'jefe', permisos: [{ nombre: 'roles:gestionar' }, { nombre: 'eventos:ver' }, { nombre: 'eventos:crear' }] }],
    });
    const own = {
      id: 7,
      nombre: 'jefe',
      descripcion: '',
      permisos: ['eventos:ver', 'eventos:crear'],
      usuarios: 1,
      creadoEn: '2026-11-01T10:00:00.000Z',
      version: 1,
    };
    renderPage(<RoleEditorDialog role={own} onClose={jest.fn()} />, { auth: signedIn(jefe) });
    const reason = 'No puede cambiar los permisos de un rol que usted tiene («jefe»)';
    const crear = await screen.findByRole('checkbox', { name: 'Crear eventos (eventos:crear)' });
    expect(crear).toBeChecked();
    expect(crear).toBeDisabled();
    expect(crear).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeInTheDocument();
    // Its name and description stay editable.
    expect(screen.getByLabelText(/^Nombre/)).toBeEnabled();
  });

  describe('unsaved changes', () => {
    it('asks before Esc discards a half-edited role; "Seguir editando" keeps the text', async () => {
      const { user, onClose } = setup();
      await user.type(screen.getByLabelText(/^Nombre/), 'audi');
      await user.keyboard('{Escape}');
      const ask = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
      expect(onClose).not.toHaveBeenCalled();

      await user.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).not.toBeInTheDocument(),
      );
      expect(screen.getByLabelText(/^Nombre/)).toHaveValue('audi');
      expect(onClose).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Cancelar' }));
      const again = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
      await user.click(within(again).getByRole('button', { name: 'Descartar' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('asks too when only a permission was ticked', async () => {
      const { user, onClose } = setup();
      await user.click(await screen.findByRole('checkbox', { name: 'Ver usuarios (usuarios:ver)' }));
      await user.keyboard('{Escape}');
      expect(await screen.findByRole('dialog', { name: '¿Descartar los cambios?' })).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    });

    it('closes a clean editor at once', async () => {
      const { user, onClose } = setup();
      await screen.findByRole('checkbox', { name: 'Ver usuarios (usuarios:ver)' });
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).not.toBeInTheDocument();
    });
  });
});
