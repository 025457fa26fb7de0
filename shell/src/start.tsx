/**
 * Starts the shell: i18n, the store (with the stored token, checked against /api/auth/me),
 * the remotes from the run-time configuration, and React. Called once, by bootstrap.ts.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { getRuntimeConfig } from '@gestion/shared';
import { ShellApp } from './app/App';
import { initI18n } from './app/i18n';
import { createNavigator } from './app/navigator';
import { AppProviders } from './app/providers';
import { makeStore } from './app/store';
import { authInitialState } from './features/auth/auth-slice';
import { fetchUser } from './features/auth/auth-thunks';
import { readStoredToken } from './features/auth/token-storage';
import { startEarly } from './features/remotes/early-load';
import { initFederation, loadRemoteRoutes } from './features/remotes/federation';

export function start(): void {
  const config = getRuntimeConfig();
  initI18n();
  initFederation(config.remotes);
  const token = readStoredToken();
  const loadRoutes = startEarly(config.remotes, loadRemoteRoutes, window.location.pathname, token !== null);

  const navigator = createNavigator();
  const store = makeStore({ auth: authInitialState(token) }, { navigator, config: () => config });
  void store.dispatch(fetchUser());

  const container = document.getElementById('root');
  if (!container) throw new Error('Falta el elemento #root en index.html');

  const root = createRoot(container);
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, instead of one long task (Lighthouse TBT of /login). index.html's static content stays on
  // screen meanwhile. Later updates are not affected.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store}>
          {/* No transitions: see ShellServicesProvider (thunk navigation is flushed synchronously). */}
          <BrowserRouter useTransitions={false}>
            <ShellApp config={config} navigator={navigator} loadRoutes={loadRoutes} />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}
