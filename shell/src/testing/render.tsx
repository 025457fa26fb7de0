/**
 * Renders the shell the way bootstrap does — same store (makeStore), providers and routes — but
 * in a MemoryRouter, with remotes whose routes come from `loadRoutes` instead of the network.
 */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig, type User } from '@gestion/shared';
import { ShellApp } from '../app/App';
import { initI18n } from '../app/i18n';
import { createNavigator, type AttachableNavigator } from '../app/navigator';
import { AppProviders } from '../app/providers';
import { makeStore, type AppStore, type RootState } from '../app/store';
import { makeTheme } from '../app/theme';
import { authInitialState } from '../features/auth/auth-slice';
import type { LoadRemoteRoutes } from '../features/remotes/use-remote-routes';
import { routesByRemote, testRemotes } from './fixtures';
import { setViewportWidth } from './viewport';

initI18n('es');
// The theme (both colour schemes as CSS variables, slow to make) is made once per test file, at
// import, so the first test's timeouts do not pay for it.
makeTheme('es');

/** Auth state with a token and, unless `null`, a user. */
export function signedInState(user: User | null): Partial<RootState> {
  return { auth: { ...authInitialState('token-1'), user } };
}

/** Every test remote answers with its fixture routes. */
export const loadFixtureRoutes: LoadRemoteRoutes = (remote) => Promise.resolve(routesByRemote[remote.name]);

let currentLocation = { pathname: '/', search: '' };
function LocationProbe() {
  const location = useLocation();
  currentLocation = { pathname: location.pathname, search: location.search };
  return null;
}

export interface RenderAppOptions {
  url?: string;
  preloadedState?: Partial<RootState>;
  loadRoutes?: LoadRemoteRoutes;
  config?: Partial<RuntimeConfig>;
  /** Window width in px (1280: a desktop, so the drawer is permanent). */
  width?: number;
}

export interface RenderAppResult extends RenderResult {
  store: AppStore;
  navigator: AttachableNavigator;
  user: UserEvent;
  /** Where the router is now: `/login?redirect=%2F`. */
  location: () => string;
}

export function renderApp(options: RenderAppOptions = {}): RenderAppResult {
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, remotes: testRemotes, buildIdPollMs: 0, ...options.config };
  setViewportWidth(options.width ?? 1280);
  const navigator = createNavigator();
  const store = makeStore(options.preloadedState, { navigator, config: () => config });
  const result = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[options.url ?? '/']} useTransitions={false}>
        <ShellApp config={config} navigator={navigator} loadRoutes={options.loadRoutes ?? loadFixtureRoutes} watchReleases={false} />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...result,
    store,
    navigator,
    user: userEvent.setup(),
    location: () => `${currentLocation.pathname}${currentLocation.search}`,
  };
}

/** A component under the providers and a router, with a store of its own. */
export function renderWithProviders(
  ui: ReactElement,
  { url = '/', preloadedState }: { url?: string; preloadedState?: Partial<RootState> } = {},
): RenderResult & { store: AppStore; user: UserEvent; location: () => string } {
  setViewportWidth(1280);
  const store = makeStore(preloadedState);
  const result = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[url]} useTransitions={false}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store, user: userEvent.setup(), location: () => `${currentLocation.pathname}${currentLocation.search}` };
}
