/** Users and remote routes the tests mount (the seeded roles of DESIGN.md §4). */
import type { RemoteConfig, User } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'ana@example.com',
    nombre: 'Ana Pérez',
    activo: true,
    roles: [
      {
        nombre: 'usuario',
        permisos: [{ nombre: 'eventos:ver' }, { nombre: 'periodos:ver' }, { nombre: 'informes:ver' }],
      },
    ],
    ...overrides,
  };
}

export const adminUser = makeUser({ id: 2, nombre: 'Admin', roles: [{ nombre: 'admin', permisos: [] }] });

const page = (text: string) => () => Promise.resolve({ default: () => <h1>{text}</h1> });

export const eventosRoutes: PageRoute[] = [
  {
    path: '/eventos',
    page: page('Página de eventos'),
    guards: ['auth', 'permiso'],
    permission: 'eventos:ver',
    title: { es: 'Eventos', en: 'Events' },
    nav: { order: 10, icon: 'eventos' },
  },
  {
    path: '/eventos/:id/periodos',
    page: page('Periodos del evento'),
    guards: ['auth', 'permiso'],
    permission: 'periodos:ver',
    title: { es: 'Periodos', en: 'Periods' },
  },
];

export const informesRoutes: PageRoute[] = [
  {
    path: '/informes',
    page: page('Página de informes'),
    guards: ['auth', 'permiso'],
    permission: 'informes:ver',
    title: { es: 'Informes', en: 'Reports' },
    nav: { order: 20, icon: 'informes' },
  },
  {
    path: '/filtrado',
    page: page('Página de filtrado'),
    guards: ['auth', 'permiso'],
    permission: 'filtrado:usar',
    title: { es: 'Filtrado', en: 'Filtering' },
    nav: { order: 30, icon: 'filtrado' },
  },
];

export const authRoutes: PageRoute[] = [
  { path: '/login', page: page('Página de acceso'), layout: 'auth', title: { es: 'Iniciar sesión', en: 'Sign in' } },
  {
    path: '/register',
    page: page('Página de registro'),
    layout: 'auth',
    guards: ['guest'],
    title: { es: 'Crear cuenta', en: 'Create account' },
  },
];

export const testRemotes: RemoteConfig[] = [
  { name: 'remote_auth', entry: '/remotes/remote-auth/mf-manifest.json', prefixes: ['/login', '/register', '/configuracion'] },
  { name: 'remote_eventos', entry: '/remotes/remote-eventos/mf-manifest.json', prefixes: ['/eventos'] },
  { name: 'remote_informes', entry: '/remotes/remote-informes/mf-manifest.json', prefixes: ['/informes', '/filtrado'] },
];

export const routesByRemote: Record<RemoteConfig['name'], PageRoute[]> = {
  remote_auth: authRoutes,
  remote_eventos: eventosRoutes,
  remote_informes: informesRoutes,
};
