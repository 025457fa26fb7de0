import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { InformeResultado } from '@gestion/shared';
import { useInformesTexts } from '../../../i18n/namespace';

interface InformeChartProps {
  nombre: string;
  serie: InformeResultado['serie'];
  grafico: InformeResultado['grafico'];
}

/** Chart height in px: tall enough for ~20 readable bars, short enough to print with its table. */
const HEIGHT = 320;

/**
 * The report's chart (issue #6, `INFORME_GRAFICO`): bars for counts per category, lines for
 * series over time, drawn with MUI X Charts. A `figure` named after the report, with the kind of
 * chart in its name, so a screen reader announces what the picture shows; the table beside it
 * carries the same numbers as text.
 */
export function InformeChart({ nombre, serie, grafico }: InformeChartProps) {
  const { t } = useInformesTexts();
  const captionId = useId();
  const etiquetas = serie.map((p) => t(`valores.${p.etiqueta}`, p.etiqueta));
  const valores = serie.map((p) => p.valor);
  const title = t(grafico === 'lineas' ? 'informe.graficoLineas' : 'informe.graficoBarras', {
    nombre,
    interpolation: { escapeValue: false },
  });
  const series = [{ data: valores, label: t('informe.serie') }];
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, breakInside: 'avoid' }}>
      <Typography id={captionId} component="figcaption" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {serie.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {t('informe.sinSerie')}
        </Typography>
      ) : grafico === 'lineas' ? (
        <LineChart
          title={title}
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: etiquetas }]}
          series={series}
          hideLegend
        />
      ) : (
        <BarChart
          title={title}
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: etiquetas }]}
          series={series}
          hideLegend
        />
      )}
    </Box>
  );
}
