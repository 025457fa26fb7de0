/** Users and remote routes the tests mount (the seeded roles of DESIGN.md §4). */
import type { RemoteConfig, User } from '@gestion/shared';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAuth, type PageRoute } from '@gestion/shared/react';

/** Stand-ins for remote-auth's pages: just enough to drive the shell's auth services. */
function FakeLoginPage() {
  const { login, user, error } = useAuth();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return (
    <div>
      <h1>Página de acceso</h1>
      {user && <p>Sesión iniciada como {user.nombre}</p>}
      {error && <p role="alert">{error}</p>}
      <button onClick={() => void login({ email: 'ana@example.com', password: 'secreta123' }, redirect)}>Entrar</button>
    </div>
  );
}

function FakeRegisterPage() {
  const { register } = useAuth();
  return (
    <div>
      <h1>Página de registro</h1>
      {/* What register resolved, for the tests of issue #15's pending registration. */}
      <button
        onClick={() =>
          void register({ email: 'ana@example.com', password: 'secreta123', nombre: 'Ana' }).then((result) =>
            document.body.setAttribute('data-register', String(result)),
          )
        }
      >
        Registrarse
      </button>
    </div>
  );
}

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

/** remote-auth's pages of issue #15 the shell sends people to. */
function FakeVerificarAccesoPage() {
  const [params] = useSearchParams();
  return <h1>Código de acceso {params.get('token')}</h1>;
}

/** The second step of issue #16: shows what the shell handed it in the history entry's state. */
function FakeDosPasosPage() {
  const state = useLocation().state as Record<string, unknown> | null;
  return <h1>Dos pasos {JSON.stringify(state)}</h1>;
}

export const authRoutes: PageRoute[] = [
  {
    path: '/login',
    page: () => Promise.resolve({ default: FakeLoginPage }),
    layout: 'auth',
    title: { es: 'Iniciar sesión', en: 'Sign in' },
  },
  {
    path: '/register',
    page: () => Promise.resolve({ default: FakeRegisterPage }),
    layout: 'auth',
    guards: ['guest'],
    title: { es: 'Crear cuenta', en: 'Create account' },
  },
  {
    path: '/verificar-acceso',
    page: () => Promise.resolve({ default: FakeVerificarAccesoPage }),
    layout: 'auth',
    title: { es: 'Código de acceso', en: 'Sign-in code' },
  },
  ...['/login/dos-pasos', '/login/configurar-dos-pasos'].map((path) => ({
    path,
    page: () => Promise.resolve({ default: FakeDosPasosPage }),
    layout: 'auth' as const,
    title: { es: 'Dos pasos', en: 'Two steps' },
  })),
  {
    path: '/cambiar-password',
    page: page('Cambie su contraseña'),
    layout: 'auth',
    guards: ['auth'],
    title: { es: 'Cambiar contraseña', en: 'Change password' },
  },
];

export const testRemotes: RemoteConfig[] = [
  { name: 'remote_auth', entry: '/remotes/remote-auth/mf-manifest.json', prefixes: ['/login', '/register', '/configuracion', '/verificar-acceso', '/cambiar-password'] },
  { name: 'remote_eventos', entry: '/remotes/remote-eventos/mf-manifest.json', prefixes: ['/eventos'] },
  { name: 'remote_informes', entry: '/remotes/remote-informes/mf-manifest.json', prefixes: ['/informes', '/filtrado'] },
];

export const routesByRemote: Record<RemoteConfig['name'], PageRoute[]> = {
  remote_auth: authRoutes,
  remote_eventos: eventosRoutes,
  remote_informes: informesRoutes,
};
