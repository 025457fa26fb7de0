/**
 * The one i18next instance (DESIGN.md §5): Spanish by default, English second, the visitor's
 * choice kept in `localStorage[LOCALE_KEY]`. The shell's texts are the `shell` namespace; each
 * remote adds its own namespace through shared's `useNamespace` when its pages load.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LOCALE_KEY, LOCALES, type Locale } from '@gestion/shared';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

export const SHELL_NS = 'shell';
export const DEFAULT_LOCALE: Locale = LOCALES[0];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Initialises i18next once (synchronously: the shell's bundles are given up front). */
export function initI18n(lng: Locale = readStoredLocale()): i18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [SHELL_NS],
      defaultNS: SHELL_NS,
      resources: { es: { [SHELL_NS]: es }, en: { [SHELL_NS]: en } },
      // Remotes add their bundles later (shared's loadNamespace).
      partialBundledLanguages: true,
      // React escapes what it renders; escaping here too would show `&#39;` in names.
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    const syncHtmlLang = (l: string) => document.documentElement.setAttribute('lang', l.slice(0, 2));
    syncHtmlLang(lng);
    i18next.on('languageChanged', syncHtmlLang);
  }
  return i18next;
}

/** Switches the language everywhere (shell and remotes) and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // not remembered, still switched
  }
  await i18next.changeLanguage(locale);
}

/** The current locale, re-rendering on change. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation(SHELL_NS);
  const lng = (instance.resolvedLanguage ?? instance.language ?? DEFAULT_LOCALE).slice(0, 2);
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}
