/**
 * The texts of issue #17's tokens (Mi cuenta › Tokens, a user's tokens on the user page, Ajustes ›
 * Aprovisionamiento) in their own namespace, merged over the administration's bundle like the
 * second factor's (mfa-namespace.ts): these sections keep one `t` for their own keys (`tokens.*`,
 * `scim.*`) and the shared ones (`common.*`, `permisosTexto.*`), and neither the first visit to
 * /login nor the administration bundle carries them. The loaders are module-level so
 * `useNamespace` sees stable references.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const TOKENS_NAMESPACE = 'remote-auth-tokens';

type Bundle = Record<string, unknown>;
const bundleOf = (mod: unknown): Bundle =>
  (mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod) as Bundle;

async function merged(...parts: Promise<unknown>[]): Promise<Bundle> {
  const bundles = await Promise.all(parts);
  return Object.assign({}, ...bundles.map(bundleOf)) as Bundle;
}

const loaders: NamespaceLoaders = {
  es: () =>
    merged(
      import('../../i18n/es.json'),
      import('../../i18n/es.admin.json'),
      import('./i18n/es.json'),
    ),
  en: () =>
    merged(
      import('../../i18n/en.json'),
      import('../../i18n/en.admin.json'),
      import('./i18n/en.json'),
    ),
};

/** `t` over the tokens' namespace (the administration's sections included), and `ready`. */
export function useTokenTexts() {
  return useNamespace(TOKENS_NAMESPACE, loaders);
}
