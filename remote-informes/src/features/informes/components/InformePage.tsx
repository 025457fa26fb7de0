import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PrintIcon from '@mui/icons-material/Print';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { skipToken } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import {
  type CSV_SEPARADORES,
  RESULTADO_PAGE_SIZE_DEFAULT,
  paths,
  puedeEjecutarInforme,
  puedeGestionarInforme,
  type Columna,
  type InformeResultado,
} from '@gestion/shared';
import {
  useAuth,
  useDocumentTitle,
  useNotify,
  usePermission,
} from '@gestion/shared/react';
import {
  ErrorAlert,
  PageLoading,
  formatDateTime,
  readApiError,
  useFileDownload,
  useLocale,
  withQuery,
} from '@gestion/ui';
import { ServerDataGrid } from '@gestion/ui/grid';
import { useInformesTexts } from '../../../i18n/namespace';
import { useGetInformeQuery, useGetResultadoQuery } from '../api';
import { formatCelda } from '../celdas';
import { csvFileName } from '../export';
import { completarSerie } from '../serie';
import { traducirColumnas } from '../textos-resultado';
import { EditInformeDialog } from './EditInformeDialog';
import { CabeceraImpresa, EstilosDeImpresion, TablaImpresa } from './InformeImpresion';
import { InformeChart } from './InformeChart';

type Fila = InformeResultado['filas'][number] & { __id: number };
type Separador = (typeof CSV_SEPARADORES)[number];

const PAGE_SIZES = [25, 50, 100, 500];

/** A column of the result as a grid column, its cells as `formatCelda` writes them. */
function gridColumn(col: Columna, t: TFunction, locale: string): GridColDef<Fila> {
  const base: GridColDef<Fila> = {
    field: col.campo,
    headerName: col.titulo,
    flex: 1,
    minWidth: col.tipo === 'fecha' ? 170 : 110,
    sortable: false,
  };
  return col.tipo === 'numero'
    ? { ...base, type: 'number' as const }
    : {
        ...base,
        valueFormatter: (v: string | number | boolean | null) => formatCelda(col, v, t, locale),
      };
}

/**
 * /informes/:id (guards auth, permiso: informes:ver; issue #6): runs a saved report — a progress
 * bar while the server works, then its chart (bars or lines by `grafico`) and its rows in a
 * server-paged table. "Exportar CSV" (informes:exportar) downloads the whole result with the
 * chosen separator; "Imprimir" prints the page without the application's chrome.
 */
export default function InformePage() {
  const { t, ready } = useInformesTexts();
  const locale = useLocale();
  const notify = useNotify();
  const { user } = useAuth();
  const download = useFileDownload();
  const canExport = usePermission('informes:exportar');
  const canEdit = usePermission('informes:crear');
  const [editing, setEditing] = useState(false);
  const { id: rawId = '' } = useParams<{ id: string }>();
  const id = /^\d+$/.test(rawId) ? Number(rawId) : null;
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: RESULTADO_PAGE_SIZE_DEFAULT,
  });
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  const informeQuery = useGetInformeQuery(id ?? skipToken);
  const resultadoQuery = useGetResultadoQuery(
    id !== null && informeQuery.data
      ? { id, page: pagination.page + 1, pageSize: pagination.pageSize }
      : skipToken,
  );
  const informe = informeQuery.data;
  // Edit is offered on one's own report (any, to an admin) whose filter one may read: what the
  // api accepts (`puedeGestionarInforme`, `puedeEjecutarInforme`; issue #13).
  const mayEdit =
    canEdit &&
    informe !== undefined &&
    !informe.filtrosOcultos &&
    puedeGestionarInforme(user, informe) &&
    puedeEjecutarInforme(user, informe);
  const resultado = resultadoQuery.data;

  // The column titles in the reader's language (issue #14), on screen and on paper.
  const columnas = useMemo(
    () => traducirColumnas(resultado?.columnas ?? [], informe, t),
    // `ready`: `t` keeps its identity when the bundle arrives.
    [resultado?.columnas, informe, t, ready],
  );
  const columns = useMemo(
    () => columnas.map((c) => gridColumn(c, t, locale)),
    [columnas, t, locale],
  );
  const rows = useMemo<Fila[]>(
    () =>
      (resultado?.filas ?? []).map((fila, i) => ({
        ...fila,
        __id: (resultado?.page ?? 1) * 1_000_000 + i,
      })),
    [resultado],
  );

  // "Informe: Eventos por mes" once the report is loaded (issue #14); the route's "Informe" before.
  useDocumentTitle(
    ready && informe ? t('informe.documentTitle', { nombre: informe.nombre }) : undefined,
  );

  if (!ready) return <PageLoading />;

  const back = (
    <Link
      component={RouterLink}
      to={paths.informes()}
      data-no-print
      sx={{ alignSelf: 'flex-start' }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        <span>{t('informe.volver')}</span>
      </Stack>
    </Link>
  );

  const informeError = informeQuery.error
    ? readApiError(informeQuery.error, t('informe.loadFailed'))
    : null;
  if (id === null || informeError?.status === 404) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t('informe.notFound')}</Alert>
      </Stack>
    );
  }

  const exportar = async (separador: Separador) => {
    setExportAnchor(null);
    if (!informe) return;
    setExporting(true);
    try {
      // GET /api/informes/:id/resultado.csv?separador= (issue #6): the whole result.
      await download({
        url: withQuery(`/api/informes/${informe.id}/resultado.csv`, { separador }),
        fileName: csvFileName(informe.nombre, informe.id),
        fallbackMessage: t('informe.exportFailed'),
      });
    } catch (e) {
      notify(e instanceof Error ? e.message : t('informe.exportFailed'), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const resultadoError = resultadoQuery.error
    ? readApiError(resultadoQuery.error, t('informe.loadFailed'))
    : null;
  const running = informeQuery.isLoading || resultadoQuery.isLoading;

  return (
    <Stack spacing={3}>
      <EstilosDeImpresion />
      {back}
      {informeError ? (
        <ErrorAlert onRetry={() => void informeQuery.refetch()}>{informeError.message}</ErrorAlert>
      ) : (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
        >
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1">
              {informe ? informe.nombre : <Skeleton width={280} />}
            </Typography>
            {informe && (
              <>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Chip size="small" label={t(`tipos.${informe.tipo}`)} />
                  <Typography variant="body2" color="text.secondary">
                    {informe.creadoPor
                      ? t('informe.autor', {
                          autor: informe.creadoPor.nombre,
                          fecha: formatDateTime(informe.creadoEn, locale),
                          interpolation: { escapeValue: false },
                        })
                      : t('informe.autorDesconocido', {
                          fecha: formatDateTime(informe.creadoEn, locale),
                        })}
                  </Typography>
                </Stack>
                {informe.descripcion && <Typography>{informe.descripcion}</Typography>}
                <CabeceraImpresa informe={informe} />
              </>
            )}
          </Stack>
          <Stack direction="row" spacing={1} data-no-print sx={{ flexShrink: 0 }}>
            {mayEdit && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {t('informe.editar')}
              </Button>
            )}
            {canExport && (
              <>
                <Button
                  variant="contained"
                  startIcon={<DownloadIcon />}
                  onClick={(e) => setExportAnchor(e.currentTarget)}
                  disabled={!informe || Boolean(resultadoError)}
                  loading={exporting}
                  aria-haspopup="menu"
                  aria-expanded={exportAnchor ? 'true' : undefined}
                >
                  {t('informe.exportar')}
                </Button>
                <Menu
                  anchorEl={exportAnchor}
                  open={exportAnchor !== null}
                  onClose={() => setExportAnchor(null)}
                >
                  <MenuItem onClick={() => void exportar(',')}>
                    {t('informe.separadorComa')}
                  </MenuItem>
                  <MenuItem onClick={() => void exportar(';')}>
                    {t('informe.separadorPuntoYComa')}
                  </MenuItem>
                </Menu>
              </>
            )}
            <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!resultado}>
              {t('informe.imprimir')}
            </Button>
          </Stack>
        </Stack>
      )}

      {running && !informeError && (
        <Box>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('informe.ejecutando')}
          </Typography>
          <LinearProgress aria-label={t('informe.ejecutando')} />
        </Box>
      )}

      {resultadoError && (
        <ErrorAlert onRetry={() => void resultadoQuery.refetch()}>
          {resultadoError.message}
        </ErrorAlert>
      )}

      {informe && resultado && !resultadoError && (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <InformeChart
              nombre={informe.nombre}
              serie={completarSerie(informe.tipo, resultado.serie, {
                filtros: informe.filtros,
                total: resultado.total,
              })}
              grafico={resultado.grafico}
            />
          </Paper>
          <Stack spacing={1} component="section" aria-labelledby="informe-tabla">
            <Typography id="informe-tabla" variant="h6" component="h2">
              {t('informe.tabla')}{' '}
              <Typography component="span" color="text.secondary">
                ({t('informe.filas', { count: resultado.total })})
              </Typography>
            </Typography>
            <Box data-no-print>
              <ServerDataGrid<Fila>
                aria-label={t('informe.tabla')}
                rows={rows}
                getRowId={(row) => row.__id}
                columns={columns}
                total={resultado.total}
                loading={resultadoQuery.isFetching}
                paginationModel={pagination}
                onPaginationModelChange={setPagination}
                pageSizeOptions={PAGE_SIZES}
                noRowsLabel={t('informe.sinFilas')}
              />
            </Box>
            <TablaImpresa columnas={columnas} resultado={resultado} />
          </Stack>
        </>
      )}
      {editing && informe && (
        <EditInformeDialog informe={informe} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
