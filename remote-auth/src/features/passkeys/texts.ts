/**
 * The passkeys' texts (issue #16) in their own namespace, loaded with the parts that use them —
 * the account's Seguridad section, the second step, and the sign-in ceremony once its button is
 * clicked — never on the first visit to /login (its 200 KiB budget). The one text /login shows
 * before any click, the button's label, is `login.passkey` of the sign-in bundle.
 */
import { useNamespace, type NamespaceLoaders } from '@gestion/shared/react';

export const PASSKEYS_NAMESPACE = 'remote-auth-passkeys';

const loaders: NamespaceLoaders = {
  es: () => import('./i18n/es.json'),
  en: () => import('./i18n/en.json'),
};

/** `t` over the passkeys' namespace (keys `passkeys.*`), and `ready` once it is loaded. */
export function usePasskeyTexts() {
  return useNamespace(PASSKEYS_NAMESPACE, loaders);
}
