/**
 * After a release, an open page may ask for a chunk that no longer exists. Reloading fetches the
 * new build — once: a second failure within RELOAD_GUARD_MS (SPEC §9) shows the error instead of
 * reloading in a loop.
 */
import { RELOAD_GUARD_MS } from '@gestion/shared';

export const RELOAD_STAMP_KEY = 'shell.chunkReloadAt';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [^\s]+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module/i.test(error.message) ||
    /error loading dynamically imported module/i.test(error.message)
  );
}

/**
 * Reloads the page unless it already did so less than RELOAD_GUARD_MS ago.
 * @returns whether a reload was started.
 */
export function reloadOnce(
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): boolean {
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(RELOAD_STAMP_KEY));
  } catch {
    return false; // no way to remember the reload: never risk a loop
  }
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(RELOAD_STAMP_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
