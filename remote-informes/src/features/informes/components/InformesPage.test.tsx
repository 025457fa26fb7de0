import { screen } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import InformesPage from './InformesPage';

describe('InformesPage', () => {
  it('shows its title and the permission of a usuario, who may only view', () => {
    renderPage(<InformesPage />, { url: '/informes', auth: signedIn(makeUser()) });
    expect(screen.getByRole('heading', { level: 1, name: 'Informes' })).toBeInTheDocument();
    expect(screen.getByText('Tu permiso: informes:ver')).toBeInTheDocument();
    expect(screen.getByText('Crear informes: no')).toBeInTheDocument();
    expect(screen.getByText('Exportar informes: no')).toBeInTheDocument();
  });

  it('tells an admin they may do everything', () => {
    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    renderPage(<InformesPage />, { url: '/informes', auth: signedIn(admin) });
    expect(screen.getByText('Eliminar informes: sí')).toBeInTheDocument();
  });
});
