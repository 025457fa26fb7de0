/**
 * `navigateTo(url, {external, replace})` (SPEC §2): a same-origin URL goes through the router;
 * another origin is refused unless the caller says it is external, and then only http(s) — a
 * `javascript:` URL is never followed.
 */
import type { ShellServices } from '@gestion/shared/react';
import type { NavigateOptions } from '../../app/navigator';

export function createNavigateTo(
  navigate: (to: string, options?: NavigateOptions) => void,
  location: Pick<Location, 'href' | 'origin' | 'assign'> = window.location,
): ShellServices['navigateTo'] {
  return (url, { external = false, replace = false } = {}) => {
    let target: URL;
    try {
      target = new URL(url, location.href);
    } catch {
      console.warn(`navigateTo: URL no válida: ${url}`);
      return false;
    }
    if (!external && target.origin === location.origin) {
      navigate(`${target.pathname}${target.search}${target.hash}`, { replace });
      return true;
    }
    if (!external) {
      console.warn(`navigateTo: navegación a otro origen rechazada (${target.origin}); use { external: true }`);
      return false;
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      console.warn(`navigateTo: protocolo no permitido (${target.protocol})`);
      return false;
    }
    location.assign(target.href);
    return true;
  };
}
