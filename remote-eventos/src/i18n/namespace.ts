/**
 * This package's translations (DESIGN.md §5): one i18next namespace, Spanish default and English,
 * loaded with the pages that use it. The loaders are created once, with the module, so
 * `useNamespace` loads each locale once.
 */
import { createRemoteTexts } from '@gestion/ui';

export const NAMESPACE = 'remote-eventos';

/** `t` over this package's namespace, `ready` once it and the UI kit's bundle are loaded. */
export const useEventosTexts = createRemoteTexts(NAMESPACE, {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
});
