import Chip, { type ChipProps } from '@mui/material/Chip';
import type { EstadoEvento } from '../lib/contract';
import { useEventosTexts } from '../i18n/namespace';

const COLORS: Record<EstadoEvento, ChipProps['color']> = {
  borrador: 'default',
  publicado: 'success',
  cancelado: 'error',
  finalizado: 'info',
};

/** An event's state as a small coloured chip with its translated name. */
export function EstadoChip({ estado }: { estado: EstadoEvento }) {
  const { t } = useEventosTexts();
  return <Chip size="small" color={COLORS[estado]} label={t(`estados.${estado}`)} />;
}
