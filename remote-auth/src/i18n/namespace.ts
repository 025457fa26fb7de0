/**
 * This package's translations (DESIGN.md §5): one i18next namespace, Spanish default and English,
 * loaded with the pages that use it. The loaders object is module-level so `useNamespace` sees a
 * stable reference and loads each locale once.
 */
import { loadNamespace, useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const NAMESPACE = 'remote-auth';

const loaders: NamespaceLoaders = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/** `t` over this package's namespace, and `ready` once its bundle is loaded. */
export function useAuthTexts() {
  return useNamespace(NAMESPACE, loaders);
}

/**
 * Starts downloading this package's bundle for the current language. The sign-in and
 * registration pages call it when their chunk loads, so the texts arrive with the page instead of
 * one round trip after its first render (Lighthouse LCP of /login). Never throws.
 */
export function preloadAuthTexts(): void {
  loadNamespace(NAMESPACE, loaders).catch(() => undefined);
}
