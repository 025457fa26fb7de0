/**
 * The first screen waits on a request chain (main → remote manifest → its chunks → the page's
 * chunk). Starting each remote's `./routes` from bootstrap, before React renders, and fetching
 * the current path's page chunk as soon as its routes are known shortens that chain.
 */
import { matchPath } from 'react-router-dom';
import type { RemoteConfig } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';
import { owns, type LoadRemoteRoutes } from './use-remote-routes';

/**
 * @param all every remote (a stored token: the navigation will list them all), else only the one
 *   owning `pathname` — the same rule as useRemoteRoutes.
 */
export function startEarly(
  remotes: readonly RemoteConfig[],
  load: LoadRemoteRoutes,
  pathname: string = window.location.pathname,
  all = true,
): LoadRemoteRoutes {
  const early = new Map<string, Promise<PageRoute[]>>();
  for (const remote of remotes) {
    if (!all && !owns(remote, pathname)) continue;
    const routes = load(remote, false);
    early.set(remote.name, routes);
    routes.then(
      (list) => {
        const current = list.find((r) => matchPath({ path: r.path, end: true }, pathname));
        // The lazy page calls the same import later and gets this cached chunk.
        current?.page().catch(() => undefined);
      },
      () => undefined, // reported where the routes are used
    );
  }
  return (remote, retry) => {
    const first = early.get(remote.name);
    if (!retry && first) {
      early.delete(remote.name);
      return first;
    }
    return load(remote, retry);
  };
}
