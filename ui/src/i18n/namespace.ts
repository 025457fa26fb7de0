/**
 * The kit's own texts (its buttons, default messages), one i18next namespace with a Spanish and an
 * English bundle loaded like a remote's (shared/src/react/i18n.ts `useNamespace`): each bundle
 * downloads with the first page that renders a kit component, never on the first paint of /login.
 * The kit is bundled into every remote, so each carries these loaders; the first to run adds the
 * bundle to the one (shared) i18next instance and the others find it there.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const UI_NAMESPACE = 'gestion-ui';

// Module-level, so useNamespace sees one stable reference and loads each locale once.
const loaders: NamespaceLoaders = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/**
 * `t` over the kit's namespace and `ready` once its bundle is there. A remote's own texts hook
 * should AND its `ready` with this one, so its pages never show a kit key for one render.
 */
export function useUiTexts() {
  return useNamespace(UI_NAMESPACE, loaders);
}

/**
 * Makes a remote's texts hook (DESIGN.md §5): `t` over the remote's own namespace, loaded with
 * `loaders` (captured here once, so `useNamespace` sees a stable reference and loads each locale
 * once), and `ready` only once both that bundle and the kit's are loaded, because the remote's
 * pages render the kit's dialogs and list frame and must not show a kit key for one render.
 */
export function createRemoteTexts(namespace: string, loaders: NamespaceLoaders) {
  return function useRemoteTexts() {
    const own = useNamespace(namespace, loaders);
    const kit = useUiTexts();
    return { ...own, ready: own.ready && kit.ready };
  };
}
