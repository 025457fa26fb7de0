import { screen, within } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { SimpleTable } from './SimpleTable';

const roles = [
  { id: 1, nombre: 'admin', usuarios: 2 },
  { id: 2, nombre: 'gestor', usuarios: 5 },
];

function table(canManage: boolean) {
  return (
    <SimpleTable
      aria-label="Roles"
      rows={roles}
      columns={[
        { key: 'nombre', header: 'Nombre', cell: (r) => r.nombre },
        { key: 'usuarios', header: 'Usuarios', align: 'right', cell: (r) => r.usuarios },
        canManage && {
          key: 'acciones',
          header: 'Acciones',
          cell: (r) => <button type="button">Editar {r.nombre}</button>,
        },
      ]}
    />
  );
}

describe('SimpleTable', () => {
  it('shows a header row and one row per item, cells in column order', () => {
    renderPage(table(true));
    const rows = within(screen.getByRole('table', { name: 'Roles' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NombreUsuariosAcciones',
      'admin2Editar admin',
      'gestor5Editar gestor',
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nombre',
      'Usuarios',
      'Acciones',
    ]);
  });

  it('leaves out a column given as false', () => {
    renderPage(table(false));
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
