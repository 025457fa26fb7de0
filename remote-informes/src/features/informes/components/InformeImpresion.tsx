import { useEffect, useState } from 'react';
import { Global } from '@emotion/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isEntidad, describirCondicion } from '../../filtrado/condiciones';
import type { Columna, Informe, InformeResultado } from '@gestion/shared';
import { useInformesTexts } from '../../../i18n/namespace';
import { formatDateTime, useLocale } from '@gestion/ui';
import { formatCelda } from '../celdas';

/**
 * Paper (issues #6 and #14): A4 portrait with 10 mm margins, 190 mm ≈ 718 CSS px of width. The
 * shell's app bar, navigation and toasts and this page's buttons (`data-no-print`) are left
 * out; what only paper needs (`data-print-only`: the date, the filter, the plain table) is
 * hidden on screen. The DataGrid does not print: it lays its columns out in px for the screen's
 * width and virtualises them, so at A4 the right-hand columns fell off the page; a plain table
 * (`data-print-table`) with the same rows wraps its cells instead. MUI's global class names are
 * stable across versions.
 */
const PRINT_STYLES = {
  '@page': { size: 'A4 portrait', margin: '10mm' },
  '[data-print-only]': { display: 'none' },
  '@media print': {
    '.MuiAppBar-root, .MuiDrawer-root, .MuiBottomNavigation-root, .notistack-SnackbarContainer, [data-no-print]':
      { display: 'none !important' },
    'main, #main': { padding: '0 !important' },
    '[data-print-only]': { display: 'block !important' },
    'table[data-print-only]': { display: 'table !important' },
    'table[data-print-table]': {
      width: '100%',
      maxWidth: '100%',
      borderCollapse: 'collapse',
      fontSize: '8pt',
      lineHeight: 1.3,
    },
    'table[data-print-table] th, table[data-print-table] td': {
      padding: '2px 4px',
      borderBottom: '0.5pt solid #999',
      textAlign: 'left',
      verticalAlign: 'top',
      overflowWrap: 'anywhere',
      wordBreak: 'break-word',
    },
    // The header row again on every sheet; a row never split across two.
    'table[data-print-table] thead': { display: 'table-header-group' },
    'table[data-print-table] tr': { breakInside: 'avoid' },
  },
} as const;

/** The page's print rules, mounted with the report. */
export function EstilosDeImpresion() {
  return <Global styles={PRINT_STYLES} />;
}

/** Now, and again when the browser is about to print: the date on the paper is the print's. */
function useFechaDeImpresion(): string {
  const [fecha, setFecha] = useState(() => new Date().toISOString());
  useEffect(() => {
    const update = () => setFecha(new Date().toISOString());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return fecha;
}

/**
 * What a printed report says under its title (issue #14): when it was printed and the filter it
 * ran with, condition by condition in the reader's language (`describirCondicion`, the builder's
 * own words) — or that it has none, or that the api withheld it (`filtrosOcultos`, issue #13).
 */
export function CabeceraImpresa({ informe }: { informe: Informe }) {
  const { t } = useInformesTexts();
  const locale = useLocale();
  const fecha = useFechaDeImpresion();
  const { filtros } = informe;
  const entidad = filtros && isEntidad(filtros.entidad) ? filtros.entidad : null;
  const condiciones =
    entidad && filtros
      ? filtros.filtros.flatMap((f) => describirCondicion(entidad, f, t, locale) ?? [])
      : [];
  let filtro: React.ReactNode;
  if (informe.filtrosOcultos) {
    filtro = <Typography variant="body2">{t('informe.impresion.filtroOculto')}</Typography>;
  } else if (!entidad || condiciones.length === 0) {
    filtro = <Typography variant="body2">{t('informe.impresion.sinFiltro')}</Typography>;
  } else {
    filtro = (
      <>
        <Typography variant="body2">
          {t('informe.impresion.entidad', { entidad: t(`entidades.${entidad}`) })}
        </Typography>
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {condiciones.map((c, i) => (
            <Typography key={i} component="li" variant="body2">
              {c}
            </Typography>
          ))}
        </Box>
      </>
    );
  }
  return (
    <Box data-print-only data-testid="informe-impresion">
      <Typography variant="body2">
        {t('informe.impresion.fecha', { fecha: formatDateTime(fecha, locale) })}
      </Typography>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {t('informe.impresion.filtro')}
      </Typography>
      {filtro}
    </Box>
  );
}

interface TablaImpresaProps {
  columnas: readonly Columna[];
  resultado: InformeResultado;
}

/** The page of rows on screen as a plain table for paper (see PRINT_STYLES). */
export function TablaImpresa({ columnas, resultado }: TablaImpresaProps) {
  const { t } = useInformesTexts();
  const locale = useLocale();
  const desde = resultado.filas.length === 0 ? 0 : (resultado.page - 1) * resultado.pageSize + 1;
  const hasta = desde === 0 ? 0 : desde + resultado.filas.length - 1;
  return (
    <table data-print-only data-print-table>
      <caption style={{ textAlign: 'left', captionSide: 'bottom', paddingTop: 4 }}>
        {t('informe.impresion.filas', { desde, hasta, total: resultado.total })}
      </caption>
      <thead>
        <tr>
          {columnas.map((c) => (
            <th key={c.campo} scope="col">
              {c.titulo}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {resultado.filas.map((fila, i) => (
          <tr key={i}>
            {columnas.map((c) => (
              <td key={c.campo}>{formatCelda(c, fila[c.campo], t, locale)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
