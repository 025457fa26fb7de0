import { useInformesTexts } from '../i18n/namespace';

/** The user's current language as a BCP 47 tag for `Intl` ('es' or 'en'). */
export function useLocale(): string {
  const { i18n } = useInformesTexts();
  return i18n.language?.startsWith('en') ? 'en' : 'es';
}
