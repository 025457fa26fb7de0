/**
 * The MUI theme: the product's blue with contrast ≥ 4.5:1 for text on it (WCAG AA), and MUI's
 * own component texts in the visitor's language (esES by default).
 */
import { createTheme } from '@mui/material/styles';
import { enUS, esES } from '@mui/material/locale';
import type { Locale } from '@gestion/shared';

export function makeTheme(locale: Locale) {
  return createTheme(
    {
      palette: {
        primary: { main: '#1565c0' },
        secondary: { main: '#6a1b9a' },
        background: { default: '#f5f7fa' },
      },
      shape: { borderRadius: 8 },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
      },
    },
    locale === 'en' ? enUS : esES,
  );
}
