/**
 * The checks every remote's `routes.ts` must pass (issue #14), written once: the module exports
 * the same descriptors as default and as `routes`, in the expected order; each descriptor has
 * its guard, permission, title and navigation entry; only the default layout and the guards
 * the shell knows; every page loads as a component.
 */
import { GUARD_NAMES } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';
import { matchPath } from 'react-router-dom';

/** What one route must declare. */
export interface ExpectedRoute {
  path: string;
  permission: string;
  title: { es: string; en: string };
  /** Its navigation entry, or undefined for a page outside the navigation. */
  nav?: { order: number; icon: string };
  /** A link the path builder makes and the params the pattern reads from it. */
  link?: [url: string, params: Record<string, string>];
}

/** Defines the `describe` block of a remote's routes test from its expected routes. */
export function describeRemoteRoutes(
  remote: string,
  module: { routes: readonly PageRoute[]; routesDefault: readonly PageRoute[] },
  expected: readonly ExpectedRoute[],
): void {
  const { routes, routesDefault } = module;
  describe(`${remote} routes`, () => {
    it('exports the same descriptors as default and as `routes`', () => {
      expect(routesDefault).toBe(routes);
      expect(routes.map((r) => r.path)).toEqual(expected.map((r) => r.path));
    });

    it.each(expected)('guards $path with auth and permiso on $permission', (want) => {
      const route = routes.find((r) => r.path === want.path);
      expect(route).toMatchObject({
        guards: ['auth', 'permiso'],
        permission: want.permission,
        title: want.title,
      });
      expect(route?.nav).toEqual(want.nav);
      if (want.link) expect(matchPath(want.path, want.link[0])?.params).toEqual(want.link[1]);
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
}
