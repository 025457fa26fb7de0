import { act, screen, waitFor, within } from '@testing-library/react';
import { AppError } from '@gestion/shared';
import { ErrorPage } from '../features/errors/ErrorPage';
import { makeUser, routesByRemote } from '../testing/fixtures';
import { renderApp, renderWithProviders, signedInState } from '../testing/render';
import type { LoadRemoteRoutes } from '../features/remotes/use-remote-routes';

const usuario = makeUser();

describe('routes', () => {
  it('renders "Page not found" with 404 for an unknown route', async () => {
    renderApp({ url: '/no-existe', preloadedState: signedInState(usuario) });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByTestId('error-status-code')).toHaveTextContent('404');
    expect(document.title).toBe('Page not found');
  });

  it('shows the generic error page with 500 unless another code is given', () => {
    renderWithProviders(<ErrorPage error={new AppError()} />);
    expect(screen.getByTestId('error-status-code')).toHaveTextContent('500');
    renderWithProviders(<ErrorPage error={new AppError({ statusCode: 503, statusMessage: 'No disponible' })} />);
    expect(screen.getByRole('heading', { name: 'No disponible' })).toBeInTheDocument();
  });

  it('sets the document title to just the page title', async () => {
    renderApp({ url: '/informes', preloadedState: signedInState(usuario) });
    expect(await screen.findByRole('heading', { name: 'Página de informes' })).toBeInTheDocument();
    expect(document.title).toBe('Informes');
  });

  it('greets the user on / and links to the areas they may open', async () => {
    renderApp({ url: '/', preloadedState: signedInState(usuario) });
    expect(await screen.findByRole('heading', { name: 'Hola, Ana Pérez' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    await waitFor(() => expect(within(main).getByRole('link', { name: 'Eventos' })).toHaveAttribute('href', '/eventos'));
    expect(within(main).getByRole('link', { name: 'Informes' })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Filtrado' })).not.toBeInTheDocument();
  });
});

describe('permission-gated navigation', () => {
  it('shows a usuario Eventos and Informes but not Filtrado', async () => {
    renderApp({ url: '/', preloadedState: signedInState(usuario) });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Eventos' })).toBeInTheDocument());
    expect(within(nav).getByRole('link', { name: 'Informes' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Filtrado' })).not.toBeInTheDocument();
  });

  it('shows an admin every area', async () => {
    renderApp({ url: '/', preloadedState: signedInState(makeUser({ roles: [{ nombre: 'admin', permisos: [] }] })) });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Filtrado' })).toBeInTheDocument());
  });

  it('shows the user’s nombre and a "Cerrar sesión" button that signs out', async () => {
    globalThis.fetch = jest.fn(() => Promise.resolve({ status: 204, ok: true } as Response));
    const app = renderApp({ url: '/', preloadedState: signedInState(usuario) });
    expect(await screen.findByText('Ana Pérez')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(app.store.getState().auth.token).toBeNull();
    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument();
  });
});

describe('a remote that is down', () => {
  it('shows "Módulo no disponible" on its paths while the rest works, and retries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let eventosUp = false;
    const load = jest.fn<ReturnType<LoadRemoteRoutes>, Parameters<LoadRemoteRoutes>>((remote) =>
      remote.name === 'remote_eventos' && !eventosUp
        ? Promise.reject(new Error('ScriptExternalLoadError'))
        : Promise.resolve(routesByRemote[remote.name]),
    );
    const app = renderApp({ url: '/eventos', preloadedState: signedInState(usuario), loadRoutes: load });
    expect(await screen.findByText('Módulo no disponible')).toBeInTheDocument();

    // the other areas still work (their routes render in a transition: the link may come later)
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await app.user.click(await within(nav).findByRole('link', { name: 'Informes' }));
    expect(await screen.findByRole('heading', { name: 'Página de informes' })).toBeInTheDocument();

    // back to the dead area: it comes back on retry
    act(() => app.navigator.navigate('/eventos'));
    eventosUp = true;
    await app.user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Página de eventos' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ name: 'remote_eventos' }), true);
  });
});
