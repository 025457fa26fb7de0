import { getContrastRatio, type Palette } from '@mui/material/styles';
import { makeTheme } from './theme';

// `Theme` does not declare the CSS-variables theme's `colorSchemes`; makeTheme builds one.
const schemes = (
  makeTheme('es') as unknown as {
    colorSchemes: { light: { palette: Palette }; dark: { palette: Palette } };
  }
).colorSchemes;

describe('theme', () => {
  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)(
    'in dark mode writes on the %s colour (contained buttons, chips) at ≥ 4.5:1 (WCAG 2.2 AA)',
    (color) => {
      const { main, contrastText } = schemes.dark.palette[color];
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps links and the primary colour at ≥ 4.5:1 on the page background in both schemes', () => {
    for (const { palette } of [schemes.light, schemes.dark]) {
      expect(
        getContrastRatio(palette.primary.main, palette.background.default),
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        getContrastRatio(palette.primary.contrastText, palette.primary.main),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
