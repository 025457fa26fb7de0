import { act, screen, within } from '@testing-library/react';
import { DataGrid } from '@mui/x-data-grid';
import { renderPage, signedIn } from '../../../testing/render';
import { adminUser, usuario } from './delegation-fixtures';
import { useUsuarioColumns } from './usuarios-columns';

// MUI X Data Grid renders slowly on a shared CI machine.
jest.setTimeout(20_000);

const ROWS = [
  usuario(2, 'Luis Gómez', 'luis@example.com', ['gestor', 'soporte']),
  usuario(3, 'Marta Ruiz', 'marta@example.com', ['admin', 'auditor', 'gestor', 'soporte', 'usuario']),
];

/** The users grid's columns in a bare grid, as the Usuarios tab lays them out. */
function Grid() {
  const columns = useUsuarioColumns({ showActions: false, onOpenMenu: () => undefined });
  return (
    <DataGrid
      aria-label="Usuarios"
      rows={ROWS}
      columns={columns}
      disableVirtualization
      autoHeight
      getRowHeight={() => 'auto'}
    />
  );
}

describe('useUsuarioColumns', () => {
  it("links each name to the user's page", async () => {
    renderPage(<Grid />, { url: '/configuracion/usuarios?q=ruiz&page=2', auth: signedIn(adminUser) });
    const link = await screen.findByRole('link', { name: 'Marta Ruiz' });
    expect(link).toHaveAttribute('href', '/configuracion/usuarios/3');
  });

  it('shows two roles as chips, and more as two chips and "+N" that lists them all', async () => {
    const { user } = renderPage(<Grid />, { auth: signedIn(adminUser) });
    await screen.findByRole('link', { name: 'Luis Gómez' });
    expect(screen.queryByRole('button', { name: /roles de Luis/ })).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Ver los 5 roles de Marta Ruiz' });
    expect(more).toHaveTextContent('+3');
    await user.click(more);
    const popup = await screen.findByRole('dialog', { name: 'Roles de Marta Ruiz' });
    expect(within(popup).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'admin',
      'auditor',
      'gestor',
      'soporte',
      'usuario',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });

  it('opens "+N" from the keyboard', async () => {
    const { user } = renderPage(<Grid />, { auth: signedIn(adminUser) });
    const more = await screen.findByRole('button', { name: 'Ver los 5 roles de Marta Ruiz' });
    act(() => more.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Roles de Marta Ruiz' })).toBeInTheDocument();
  });
});
