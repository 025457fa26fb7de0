import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@gestion/shared/testing';
import { renderPage, signedIn } from '../../../testing/render';
import { AssignRolesDialog } from './AssignRolesDialog';
import { ANA, LUIS, MARTA, ROLES_PAGE, SARA, page, sara } from './delegation-fixtures';
import { UsuarioFormDialog } from './UsuarioFormDialog';
import { UsuariosTab } from './UsuariosTab';

jest.setTimeout(20_000);

function setup() {
  mockFetch({
    'GET /api/usuarios': { body: page([ANA, LUIS, MARTA, SARA]) },
    'GET /api/roles': { body: ROLES_PAGE },
  });
  return renderPage(<UsuariosTab />, { auth: signedIn(sara) });
}

describe('row actions a non-admin with usuarios:editar is offered (issue #13)', () => {
  it("disables every action on an admin's row, with the reason the api would give", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acciones de Ana Pérez' }));
    const reason = 'No puede actuar sobre «Ana Pérez»: tiene permisos que usted no tiene';
    expect(screen.getByText(reason)).toBeVisible();
    for (const name of ['Editar', 'Asignar roles', 'Desactivar', 'Cerrar sus sesiones']) {
      const item = screen.getByRole('menuitem', { name });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveAccessibleDescription(reason);
    }
  });

  it('keeps the disabled actions reachable from the keyboard, so their reason is read out', async () => {
    const { user } = setup();
    const button = await screen.findByRole('button', { name: 'Acciones de Ana Pérez' });
    button.focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    expect(items[1]).toHaveAccessibleName('Asignar roles');
  });

  it('disables the actions on a user holding a permission the viewer lacks', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acciones de Marta Ruiz' }));
    expect(screen.getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByText('No puede actuar sobre «Marta Ruiz»: tiene permisos que usted no tiene'),
    ).toBeInTheDocument();
  });

  it('does not let the viewer deactivate their own account, but lets them edit it', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acciones de Sara Soporte' }));
    const deactivate = screen.getByRole('menuitem', { name: 'Desactivar' });
    expect(deactivate).toHaveAttribute('aria-disabled', 'true');
    expect(deactivate).toHaveAccessibleDescription('No puede desactivar su propia cuenta');
    expect(screen.getByRole('menuitem', { name: 'Editar' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers every action on a less powerful user, and no delete without usuarios:eliminar', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Acciones de Luis Gómez' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Editar',
      'Asignar roles',
      'Desactivar',
      'Enviar enlace de restablecimiento',
      'Cerrar sus sesiones',
    ]);
    for (const item of items) expect(item).not.toHaveAttribute('aria-disabled');
  });
});

describe('roles a non-admin may give', () => {
  it('assigning roles offers neither admin nor a role with permissions the viewer lacks', async () => {
    mockFetch({ 'GET /api/roles': { body: ROLES_PAGE } });
    renderPage(
      <AssignRolesDialog user={LUIS} roleNames={['admin', 'gestor', 'soporte', 'usuario']} onClose={jest.fn()} />,
      { auth: signedIn(sara) },
    );
    const dialog = screen.getByRole('dialog', { name: 'Roles de Luis Gómez' });
    expect(await within(dialog).findByText('Solo se ofrecen los roles que usted puede asignar.')).toBeInTheDocument();
    const offered = within(dialog).getAllByRole('checkbox');
    expect(offered.map((c) => c.closest('label')?.textContent)).toEqual(['soporte', 'usuario']);
    expect(within(dialog).getByRole('checkbox', { name: 'usuario' })).toBeChecked();
  });

  it('keeps a held role the viewer may not take ticked and disabled, with the reason', async () => {
    mockFetch({ 'GET /api/roles': { body: ROLES_PAGE } });
    const both = { ...LUIS, roles: ['gestor', 'usuario'] };
    renderPage(<AssignRolesDialog user={both} roleNames={['gestor', 'usuario']} onClose={jest.fn()} />, {
      auth: signedIn(sara),
    });
    const gestor = await screen.findByRole('checkbox', {
      name: 'gestor',
      description: 'No puede asignar el rol «gestor»: incluye permisos que usted no tiene',
    });
    expect(gestor).toBeChecked();
    expect(gestor).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'usuario' })).toBeEnabled();
  });

  it('the create dialog does not offer admin to a non-admin', async () => {
    mockFetch({ 'GET /api/roles': { body: ROLES_PAGE } });
    renderPage(<UsuarioFormDialog user={null} roleNames={['admin', 'gestor', 'usuario']} onClose={jest.fn()} />, {
      auth: signedIn(sara),
    });
    const group = await screen.findByRole('group', { name: 'Roles' });
    await within(group).findByText('Solo se ofrecen los roles que usted puede asignar.');
    expect(within(group).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'usuario',
    ]);
  });
});
