/**
 * The texts of the second factor (issue #16): the reusable setup parts (features/mfa: QR, manual
 * key, first code, recovery codes) and the sign-in pages that use them (features/mfa-signin).
 * Their own namespace, merged over the sign-in bundle like the lifecycle pages' (ciclo-namespace):
 * the parts are shared by the signed-out enrolment step and Mi cuenta › Seguridad, so neither has
 * to load the other's bundle, and the first visit to /login downloads none of it.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const MFA_NAMESPACE = 'remote-auth-mfa';

type Bundle = Record<string, unknown>;
const bundleOf = (mod: { default: Bundle } | Bundle): Bundle =>
  ('default' in mod ? mod.default : mod) as Bundle;

async function merged(shared: Promise<unknown>, mfa: Promise<unknown>): Promise<Bundle> {
  const [a, b] = await Promise.all([shared, mfa]);
  return { ...bundleOf(a as Bundle), ...bundleOf(b as Bundle) };
}

const loaders: NamespaceLoaders = {
  es: () => merged(import('./es.json'), import('./es.mfa.json')),
  en: () => merged(import('./en.json'), import('./en.mfa.json')),
};

/** `t` over the second factor's namespace (the sign-in sections included), and `ready`. */
export function useMfaTexts() {
  return useNamespace(MFA_NAMESPACE, loaders);
}
