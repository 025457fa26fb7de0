/**
 * The checks every remote's `routes.ts` must pass (issue #14), written once: the module exports
 * the same descriptors as default and as `routes`, one per page of the remote's shared table
 * (`EVENTOS_PAGES`…) in its order; each descriptor has the table's guards, permission, title and
 * navigation entry; only the default layout and the guards the shell knows; every page loads
 * the component the remote means for it.
 */
import { GUARD_NAMES, type PageSpec } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';
import { matchPath } from 'react-router-dom';

/** What a remote's routes must be, by the keys of its page table. */
export interface ExpectedPages<K extends string> {
  /** The remote's pages as @gestion/shared defines them (`EVENTOS_PAGES`…). */
  table: Readonly<Record<K, PageSpec>>;
  /** The component each page must load: a page bound to another page's chunk fails. */
  components: Readonly<Record<K, unknown>>;
  /**
   * For each page whose path has params: a link its path builder makes and the params the
   * pattern reads from it (required: a pattern without one fails).
   */
  links?: Partial<Readonly<Record<K, [url: string, params: Record<string, string>]>>>;
}

/** Defines the `describe` block of a remote's routes test from its page table. */
export function describeRemoteRoutes<K extends string>(
  remote: string,
  module: { routes: readonly PageRoute[]; routesDefault: readonly PageRoute[] },
  expected: ExpectedPages<K>,
): void {
  const { routes, routesDefault } = module;
  const pages = (Object.keys(expected.table) as K[]).map((key) => ({
    key,
    ...expected.table[key],
  }));
  const routeOf = (path: string) => routes.find((r) => r.path === path);

  describe(`${remote} routes`, () => {
    it('exports the same descriptors as default and as `routes`', () => {
      expect(routesDefault).toBe(routes);
      expect(routes.map((r) => r.path)).toEqual(pages.map((p) => p.path));
    });

    it.each(pages)('guards $path with auth and permiso on $permission', (want) => {
      const route = routeOf(want.path);
      expect(route).toMatchObject({
        guards: ['auth', 'permiso'],
        permission: want.permission,
        title: want.title,
      });
      expect(route?.nav).toEqual(want.nav);
      const link = expected.links?.[want.key];
      if (want.path.includes(':')) expect(link).toBeDefined();
      if (link) expect(matchPath(want.path, link[0])?.params).toEqual(link[1]);
    });

    it('uses the default layout and only guards the shell knows', () => {
      for (const route of routes) {
        expect(route.layout ?? 'default').toBe('default');
        for (const guard of route.guards ?? []) expect(GUARD_NAMES).toContain(guard);
      }
    });

    it.each(pages)('loads the $key page as its component', async (want) => {
      const mod = await routeOf(want.path)?.page();
      expect(typeof mod?.default).toBe('function');
      expect(mod?.default).toBe(expected.components[want.key]);
    });
  });
}
