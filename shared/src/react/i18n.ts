/**
 * Per-package translations (DESIGN.md §5): the shell owns the one i18next instance (Spanish
 * default, English second); each remote ships `i18n/<locale>.json` and loads it with its pages
 * through `useNamespace`. i18next and react-i18next are Module Federation singletons, so a
 * language change in the shell's picker reaches every remote.
 */
import { startTransition, useEffect, useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../constants';

/** Loaders of one namespace's bundles, one per locale: `() => import('./i18n/es.json')`. */
export type NamespaceLoaders = Readonly<
  Record<Locale, () => Promise<{ default: Record<string, unknown> } | Record<string, unknown>>>
>;

function currentLocale(): Locale {
  const lng = (i18next.resolvedLanguage ?? i18next.language ?? 'es').slice(0, 2);
  return (LOCALES as readonly string[]).includes(lng) ? (lng as Locale) : 'es';
}

/**
 * Loads namespace `ns` for `locale` (once) and adds it to the i18next instance.
 * @returns resolves when the bundle is available.
 */
export async function loadNamespace(ns: string, loaders: NamespaceLoaders, locale: Locale = currentLocale()): Promise<void> {
  if (i18next.hasResourceBundle(locale, ns)) return;
  const mod = await loaders[locale]();
  const bundle = ('default' in mod ? mod.default : mod) as Record<string, unknown>;
  i18next.addResourceBundle(locale, ns, bundle, true, false);
}

/**
 * `useTranslation(ns)` that first loads the namespace's bundle for the current language (and for
 * each language the user switches to). `ready` is false until the bundle is there.
 */
export function useNamespace(ns: string, loaders: NamespaceLoaders) {
  const translation = useTranslation(ns);
  const locale = currentLocale();
  const [loaded, setLoaded] = useState(() => i18next.hasResourceBundle(locale, ns));
  useEffect(() => {
    let alive = true;
    if (i18next.hasResourceBundle(locale, ns)) {
      setLoaded(true);
      return;
    }
    setLoaded(false);
    loadNamespace(ns, loaders, locale)
      .catch(() => undefined) // a missing bundle falls back to the keys; never blanks the page
      // A transition: the page's texts arrive all at once, and re-rendering it whole is sliced.
      .finally(() => alive && startTransition(() => setLoaded(true)));
    return () => {
      alive = false;
    };
  }, [ns, loaders, locale]);
  return { ...translation, ready: loaded };
}
