/** The shell inside a router: services for the remotes, the release watcher and the routes. */
import type { RuntimeConfig } from '@gestion/shared';
import { BuildIdWatcher } from '../features/releases/BuildIdWatcher';
import type { LoadRemoteRoutes } from '../features/remotes/use-remote-routes';
import type { AttachableNavigator } from './navigator';
import { AppRoutes } from './router';
import { ShellServicesProvider } from './shell-services';

export interface ShellAppProps {
  config: RuntimeConfig;
  navigator: AttachableNavigator;
  loadRoutes: LoadRemoteRoutes;
  /** Off in tests. */
  watchReleases?: boolean;
}

export function ShellApp({ config, navigator, loadRoutes, watchReleases = true }: ShellAppProps) {
  return (
    <ShellServicesProvider config={config} navigator={navigator}>
      {watchReleases && <BuildIdWatcher pollMs={config.buildIdPollMs} />}
      <AppRoutes remotes={config.remotes} loadRoutes={loadRoutes} />
    </ShellServicesProvider>
  );
}
