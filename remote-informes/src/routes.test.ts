import { GUARD_NAMES, paths } from '@gestion/shared';
import { matchPath } from 'react-router-dom';
import routesDefault, { routes } from './routes';

const byPath = (path: string) => routes.find((route) => route.path === path);

describe('remote_informes routes', () => {
  it('exports the same descriptors as default and as `routes`', () => {
    expect(routesDefault).toBe(routes);
    expect(routes.map((r) => r.path)).toEqual(['/informes', '/informes/:id', '/filtrado']);
  });

  it('guards /informes with auth and permiso on informes:ver and lists it in the navigation', () => {
    expect(byPath('/informes')).toMatchObject({
      guards: ['auth', 'permiso'],
      permission: 'informes:ver',
      title: { es: 'Informes', en: 'Reports' },
      nav: { order: 20, icon: 'informes' },
    });
  });

  it('guards one report with informes:ver, outside the navigation', () => {
    const route = byPath('/informes/:id');
    expect(route).toMatchObject({ guards: ['auth', 'permiso'], permission: 'informes:ver' });
    expect(route?.nav).toBeUndefined();
    expect(matchPath(route!.path, paths.informe(5))?.params).toEqual({ id: '5' });
  });

  it('guards /filtrado with auth and permiso on filtrado:usar and lists it in the navigation', () => {
    expect(byPath('/filtrado')).toMatchObject({
      guards: ['auth', 'permiso'],
      permission: 'filtrado:usar',
      title: { es: 'Filtrado', en: 'Filtering' },
      nav: { order: 30, icon: 'filtrado' },
    });
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
