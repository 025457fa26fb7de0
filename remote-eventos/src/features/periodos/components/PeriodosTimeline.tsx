import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime, useLocale } from '@gestion/ui';
import { useEventosTexts } from '../../../i18n/namespace';
import type { Evento, Periodo } from '../../../lib/contract';

/** Where `periodo` sits across the event's span, in percent of its width (clamped to 0–100). */
export function timelinePosition(
  evento: Evento,
  periodo: Periodo,
): { left: number; width: number } {
  const start = Date.parse(evento.fechaInicio);
  const span = Math.max(Date.parse(evento.fechaFin) - start, 1);
  const clamp = (n: number) => Math.min(100, Math.max(0, n));
  const left = clamp(((Date.parse(periodo.fechaInicio) - start) / span) * 100);
  const right = clamp(((Date.parse(periodo.fechaFin) - start) / span) * 100);
  return { left, width: Math.max(right - left, 0) };
}

/**
 * The event's periods as boxes across its span (issue 5 "a timeline across the event's span"):
 * one positioned box per period, each a list item whose accessible name says its dates.
 */
export function PeriodosTimeline({
  evento,
  periodos,
}: {
  evento: Evento;
  periodos: readonly Periodo[];
}) {
  const { t } = useEventosTexts();
  const locale = useLocale();
  return (
    <Box component="section" aria-labelledby="timeline-heading">
      <Typography id="timeline-heading" variant="h6" component="h2" gutterBottom>
        {t('periodos.timeline')}
      </Typography>
      <Box
        role="list"
        aria-label={t('periodos.timelineLabel', { nombre: evento.nombre })}
        sx={{
          position: 'relative',
          height: 56,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        {periodos.map((p, index) => {
          const { left, width } = timelinePosition(evento, p);
          const label = t('periodos.timelineItem', {
            nombre: p.nombre,
            desde: formatDateTime(p.fechaInicio, locale),
            hasta: formatDateTime(p.fechaFin, locale),
          });
          return (
            <Tooltip key={p.id} title={label}>
              <Box
                role="listitem"
                aria-label={label}
                tabIndex={0}
                data-testid="timeline-box"
                sx={{
                  position: 'absolute',
                  top: 8,
                  bottom: 8,
                  left: `${left}%`,
                  width: `${width}%`,
                  minWidth: 4,
                  px: 0.5,
                  borderRadius: 1,
                  bgcolor: index % 2 === 0 ? 'primary.main' : 'secondary.main',
                  color: 'primary.contrastText',
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                  fontSize: 12,
                  lineHeight: '40px',
                  '&:focus-visible': {
                    outline: 2,
                    outlineColor: 'text.primary',
                    outlineStyle: 'solid',
                  },
                }}
              >
                {p.nombre}
              </Box>
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(evento.fechaInicio, locale)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(evento.fechaFin, locale)}
        </Typography>
      </Box>
    </Box>
  );
}
