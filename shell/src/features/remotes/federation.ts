/**
 * Remotes at run time (DESIGN.md §2): their `mf-manifest.json` URLs come from the page's
 * configuration (`/config.js`), so re-pointing a remote needs no rebuild of the shell. `init`
 * attaches to the federation instance webpack created for the shell (same name), keeping its
 * shared singletons and the 'loaded-first' strategy.
 */
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteConfig } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

let initialised = false;

export function initFederation(remotes: readonly RemoteConfig[]): void {
  if (initialised) return;
  initialised = true;
  init({
    name: 'shell',
    remotes: remotes.map((r) => ({ name: r.name, entry: r.entry })),
    shareStrategy: 'loaded-first',
  });
}

type RoutesModule = PageRoute[] | { default?: unknown; routes?: unknown };

function routesOf(mod: RoutesModule | null, remote: string): PageRoute[] {
  const candidate = Array.isArray(mod) ? mod : (mod?.routes ?? mod?.default);
  if (!Array.isArray(candidate)) throw new Error(`${remote}/routes no exporta una lista de rutas`);
  return (candidate as PageRoute[]).filter(
    (r) => r && typeof r.path === 'string' && typeof r.page === 'function',
  );
}

/**
 * The route descriptors remote `remote` exposes as `./routes`.
 * @param retry forget the failed entry first (a retry after the remote came back).
 * @throws when the remote's manifest, entry or module cannot be loaded.
 */
export async function loadRemoteRoutes(remote: RemoteConfig, retry = false): Promise<PageRoute[]> {
  if (retry) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  const mod = await loadRemote<RoutesModule>(`${remote.name}/routes`);
  return routesOf(mod, remote.name);
}
