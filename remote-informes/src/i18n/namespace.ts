/**
 * This package's translations (DESIGN.md §5): one i18next namespace, Spanish default and English,
 * loaded with the pages that use it. The loaders object is module-level so `useNamespace` sees a
 * stable reference and loads each locale once.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';
import { useUiTexts } from '@gestion/ui';

export const NAMESPACE = 'remote-informes';

const loaders: NamespaceLoaders = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/**
 * `t` over this package's namespace, and `ready` once its bundle and the UI kit's (whose dialogs
 * and list frame the pages render) are loaded, so no page shows a kit key for one render.
 */
export function useInformesTexts() {
  const own = useNamespace(NAMESPACE, loaders);
  const kit = useUiTexts();
  return { ...own, ready: own.ready && kit.ready };
}
