/**
 * Loads the remotes' routes and tracks each remote apart, so a remote that is down only affects
 * its own paths: they show "Módulo no disponible" with a retry while the shell and the other
 * remotes keep working (DESIGN.md §5).
 *
 * Signed in, every remote loads at once, in parallel (the navigation lists their areas). Signed
 * out, a visitor can only use the remote that owns the current path (/login, /register), so the
 * others wait until they are needed: the first visit downloads one remote, not three.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { RemoteConfig } from '@gestion/shared';
import type { PageRoute } from '@gestion/shared/react';

export type RemoteStatus =
  | { remote: RemoteConfig; state: 'idle' }
  | { remote: RemoteConfig; state: 'loading' }
  | { remote: RemoteConfig; state: 'ready'; routes: PageRoute[] }
  | { remote: RemoteConfig; state: 'failed'; error: unknown };

export type LoadRemoteRoutes = (remote: RemoteConfig, retry: boolean) => Promise<PageRoute[]>;

/** True when `pathname` lies under one of the remote's path prefixes. */
export function owns(remote: RemoteConfig, pathname: string): boolean {
  return remote.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function useRemoteRoutes(
  remotes: readonly RemoteConfig[],
  load: LoadRemoteRoutes,
  { all, pathname }: { all: boolean; pathname: string },
) {
  const [statuses, setStatuses] = useState<RemoteStatus[]>(() =>
    remotes.map((remote) => ({ remote, state: all || owns(remote, pathname) ? 'loading' : 'idle' })),
  );
  const started = useRef(new Set<string>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(
    (remote: RemoteConfig, retry: boolean) => {
      started.current.add(remote.name);
      const set = (status: RemoteStatus) =>
        alive.current &&
        setStatuses((list) => list.map((s) => (s.remote.name === remote.name ? status : s)));
      set({ remote, state: 'loading' });
      load(remote, retry).then(
        // A transition: the page that appears (a whole MUI form) renders in slices, not in one
        // long task (Lighthouse TBT on a first visit).
        (routes) => startTransition(() => void set({ remote, state: 'ready', routes })),
        (error: unknown) => {
          console.error(`No se pudo cargar el módulo ${remote.name}`, error);
          set({ remote, state: 'failed', error });
        },
      );
    },
    [load],
  );

  useEffect(() => {
    for (const remote of remotes) {
      if (started.current.has(remote.name)) continue;
      if (all || owns(remote, pathname)) start(remote, false);
    }
  }, [remotes, all, pathname, start]);

  const retry = useCallback(
    (name: string) => {
      const remote = remotes.find((r) => r.name === name);
      if (remote) start(remote, true);
    },
    [remotes, start],
  );

  return { statuses, retry };
}
