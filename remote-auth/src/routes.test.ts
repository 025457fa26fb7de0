import {
  DEFAULT_RUNTIME_CONFIG,
  GUARD_NAMES,
  LIFECYCLE_PAGES,
  isPermissionName,
} from '@gestion/shared';
import routesDefault, { routes } from './routes';

const byPath = (path: string) => routes.find((route) => route.path === path);

/** Issue #16: the code step and the enrolment step; issue #18: the return from an SSO provider. */
const SECOND_STEP_PAGES = ['/login/dos-pasos', '/login/configurar-dos-pasos', '/login/sso'];

describe('remote_auth routes', () => {
  it('exports the same descriptors as default and as `routes`', () => {
    expect(routesDefault).toBe(routes);
    expect(routes.map((r) => r.path)).toEqual([
      '/login',
      '/register',
      '/configuracion',
      ...Object.values(LIFECYCLE_PAGES).filter((p) => p !== LIFECYCLE_PAGES.cambiarPassword),
      ...SECOND_STEP_PAGES,
      LIFECYCLE_PAGES.cambiarPassword,
    ]);
  });

  it("puts issue #16's second step of a sign-in in the auth layout, without guards", () => {
    for (const path of SECOND_STEP_PAGES) {
      const route = byPath(path);
      expect(route).toMatchObject({ layout: 'auth', title: { es: 'Cuenta', en: 'Account' } });
      expect(route?.guards ?? []).toEqual([]);
      expect(route?.nav).toBeUndefined();
    }
  });

  it("puts issue #15's pages in the auth layout, only /cambiar-password behind `auth`", () => {
    for (const path of Object.values(LIFECYCLE_PAGES)) {
      const route = byPath(path);
      expect(route).toMatchObject({ layout: 'auth', title: { es: 'Cuenta', en: 'Account' } });
      expect(route?.guards ?? []).toEqual(path === LIFECYCLE_PAGES.cambiarPassword ? ['auth'] : []);
      expect(route?.nav).toBeUndefined();
    }
  });

  it('is owned by remote_auth in the runtime configuration, so a mailed link loads this remote', () => {
    const auth = DEFAULT_RUNTIME_CONFIG.remotes.find((r) => r.name === 'remote_auth');
    // As the shell matches them: the prefix itself or a path under it.
    const owned = (path: string) =>
      auth?.prefixes.some((p) => path === p || path.startsWith(`${p}/`)) ?? false;
    for (const route of routes) expect([route.path, owned(route.path)]).toEqual([route.path, true]);
  });

  it('puts /login in the auth layout without guards, so a signed-in visitor can see it', () => {
    expect(byPath('/login')).toMatchObject({
      layout: 'auth',
      title: { es: 'Iniciar sesión', en: 'Sign in' },
    });
    expect(byPath('/login')?.guards ?? []).toEqual([]);
    expect(byPath('/login')?.nav).toBeUndefined();
  });

  it('guards /register with `guest` in the auth layout', () => {
    expect(byPath('/register')).toMatchObject({
      layout: 'auth',
      guards: ['guest'],
      title: { es: 'Crear cuenta', en: 'Create account' },
    });
  });

  it('guards /configuracion with `auth` and lists it in the navigation', () => {
    const route = byPath('/configuracion');
    expect(route).toMatchObject({
      guards: ['auth'],
      title: { es: 'Configuración', en: 'Settings' },
      nav: { order: 90, icon: 'configuracion' },
    });
    expect(route?.layout ?? 'default').toBe('default');
    expect(route?.permission).toBeUndefined();
  });

  it('names only guards and permissions the shell knows', () => {
    for (const route of routes) {
      for (const guard of route.guards ?? []) expect(GUARD_NAMES).toContain(guard);
      if (route.permission) expect(isPermissionName(route.permission)).toBe(true);
    }
  });

  it('loads every page as a component', async () => {
    for (const route of routes) {
      const mod = await route.page();
      expect(typeof mod.default).toBe('function');
    }
  });
});
