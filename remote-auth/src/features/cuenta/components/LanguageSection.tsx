import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import i18next from 'i18next';
import { LOCALE_KEY, LOCALES, type Locale } from '@gestion/shared';
import { useAdminTexts } from '../../../i18n/namespace';
import { useUpdateProfileMutation } from '../api';
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

/**
 * Mi cuenta's language: switches the interface and also stores the choice on the account
 * (`PATCH /api/auth/me {idioma}`), because mails (reset links, notices) are written in the
 * recipient's stored language (issue #15). A failed save leaves the interface switched: the
 * mails keep the previous language, which is no reason to interrupt the user.
 */
export function LanguageSection() {
  const { t, i18n } = useAdminTexts();
  const [updateProfile] = useUpdateProfileMutation();
  const current = (i18n.resolvedLanguage ?? i18n.language ?? 'es').slice(0, 2);
  return (
    <Section title={t('cuenta.languageHeading')}>
      <TextField
        select
        label={t('cuenta.language')}
        value={(LOCALES as readonly string[]).includes(current) ? current : 'es'}
        onChange={(event) => {
          const locale = event.target.value as Locale;
          void changeLocale(locale);
          void updateProfile({ idioma: locale });
        }}
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
