import { act, screen, waitFor } from '@testing-library/react';
import type { PageRoute } from '@gestion/shared/react';
import { makeUser } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/render';
import { authInitialState } from '../auth/auth-slice';
import {
  authGuard,
  createGuardRegistry,
  guardRegistry,
  guestGuard,
  permisoGuard,
  UnknownGuardError,
  type GuardContext,
} from './guard-registry';

const route: PageRoute = {
  path: '/filtrado',
  page: () => Promise.resolve({ default: () => null }),
  guards: ['auth', 'permiso'],
  permission: 'filtrado:usar',
  title: { es: 'Filtrado', en: 'Filtering' },
};
const usuario = makeUser();
const ctx = (auth: GuardContext['auth'], path = '/filtrado'): GuardContext => ({ auth, route, path });

describe('guard registry', () => {
  it('knows auth, guest and permiso', () => {
    expect(guardRegistry.resolve(['auth', 'guest', 'permiso'])).toEqual([authGuard, guestGuard, permisoGuard]);
  });

  it('throws an error naming an unknown guard', () => {
    expect(() => guardRegistry.get('admin-only')).toThrow(UnknownGuardError);
    expect(() => guardRegistry.resolve(['auth', 'admin-only'])).toThrow('"admin-only"');
  });

  it('accepts new guards by name', () => {
    const registry = createGuardRegistry();
    const nobody = () => ({ kind: 'redirect', to: '/' }) as const;
    registry.register('nobody', nobody);
    expect(registry.get('nobody')).toBe(nobody);
  });
});

describe('auth guard', () => {
  it('sends a visitor without a token to /login?redirect=<the path>', () => {
    expect(authGuard(ctx(authInitialState(), '/informes/3?x=1'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Finformes%2F3%3Fx%3D1',
    });
  });

  it('waits while the stored token’s user is being fetched, then allows', () => {
    expect(authGuard(ctx(authInitialState('tok')))).toEqual({ kind: 'wait' });
    expect(authGuard(ctx({ ...authInitialState('tok'), user: usuario }))).toEqual({ kind: 'allow' });
  });
});

describe('permiso guard', () => {
  it('sends a user without the route’s permission to /accesodenegado', () => {
    expect(permisoGuard(ctx({ ...authInitialState('tok'), user: usuario }))).toEqual({
      kind: 'redirect',
      to: '/accesodenegado',
    });
  });

  it('lets admin through (every permission implicitly)', () => {
    const admin = makeUser({ roles: [{ nombre: 'admin', permisos: [] }] });
    expect(permisoGuard(ctx({ ...authInitialState('tok'), user: admin }))).toEqual({ kind: 'allow' });
  });
});

describe('guest guard', () => {
  it('logs its result and sends a signed-in visitor to /', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(guestGuard(ctx({ ...authInitialState('tok'), user: usuario }, '/register'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(guestGuard(ctx(authInitialState(), '/register'))).toEqual({ kind: 'allow' });
    expect(info).toHaveBeenCalledTimes(2);
    expect(info.mock.calls[0]![0]).toContain('/register');
  });
});

describe('guards when mounting routes', () => {
  it('redirects a signed-out visitor from / to /login with the redirect', async () => {
    const app = renderApp({ url: '/eventos' });
    expect(await screen.findByText('Página de acceso')).toBeInTheDocument();
    expect(app.location()).toBe('/login?redirect=%2Feventos');
  });

  it('sends a usuario opening /filtrado to /accesodenegado', async () => {
    const app = renderApp({ url: '/filtrado', preloadedState: signedInState(usuario) });
    // Two lazy chunks one after the other (the page, then after the redirect the access-denied
    // page): more than findBy's default second on a loaded machine.
    expect(await screen.findByRole('heading', { name: 'Acceso denegado' }, { timeout: 5000 })).toBeInTheDocument();
    expect(app.location()).toBe('/accesodenegado');
  });

  it('shows a usuario the pages their permissions allow', async () => {
    renderApp({ url: '/eventos/7/periodos', preloadedState: signedInState(usuario) });
    expect(await screen.findByRole('heading', { name: 'Periodos del evento' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor from /register to /, logging it', async () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const app = renderApp({ url: '/register', preloadedState: signedInState(usuario) });
    expect(await screen.findByRole('heading', { name: 'Hola, Ana Pérez' })).toBeInTheDocument();
    expect(app.location()).toBe('/');
    expect(info).toHaveBeenCalled();
  });

  it('shows a loading state, not a redirect, while the user is being fetched', async () => {
    const app = renderApp({ url: '/eventos', preloadedState: signedInState(null) });
    await act(async () => {}); // the remotes have answered: the route is mounted, its guard waits
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Página de eventos')).not.toBeInTheDocument();
    expect(app.location()).toBe('/eventos');
  });

  it('shows the error page (and keeps the app) when a route names an unknown guard', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: PageRoute = { ...route, path: '/roto', guards: ['nope'], title: { es: 'Roto', en: 'Broken' } };
    renderApp({
      url: '/roto',
      preloadedState: signedInState(usuario),
      loadRoutes: (remote) => Promise.resolve(remote.name === 'remote_eventos' ? [broken] : []),
    });
    expect(await screen.findByTestId('error-status-code')).toHaveTextContent('500');
    await waitFor(() =>
      expect(error.mock.calls.some((c) => c.some((a) => a instanceof UnknownGuardError))).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });
});
