/**
 * The first paint waits on a request chain: main → the owning remote's manifest → its entry and
 * the chunks of `./routes` → the page chunk. Started from the entry chunk (before the async
 * bootstrap has even downloaded React), the remote half of that chain runs in parallel with the
 * shell's own chunks instead of after them.
 *
 * Only what `./routes` needs synchronously is preloaded ('sync'): its async chunks are every page
 * of the remote, most of which this visit never opens. The current page's chunk follows as soon
 * as the routes are known (early-load.ts).
 *
 * This module runs before the shared modules are negotiated, so it imports no shared package
 * (`@gestion/shared` is type-only here) and reads the run-time configuration global itself.
 */
import { preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteConfig, RuntimeConfig } from '@gestion/shared';
import { initFederation } from './federation';

/** `RUNTIME_CONFIG_GLOBAL` and `AUTH_TOKEN_KEY` of @gestion/shared (not importable this early). */
const CONFIG_GLOBAL = '__APP_CONFIG__';
const TOKEN_KEY = 'auth.token';

function ownsPath(remote: RemoteConfig, pathname: string): boolean {
  return remote.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function hasStoredToken(): boolean {
  try {
    return window.localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Registers the remotes and starts downloading the ones the first screen needs: signed in, all of
 * them (the navigation lists every area); signed out, the one owning `pathname`. Never throws: a
 * remote that is down is reported later, where its routes are used.
 * @returns the names of the remotes being preloaded
 */
export function preloadFirstRoute(
  pathname: string = window.location.pathname,
  config: Partial<RuntimeConfig> | undefined = (globalThis as Record<string, unknown>)[
    CONFIG_GLOBAL
  ] as Partial<RuntimeConfig> | undefined,
  signedIn: boolean = hasStoredToken(),
): string[] {
  const remotes: readonly RemoteConfig[] | undefined = config?.remotes;
  if (!remotes?.length) return [];
  try {
    initFederation(remotes);
    const wanted = remotes.filter((r) => signedIn || ownsPath(r, pathname)).map((r) => r.name);
    if (wanted.length > 0) {
      void preloadRemote(
        wanted.map((name) => ({
          nameOrAlias: name,
          exposes: ['./routes'],
          resourceCategory: 'sync' as const,
        })),
      ).catch(() => undefined);
    }
    return wanted;
  } catch {
    return [];
  }
}
