import { screen } from '@testing-library/react';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { ESTADOS } from '../lib/contract';
import { renderPage } from '../testing/render';
import { EstadoChip, estadoChipColors } from './EstadoChip';

// The shell's theme changes only primary, secondary and the page background: the chips' colours
// (grey, success, error, info) are MUI's defaults, i.e. those of createTheme().
const { palette } = createTheme();

describe('EstadoChip', () => {
  it.each(ESTADOS)('gives the "%s" chip text at ≥ 4.5:1 on its background (WCAG 2.2 AA)', (estado) => {
    const { background, text } = estadoChipColors(palette, estado);
    expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('shows "Finalizado" in white on the dark info colour, no longer 3.85:1', () => {
    renderPage(<EstadoChip estado="finalizado" />);
    const chip = screen.getByText('Finalizado').closest('.MuiChip-root');
    expect(chip).toHaveStyle({ backgroundColor: palette.info.dark, color: palette.common.white });
  });
});
