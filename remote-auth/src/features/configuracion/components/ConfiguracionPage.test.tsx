import { screen } from '@testing-library/react';
import { makeUser, renderPage, signedIn } from '../../../testing/render';
import ConfiguracionPage from './ConfiguracionPage';

describe('ConfiguracionPage', () => {
  it("shows the title and the signed-in user's name, e-mail and roles", () => {
    const user = makeUser({
      nombre: 'Luis Gómez',
      email: 'luis@example.com',
      roles: [
        { nombre: 'gestor', permisos: [] },
        { nombre: 'usuario', permisos: [] },
      ],
    });
    renderPage(<ConfiguracionPage />, { url: '/configuracion', auth: signedIn(user) });
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Mi perfil' })).toBeInTheDocument();
    expect(screen.getByText('Luis Gómez')).toBeInTheDocument();
    expect(screen.getByText('luis@example.com')).toBeInTheDocument();
    expect(screen.getByText('gestor')).toBeInTheDocument();
    expect(screen.getByText('usuario')).toBeInTheDocument();
    expect(screen.queryByText('El rol admin incluye todos los permisos.')).not.toBeInTheDocument();
  });

  it('says that admin holds every permission', () => {
    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    renderPage(<ConfiguracionPage />, { url: '/configuracion', auth: signedIn(admin) });
    expect(screen.getByText('El rol admin incluye todos los permisos.')).toBeInTheDocument();
  });
});
