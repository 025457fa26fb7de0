import 'dayjs/locale/es';
import 'dayjs/locale/en';
import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES } from '@mui/x-date-pickers/locales';
import { useLocale } from '../dates';

/**
 * MUI X pickers in the reader's language (issue 5: "date-time pickers in Spanish"): dayjs's
 * locale for month and day names and the pickers' own texts for their buttons and labels.
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const localeText = (locale === 'en' ? enUS : esES).components.MuiLocalizationProvider
    .defaultProps.localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
