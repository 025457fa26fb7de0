import { adminUser, authRoutes, eventosRoutes, informesRoutes, makeUser } from '../../testing/fixtures';
import { shellRoutes } from '../../app/shell-routes';
import { navItemsFor } from './nav-items';

const all = [...shellRoutes, ...authRoutes, ...eventosRoutes, ...informesRoutes];

describe('navigation items', () => {
  it('lists, in order, only the areas a usuario may open', () => {
    expect(navItemsFor(all, makeUser(), 'es').map((i) => i.label)).toEqual(['Inicio', 'Eventos', 'Informes']);
  });

  it('lists every area for admin, in the chosen language', () => {
    expect(navItemsFor(all, adminUser, 'en').map((i) => i.label)).toEqual(['Home', 'Events', 'Reports', 'Filtering']);
  });

  it('lists nothing for a visitor who is not signed in', () => {
    expect(navItemsFor(all, null, 'es')).toEqual([]);
  });
});
