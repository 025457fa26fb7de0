import { DEFAULT_RUNTIME_CONFIG, isPermissionName } from './index';
import { EVENTOS_PAGES, INFORMES_PAGES, bindPages, type PageSpec } from './pages';

const TABLES: Record<string, Record<string, PageSpec>> = {
  remote_eventos: EVENTOS_PAGES,
  remote_informes: INFORMES_PAGES,
};
const allPages = Object.entries(TABLES).flatMap(([remote, table]) =>
  Object.values(table).map((page) => ({ remote, ...page })),
);

describe('the remotes’ page table', () => {
  it('asks the permission SPEC §2 names for each page, behind a signed-in user', () => {
    expect(allPages.map((p) => [p.path, p.guards, p.permission])).toEqual([
      ['/eventos', ['auth', 'permiso'], 'eventos:ver'],
      ['/eventos/:id/periodos', ['auth', 'permiso'], 'periodos:ver'],
      ['/informes', ['auth', 'permiso'], 'informes:ver'],
      ['/informes/:id', ['auth', 'permiso'], 'informes:ver'],
      ['/filtrado', ['auth', 'permiso'], 'filtrado:usar'],
    ]);
    for (const page of allPages) expect(isPermissionName(page.permission ?? '')).toBe(true);
  });

  it('lists the three list pages in the navigation, in order, and no page with a parameter', () => {
    const nav = allPages.filter((p) => p.nav).sort((a, b) => a.nav!.order - b.nav!.order);
    expect(nav.map((p) => [p.path, p.nav!.icon])).toEqual([
      ['/eventos', 'eventos'],
      ['/informes', 'informes'],
      ['/filtrado', 'filtrado'],
    ]);
  });

  it('puts each page under a prefix its remote owns in the runtime configuration', () => {
    for (const page of allPages) {
      const remote = DEFAULT_RUNTIME_CONFIG.remotes.find((r) => r.name === page.remote);
      const owned = remote?.prefixes.some((p) => page.path === p || page.path.startsWith(`${p}/`));
      expect([page.path, owned]).toEqual([page.path, true]);
    }
  });

  it('binds each page of a table to its chunk, in the table’s order', async () => {
    const Informes = () => null;
    const routes = bindPages(INFORMES_PAGES, {
      informes: () => Promise.resolve({ default: Informes }),
      informe: () => Promise.resolve({ default: () => null }),
      filtrado: () => Promise.resolve({ default: () => null }),
    });
    expect(routes.map((r) => r.path)).toEqual(['/informes', '/informes/:id', '/filtrado']);
    expect(routes[0]).toMatchObject(INFORMES_PAGES.informes);
    expect((await routes[0]!.page()).default).toBe(Informes);
  });
});
