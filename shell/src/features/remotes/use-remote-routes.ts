/**
 * Loads every remote's routes in parallel and tracks each one apart, so a remote that is down
 * only affects its own paths: they show "Módulo no disponible" with a retry while the shell and
 * the other remotes keep working (DESIGN.md §5).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RemoteConfig } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export type RemoteStatus =
  | { remote: RemoteConfig; state: 'loading' }
  | { remote: RemoteConfig; state: 'ready'; routes: PageRoute[] }
  | { remote: RemoteConfig; state: 'failed'; error: unknown };

export type LoadRemoteRoutes = (remote: RemoteConfig, retry: boolean) => Promise<PageRoute[]>;

export function useRemoteRoutes(remotes: readonly RemoteConfig[], load: LoadRemoteRoutes) {
  const [statuses, setStatuses] = useState<RemoteStatus[]>(() =>
    remotes.map((remote) => ({ remote, state: 'loading' })),
  );
  const alive = useRef(true);

  const start = useCallback(
    (remote: RemoteConfig, retry: boolean) => {
      const set = (status: RemoteStatus) =>
        alive.current &&
        setStatuses((all) => all.map((s) => (s.remote.name === remote.name ? status : s)));
      set({ remote, state: 'loading' });
      load(remote, retry).then(
        (routes) => set({ remote, state: 'ready', routes }),
        (error: unknown) => {
          console.error(`No se pudo cargar el módulo ${remote.name}`, error);
          set({ remote, state: 'failed', error });
        },
      );
    },
    [load],
  );

  useEffect(() => {
    alive.current = true;
    remotes.forEach((r) => start(r, false));
    return () => {
      alive.current = false;
    };
  }, [remotes, start]);

  const retry = useCallback((name: string) => {
    const remote = remotes.find((r) => r.name === name);
    if (remote) start(remote, true);
  }, [remotes, start]);

  return { statuses, retry };
}
