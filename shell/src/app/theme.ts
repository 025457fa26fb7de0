/**
 * The MUI theme: the product's blue with contrast ≥ 4.5:1 for text on it (WCAG AA), a dark
 * colour scheme beside the light one, and MUI's own component texts in the visitor's language
 * (esES by default).
 *
 * Both schemes are CSS variables (`cssVariables`): every MUI component paints with
 * `var(--mui-palette-…)`, and the `data-color-scheme` attribute on `<html>` picks which set
 * applies. So switching repaints through CSS alone, and the remotes, which render the shell's MUI
 * instance inside its ThemeProvider, follow without knowing a dark mode exists.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, esES } from '@mui/material/locale';
import type { Locale } from '@gestion/shared';
import { COLOR_SCHEME_ATTRIBUTE } from './color-scheme';

// One theme per language, made once: with both schemes as CSS variables a theme takes several
// times longer to make than a plain one (about 8×), so it is never made twice.
const themes = new Map<Locale, Theme>();

/** The theme for `locale` (its MUI component texts), the same object on every call. */
export function makeTheme(locale: Locale): Theme {
  let theme = themes.get(locale);
  if (!theme) {
    theme = createTheme(
      {
        // '[data-color-scheme="dark"]' on <html>: set by MUI from the stored mode (or the system's).
        cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
        colorSchemes: {
          light: {
            palette: {
              primary: { main: '#1565c0' },
              secondary: { main: '#6a1b9a' },
              background: { default: '#f5f7fa' },
            },
          },
          // MUI's dark defaults: light blue and purple that keep ≥ 4.5:1 on the dark background
          // (links, outlined chips). Text on a coloured background turns black unless white reaches
          // 4.5:1 (MUI's threshold is 3: white on the dark error red #f44336 was 3.68:1, axe).
          dark: { palette: { contrastThreshold: 4.5 } },
        },
        shape: { borderRadius: 8 },
        components: {
          MuiButton: { defaultProps: { disableElevation: true } },
        },
      },
      locale === 'en' ? enUS : esES,
    );
    themes.set(locale, theme);
  }
  return theme;
}
