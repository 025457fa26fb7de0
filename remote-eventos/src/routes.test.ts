import { GUARD_NAMES, paths } from '@gestion/shared';
import { matchPath } from 'react-router-dom';
import routesDefault, { routes } from './routes';

const byPath = (path: string) => routes.find((route) => route.path === path);

describe('remote_eventos routes', () => {
  it('exports the same descriptors as default and as `routes`', () => {
    expect(routesDefault).toBe(routes);
    expect(routes.map((r) => r.path)).toEqual(['/eventos', '/eventos/:id/periodos']);
  });

  it('guards /eventos with auth and permiso on eventos:ver and lists it in the navigation', () => {
    expect(byPath('/eventos')).toMatchObject({
      guards: ['auth', 'permiso'],
      permission: 'eventos:ver',
      title: { es: 'Eventos', en: 'Events' },
      nav: { order: 10, icon: 'eventos' },
    });
  });

  it('guards the periods of an event with auth and permiso on periodos:ver', () => {
    const route = byPath('/eventos/:id/periodos');
    expect(route).toMatchObject({
      guards: ['auth', 'permiso'],
      permission: 'periodos:ver',
      title: { es: 'Periodos del evento', en: 'Event periods' },
    });
    expect(route?.nav).toBeUndefined();
    expect(matchPath(route!.path, paths.eventoPeriodos(42))?.params).toEqual({ id: '42' });
  });

  it('uses the default layout and only guards the shell knows', () => {
    for (const route of routes) {
      expect(route.layout ?? 'default').toBe('default');
      for (const guard of route.guards ?? []) expect(GUARD_NAMES).toContain(guard);
    }
  });

  it('loads every page as a component', async () => {
    for (const route of routes) {
      const mod = await route.page();
      expect(typeof mod.default).toBe('function');
    }
  });
});
