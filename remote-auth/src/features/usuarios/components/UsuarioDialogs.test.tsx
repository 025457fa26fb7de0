import { screen, waitFor, within } from '@testing-library/react';
import type { Usuario } from '@gestion/shared';
import { mockFetch } from '@gestion/shared/testing';
import { versionConflict } from '@gestion/ui/testing';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import { UsuarioFormDialog } from './UsuarioFormDialog';
import { UsuariosTab } from './UsuariosTab';

jest.setTimeout(20_000);

const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
const luis: Usuario = {
  id: 2,
  nombre: 'Luis Gómez',
  email: 'luis@example.com',
  activo: true,
  roles: ['gestor'],
  creadoEn: '2026-11-01T10:00:00.000Z',
  ultimoAcceso: null,
  version: 3,
};

describe('users dialogs', () => {
  it('invites a new user by mail by default: no password is sent nor shown', async () => {
    const fetchMock = mockFetch({
      'POST /api/usuarios': { status: 201, body: { ...luis, invitacionPendiente: true } },
    });
    const onClose = jest.fn();
    const { user, shell } = renderPage(
      <UsuarioFormDialog user={null} roleNames={['gestor', 'usuario']} onClose={onClose} />,
      { auth: signedIn(admin) },
    );
    const dialog = screen.getByRole('dialog', { name: 'Nuevo usuario' });
    expect(within(dialog).queryByLabelText(/Contraseña/)).not.toBeInTheDocument();
    const generar = within(dialog).getByRole('checkbox', { name: 'Generar contraseña temporal' });
    expect(generar).not.toBeChecked();
    expect(generar).toHaveAccessibleDescription(/se envía una invitación por correo/);
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Luis Gómez');
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'luis@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.callsTo('POST /api/usuarios')[0]!.body).toEqual({
      email: 'luis@example.com',
      nombre: 'Luis Gómez',
    });
    expect(shell.notify).toHaveBeenCalledWith(`Invitación enviada a ${luis.email}`, {
      type: 'success',
    });
  });

  it('generates a temporary password on request and shows it once', async () => {
    const fetchMock = mockFetch({
      'POST /api/usuarios': { status: 201, body: { ...luis, passwordTemporal: 'Tmp-9x8y7z' } },
    });
    const onClose = jest.fn();
    const { user } = renderPage(
      <UsuarioFormDialog user={null} roleNames={['gestor', 'usuario']} onClose={onClose} />,
      {
        auth: signedIn(admin),
      },
    );
    const dialog = screen.getByRole('dialog', { name: 'Nuevo usuario' });
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Luis Gómez');
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'luis@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'gestor' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Generar contraseña temporal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Tmp-9x8y7z')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Contraseña temporal' })).toBeInTheDocument();
    expect(screen.getByText(/deberá cambiarla al iniciar sesión/)).toBeInTheDocument();
    expect(fetchMock.callsTo('POST /api/usuarios')[0]!.body).toEqual({
      email: 'luis@example.com',
      nombre: 'Luis Gómez',
      generarPassword: true,
      roles: ['gestor'],
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server field errors on their fields', async () => {
    mockFetch({
      'POST /api/usuarios': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'EMAIL_TAKEN',
          message: 'Ya existe una cuenta con ese correo electrónico',
          details: [{ field: 'email', message: 'Ya existe una cuenta con ese correo electrónico' }],
        },
      },
    });
    const { user, shell } = renderPage(
      <UsuarioFormDialog user={null} roleNames={[]} onClose={jest.fn()} />,
      {
        auth: signedIn(admin),
      },
    );
    await user.type(screen.getByLabelText(/^Nombre/), 'Luis');
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'luis@example.com');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(
      await screen.findByText('Ya existe una cuenta con ese correo electrónico'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    // Under the field only: no toast repeating it.
    expect(shell.notify).not.toHaveBeenCalled();
  });

  it('explains a stale version and reloads the current one before saving again', async () => {
    let stale = true;
    const fetchMock = mockFetch({
      'PATCH /api/usuarios/2': () =>
        stale
          ? versionConflict('El registro ha cambiado desde que lo abrió')
          : { body: { ...luis, nombre: 'Luis G.', version: 5 } },
      'GET /api/usuarios/2': () => {
        stale = false;
        return { body: { ...luis, nombre: 'Luis Gómez Sanz', version: 4 } };
      },
    });
    const onClose = jest.fn();
    const { user } = renderPage(
      <UsuarioFormDialog user={luis} roleNames={[]} onClose={onClose} />,
      {
        auth: signedIn(admin),
      },
    );
    const nombre = screen.getByLabelText(/^Nombre/);
    await user.clear(nombre);
    await user.type(nombre, 'Luis G.');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/Otra persona ha modificado este usuario/)).toBeInTheDocument();
    expect(fetchMock.callsTo('PATCH /api/usuarios/2')[0]!.body).toMatchObject({
      version: 3,
      nombre: 'Luis G.',
    });

    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Luis Gómez Sanz'));
    await user.clear(screen.getByLabelText(/^Nombre/));
    await user.type(screen.getByLabelText(/^Nombre/), 'Luis G.');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.callsTo('PATCH /api/usuarios/2')[1]!.body).toMatchObject({ version: 4 });
  });

  it("shows the server's Spanish refusal, e.g. for the last admin", async () => {
    mockFetch({
      'GET /api/usuarios': { body: { items: [luis], total: 1, page: 1, pageSize: 25 } },
      'GET /api/roles': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'PATCH /api/usuarios/2': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'CONFLICT',
          message: 'No se puede dejar el sistema sin ningún administrador activo',
        },
      },
    });
    const { user, shell } = renderPage(<UsuariosTab />, { auth: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: 'Acciones de Luis Gómez' }));
    await user.click(screen.getByRole('menuitem', { name: 'Desactivar' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Desactivar' }),
    );
    await waitFor(() =>
      expect(shell.notify).toHaveBeenCalledWith(
        'No se puede dejar el sistema sin ningún administrador activo',
        {
          type: 'error',
        },
      ),
    );
  });

  it('asks before Esc discards a half-filled user, and closes a clean one at once', async () => {
    const onClose = jest.fn();
    const { user } = renderPage(
      <UsuarioFormDialog user={luis} roleNames={[]} onClose={onClose} />,
      {
        auth: signedIn(admin),
      },
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText(/^Nombre/), ' Ruiz');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await user.click(within(ask).getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
