/**
 * This package's translations (DESIGN.md §5): one i18next namespace, Spanish default and English,
 * loaded with the pages that use it. The loaders object is module-level so `useNamespace` sees a
 * stable reference and loads each locale once.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const NAMESPACE = 'remote-informes';

const loaders: NamespaceLoaders = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/** `t` over this package's namespace, and `ready` once its bundle is loaded. */
export function useInformesTexts() {
  return useNamespace(NAMESPACE, loaders);
}
