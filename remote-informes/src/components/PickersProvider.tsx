import 'dayjs/locale/es';
import 'dayjs/locale/en';
import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import { useInformesTexts } from '../i18n/namespace';

/**
 * MUI X pickers in the user's language (issue #6: the filter builder's date-time pickers in Spanish): dayjs's locale
 * for month and day names and the pickers' own texts for their buttons and labels.
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useInformesTexts();
  const english = i18n.language?.startsWith('en');
  const localeText = (english ? enUS : esES).components.MuiLocalizationProvider.defaultProps
    .localeText;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={english ? 'en' : 'es'}
      localeText={localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
