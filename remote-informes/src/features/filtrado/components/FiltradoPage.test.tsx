import { screen } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import FiltradoPage from './FiltradoPage';

describe('FiltradoPage', () => {
  it('shows its title and the permission of a gestor, who may also save reports', () => {
    const gestor = makeUser({
      roles: [
        {
          nombre: 'gestor',
          permisos: [{ nombre: 'filtrado:usar' }, { nombre: 'informes:crear' }],
        },
      ],
    });
    renderPage(<FiltradoPage />, { url: '/filtrado', auth: signedIn(gestor) });
    expect(screen.getByRole('heading', { level: 1, name: 'Filtrado' })).toBeInTheDocument();
    expect(screen.getByText('Tu permiso: filtrado:usar')).toBeInTheDocument();
    expect(screen.getByText('Crear informes: sí')).toBeInTheDocument();
  });

  it('says so when a usuario without filtrado:usar reaches it', () => {
    renderPage(<FiltradoPage />, { url: '/filtrado', auth: signedIn(makeUser()) });
    expect(screen.getByText('No tienes el permiso filtrado:usar')).toBeInTheDocument();
  });
});
