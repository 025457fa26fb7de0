import { screen } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import EventosPage from './EventosPage';

describe('EventosPage', () => {
  it('shows its title and the permission of a usuario, who may only view', () => {
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(makeUser()) });
    expect(screen.getByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Tu permiso: eventos:ver')).toBeInTheDocument();
    expect(screen.getByText('Crear eventos: no')).toBeInTheDocument();
    expect(screen.getByText('Editar eventos: no')).toBeInTheDocument();
    expect(screen.getByText('Eliminar eventos: no')).toBeInTheDocument();
  });

  it('tells a gestor they may also create, edit and delete', () => {
    const gestor = makeUser({
      roles: [
        {
          nombre: 'gestor',
          permisos: ['eventos:ver', 'eventos:crear', 'eventos:editar'].map((nombre) => ({
            nombre,
          })),
        },
      ],
    });
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(gestor) });
    expect(screen.getByText('Crear eventos: sí')).toBeInTheDocument();
    expect(screen.getByText('Editar eventos: sí')).toBeInTheDocument();
    expect(screen.getByText('Eliminar eventos: no')).toBeInTheDocument();
  });

  it('holds everything for admin', () => {
    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    renderPage(<EventosPage />, { url: '/eventos', auth: signedIn(admin) });
    expect(screen.getByText('Tu permiso: eventos:ver')).toBeInTheDocument();
    expect(screen.getByText('Eliminar eventos: sí')).toBeInTheDocument();
  });

  it('says so when the user lacks the permission', () => {
    renderPage(<EventosPage />, {
      url: '/eventos',
      auth: signedIn(makeUser({ roles: [{ nombre: 'otro', permisos: [] }] })),
    });
    expect(screen.getByText('No tienes el permiso eventos:ver')).toBeInTheDocument();
  });
});
