import Chip from '@mui/material/Chip';
import type { Palette } from '@mui/material/styles';
import type { EstadoEvento } from '../lib/contract';
import { useEventosTexts } from '../i18n/namespace';

/**
 * Text and background of each state's chip, from the theme's palette. Every pair is ≥ 4.5:1
 * (WCAG 2.2 AA, normal-size text; EstadoChip.test.tsx computes them): MUI's `info` chip (white on
 * info.main #0288d1) was 3.85:1, so Finalizado takes info.dark; success.main and error.main with
 * white already pass (5.1 and 5.0:1).
 */
export function estadoChipColors(palette: Palette, estado: EstadoEvento): { background: string; text: string } {
  switch (estado) {
    case 'borrador':
      return { background: palette.grey[200], text: palette.grey[900] };
    case 'publicado':
      return { background: palette.success.main, text: palette.common.white };
    case 'cancelado':
      return { background: palette.error.main, text: palette.common.white };
    case 'finalizado':
      return { background: palette.info.dark, text: palette.common.white };
  }
}

/** An event's state as a small coloured chip with its translated name. */
export function EstadoChip({ estado }: { estado: EstadoEvento }) {
  const { t } = useEventosTexts();
  return (
    <Chip
      size="small"
      label={t(`estados.${estado}`)}
      sx={(theme) => {
        const { background, text } = estadoChipColors(theme.palette, estado);
        return { bgcolor: background, color: text };
      }}
    />
  );
}
