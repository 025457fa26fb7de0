import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import i18next from 'i18next';
import { LOCALE_KEY, LOCALES, type Locale } from '@gestion/shared';
import { useAdminTexts } from '../../../i18n/namespace';
import { Section } from './Section';

/**
 * The interface language. Same convention as the shell's language picker: the choice is kept in
 * `localStorage['locale']` (SPEC §3) and `i18next.changeLanguage` switches the one shared
 * instance, so the shell and every remote follow.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // private mode or storage full: switched for this visit, not remembered
  }
  await i18next.changeLanguage(locale);
}

export function LanguageSection() {
  const { t, i18n } = useAdminTexts();
  const current = (i18n.resolvedLanguage ?? i18n.language ?? 'es').slice(0, 2);
  return (
    <Section title={t('cuenta.languageHeading')}>
      <TextField
        select
        label={t('cuenta.language')}
        value={(LOCALES as readonly string[]).includes(current) ? current : 'es'}
        onChange={(event) => void changeLocale(event.target.value as Locale)}
        sx={{ minWidth: 240 }}
      >
        {LOCALES.map((locale) => (
          <MenuItem key={locale} value={locale} lang={locale}>
            {t(`cuenta.languages.${locale}`)}
          </MenuItem>
        ))}
      </TextField>
    </Section>
  );
}
