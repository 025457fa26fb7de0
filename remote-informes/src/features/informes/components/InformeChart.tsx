import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { InformeResultado } from '@gestion/shared';
import { useInformesTexts } from '../../../i18n/namespace';
import { useLocale } from '@gestion/ui';
import { disposicionDeBarras, ejeDeRecuento } from '../grafico';
import { etiquetaDeCategoria } from '../textos-resultado';

interface InformeChartProps {
  nombre: string;
  /** The points to draw, a time series already with its empty periods (`completarSerie`). */
  serie: InformeResultado['serie'];
  grafico: InformeResultado['grafico'];
}

/** Chart height in px: tall enough for ~20 readable bars, short enough to print with its table. */
const HEIGHT = 320;
/** Up to this many points a line marks each one, so a lone month between zeros shows. */
const MARCAS_MAX = 100;

/**
 * The report's chart (issue #6, `INFORME_GRAFICO`): bars for counts per category, lines for
 * series over time, drawn with MUI X Charts. A `figure` named after the report, with the kind of
 * chart in its name, so a screen reader announces what the picture shows; the table beside it
 * carries the same numbers as text.
 *
 * Counts (issue #14): the value axis starts at 0 with integer ticks (`ejeDeRecuento`); every bar
 * has its category on the axis (none hidden for overlapping: many or long categories lie down,
 * `disposicionDeBarras`) and its value written beside it, zeros included; MUI's keyboard
 * navigation (Tab to the chart, arrows between items) announces each category and value.
 */
export function InformeChart({ nombre, serie, grafico }: InformeChartProps) {
  const { t } = useInformesTexts();
  const locale = useLocale();
  const captionId = useId();
  // States, activity and periods in the reader's words (textos-resultado.ts); names as sent.
  const etiquetas = serie.map((p) => etiquetaDeCategoria(p.etiqueta, t, locale));
  const valores = serie.map((p) => p.valor);
  const title = t(grafico === 'lineas' ? 'informe.graficoLineas' : 'informe.graficoBarras', {
    nombre,
    interpolation: { escapeValue: false },
  });
  const eje = ejeDeRecuento(valores, locale);
  const serieTotal = {
    data: valores,
    label: t('informe.serie'),
    valueFormatter: (v: number | null) => eje.valueFormatter(v),
  };
  // What the keyboard announces on each item (MUI's own text is English and omits the
  // category when the axis has no formatter): "2026-02: 0".
  const punto = (categoria: string, valor: string) =>
    t('informe.punto', { categoria, valor, interpolation: { escapeValue: false } });
  const localeText = {
    barDescription: (p: { formattedCategoryValue: string; formattedValue: string }) =>
      punto(p.formattedCategoryValue, p.formattedValue),
    lineDescription: (p: { formattedXValue: string; formattedYValue: string }) =>
      punto(p.formattedXValue, p.formattedYValue),
  };
  const categoria = (v: string | null) => v ?? '';
  let chart: React.ReactNode;
  if (serie.length === 0) {
    chart = (
      <Typography color="text.secondary" sx={{ py: 4 }}>
        {t('informe.sinSerie')}
      </Typography>
    );
  } else if (grafico === 'lineas') {
    chart = (
      <LineChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'point', data: etiquetas, valueFormatter: categoria }]}
        yAxis={[{ ...eje, width: 'auto' }]}
        series={[{ ...serieTotal, showMark: serie.length <= MARCAS_MAX }]}
        hideLegend
        localeText={localeText}
      />
    );
  } else {
    const { layout, alto, anchoEje } = disposicionDeBarras(etiquetas);
    // Every category labelled: MUI's default drops a label that would overlap its neighbour.
    const categorias = {
      scaleType: 'band' as const,
      data: etiquetas,
      tickLabelInterval: () => true,
      valueFormatter: categoria,
    };
    const barras = {
      ...serieTotal,
      barLabel: (item: { value: number | null }) => eje.valueFormatter(item.value ?? 0),
      barLabelPlacement: 'outside' as const,
    };
    chart =
      layout === 'horizontal' ? (
        <BarChart
          layout="horizontal"
          height={alto}
          yAxis={[{ ...categorias, width: anchoEje }]}
          xAxis={[eje]}
          series={[barras]}
          margin={{ right: 32 }}
          hideLegend
          localeText={localeText}
        />
      ) : (
        <BarChart
          height={HEIGHT}
          xAxis={[{ ...categorias, height: 'auto' }]}
          yAxis={[{ ...eje, width: 'auto' }]}
          series={[barras]}
          hideLegend
          localeText={localeText}
        />
      );
  }
  return (
    // The figure is named by its caption. The charts get no `title`: MUI X puts it as aria-label on
    // a div with role="none", which ARIA forbids (axe: aria-prohibited-attr, serious).
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, breakInside: 'avoid' }}>
      <Typography id={captionId} component="figcaption" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {chart}
    </Box>
  );
}
