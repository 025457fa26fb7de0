/**
 * This package's translations (DESIGN.md §5), Spanish default and English, loaded with the pages
 * that use them, in two i18next namespaces so a first visit to /login does not download the
 * administration's texts (9.7 KB of JSON for 1.3 KB it uses):
 * - `remote-auth`: the sign-in and registration pages and what every page shares (`common`,
 *   `fields`, `validation`) — `es.json`, `en.json`;
 * - `remote-auth-admin`: the account, users, roles, audit and settings pages — `es.admin.json`,
 *   `en.admin.json` merged over the first bundle, so those pages keep one `t` for all their keys.
 * The loaders objects are module-level so `useNamespace` sees stable references and loads each
 * locale once.
 */
import { loadNamespace, useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const NAMESPACE = 'remote-auth';
export const ADMIN_NAMESPACE = 'remote-auth-admin';

type Bundle = Record<string, unknown>;
const bundleOf = (mod: { default: Bundle } | Bundle): Bundle =>
  ('default' in mod ? mod.default : mod) as Bundle;

const loaders: NamespaceLoaders = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/** The shared bundle and the administration's, one object (sections do not overlap). */
async function merged(shared: Promise<Bundle>, admin: Promise<Bundle>): Promise<Bundle> {
  const [a, b] = await Promise.all([shared, admin]);
  return { ...a, ...b };
}

const adminLoaders: NamespaceLoaders = {
  es: () => merged(import('./es.json').then(bundleOf), import('./es.admin.json').then(bundleOf)),
  en: () => merged(import('./en.json').then(bundleOf), import('./en.admin.json').then(bundleOf)),
};

/** `t` over the sign-in namespace, and `ready` once its bundle is loaded. */
export function useAuthTexts() {
  return useNamespace(NAMESPACE, loaders);
}

/** `t` over the administration's namespace (which holds the shared sections too), and `ready`. */
export function useAdminTexts() {
  return useNamespace(ADMIN_NAMESPACE, adminLoaders);
}

/**
 * Starts downloading the sign-in bundle for the current language. The sign-in and registration
 * pages call it when their chunk loads, so the texts arrive with the page instead of one round
 * trip after its first render (Lighthouse LCP of /login). Never throws.
 */
export function preloadAuthTexts(): void {
  loadNamespace(NAMESPACE, loaders).catch(() => undefined);
}
