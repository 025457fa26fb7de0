/**
 * The texts of issue #15's pages (password recovery, invitation, e-mail verification and change,
 * the forced password change, the sign-in code) in their own namespace, merged over the sign-in
 * bundle like the administration's (namespace.ts): the first visit to /login, at its 200 KiB
 * budget, downloads none of them. Kept out of namespace.ts because /login's chunk imports that.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const CICLO_NAMESPACE = 'remote-auth-ciclo';

type Bundle = Record<string, unknown>;
const bundleOf = (mod: { default: Bundle } | Bundle): Bundle =>
  ('default' in mod ? mod.default : mod) as Bundle;

async function merged(shared: Promise<unknown>, ciclo: Promise<unknown>): Promise<Bundle> {
  const [a, b] = await Promise.all([shared, ciclo]);
  return { ...bundleOf(a as Bundle), ...bundleOf(b as Bundle) };
}

const loaders: NamespaceLoaders = {
  es: () => merged(import('./es.json'), import('./es.ciclo.json')),
  en: () => merged(import('./en.json'), import('./en.ciclo.json')),
};

/** `t` over the lifecycle pages' namespace (which holds the sign-in sections too), and `ready`. */
export function useCicloTexts() {
  return useNamespace(CICLO_NAMESPACE, loaders);
}
