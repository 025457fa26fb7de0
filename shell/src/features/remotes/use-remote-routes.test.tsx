import { act, screen, waitFor } from '@testing-library/react';
import { makeUser } from '../../testing/fixtures';
import { loadFixtureRoutes, renderApp, signedInState } from '../../testing/render';
import type { LoadRemoteRoutes } from './use-remote-routes';

describe('which remotes load', () => {
  it('signed out: only the remote of the current path, the others when their paths are opened', async () => {
    const load = jest.fn<ReturnType<LoadRemoteRoutes>, Parameters<LoadRemoteRoutes>>(loadFixtureRoutes);
    const app = renderApp({ url: '/login', loadRoutes: load });
    expect(await screen.findByRole('heading', { name: 'Página de acceso' })).toBeInTheDocument();
    expect(load.mock.calls.map(([r]) => r.name)).toEqual(['remote_auth']);

    act(() => app.navigator.navigate('/informes'));
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Finformes'));
    expect(load.mock.calls.map(([r]) => r.name)).toEqual(['remote_auth', 'remote_informes']);
  });

  it('signed in: every remote, in parallel', async () => {
    const load = jest.fn<ReturnType<LoadRemoteRoutes>, Parameters<LoadRemoteRoutes>>(loadFixtureRoutes);
    renderApp({ url: '/', loadRoutes: load, preloadedState: signedInState(makeUser()) });
    expect(await screen.findByRole('heading', { name: 'Hola, Ana Pérez' })).toBeInTheDocument();
    expect(load.mock.calls.map(([r]) => r.name).sort()).toEqual(['remote_auth', 'remote_eventos', 'remote_informes']);
  });

  it('a signed-out visitor on an unknown path gets the 404 at once', async () => {
    renderApp({ url: '/nada' });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
