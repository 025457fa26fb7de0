import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import SaveIcon from '@mui/icons-material/Save';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  FILTRADO_PAGE_SIZE_DEFAULT,
  FILTRO_ENTIDADES,
  type Filtro,
  type FiltroEntidad,
  type FiltroGuardado,
} from '@gestion/shared';
import { usePermission } from '@gestion/shared/react';
import { ErrorAlert, PageLoading, fromSortParam, readApiError, toSortParam, useLocale } from '@gestion/ui';
import { ServerDataGrid } from '@gestion/ui/grid';
import { PickersProvider } from '@gestion/ui/pickers';
import { useInformesTexts } from '../../../i18n/namespace';
import { useRunFiltradoQuery } from '../api';
import {
  FILTRO_MAX_CONDICIONES,
  aFiltro,
  deFiltro,
  filtroAUrl,
  filtroDesdeUrl,
  indiceDeDetalle,
  nuevaCondicion,
  type Condicion,
} from '../condiciones';
import { columnasDe } from './columnas';
import { CondicionRow, type CondicionFallo } from './CondicionRow';
import { GuardarInformeDialog } from './GuardarInformeDialog';

const PAGE_SIZES = [10, 20, 50, 100];

function condicionesDe(filtro: FiltroGuardado | null): Condicion[] {
  if (!filtro) return [];
  const entidad = filtro.entidad as FiltroEntidad;
  return filtro.filtros.flatMap((f) => deFiltro(entidad, f) ?? []);
}

/**
 * /filtrado (guards auth, permiso: filtrado:usar; issue #6): a filter builder over eventos,
 * periodos or usuarios (usuarios only with usuarios:ver, as the api requires). Conditions combine
 * with AND; "Aplicar" puts the filter in the URL (a reload or a shared link shows the same
 * results) and runs `POST /api/filtrado` for one page of a server-side grid. A 400 naming
 * `filtros[i]` is shown on that condition; "Guardar como informe" (informes:crear) saves the
 * applied filter as a `listado` report.
 */
export default function FiltradoPage() {
  const { t, ready } = useInformesTexts();
  const locale = useLocale();
  const canUsuarios = usePermission('usuarios:ver');
  const canSave = usePermission('informes:crear');
  const [params, setParams] = useSearchParams();
  const aplicado = useMemo(() => {
    const filtro = filtroDesdeUrl(params);
    return filtro?.entidad === 'usuarios' && !canUsuarios ? null : filtro;
  }, [params, canUsuarios]);
  const entidades = FILTRO_ENTIDADES.filter((e) => e !== 'usuarios' || canUsuarios);

  const [entidad, setEntidad] = useState<FiltroEntidad>(
    (aplicado?.entidad as FiltroEntidad | undefined) ?? 'eventos',
  );
  const [condiciones, setCondiciones] = useState<Condicion[]>(() => condicionesDe(aplicado));
  // The conditions as they were applied, in order: the server names them by index.
  const [appliedKeys, setAppliedKeys] = useState<string[]>(() => condiciones.map((c) => c.key));
  // Client checks per condition key (set by "Aplicar").
  const [clientErrors, setClientErrors] = useState<Record<string, CondicionFallo>>({});
  // Conditions edited since the last apply: a server error on them no longer applies.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: FILTRADO_PAGE_SIZE_DEFAULT,
  });
  const [saving, setSaving] = useState(false);

  const { data, isFetching, error, refetch } = useRunFiltradoQuery(
    aplicado
      ? { ...aplicado, page: pagination.page + 1, pageSize: pagination.pageSize }
      : skipToken,
  );

  // A refused filter: each detail on the condition it names, the rest above the grid.
  const serverError = useMemo(() => {
    if (!error) return null;
    const read = readApiError(error, t('filtrado.cargaFallida'));
    const porCondicion: Record<string, CondicionFallo> = {};
    const general: string[] = [];
    for (const detail of read.details ?? []) {
      const index = indiceDeDetalle(detail.field);
      const key = index === null ? undefined : appliedKeys[index];
      if (key) {
        const parte = /\.?(campo|operador)$/.exec(detail.field)?.[1] as 'campo' | 'operador';
        porCondicion[key] = { parte: parte ?? 'valor', message: detail.message };
      } else {
        general.push(detail.message);
      }
    }
    const named = Object.keys(porCondicion).length > 0;
    return {
      porCondicion,
      message: named && general.length === 0 ? null : [read.message, ...general].join(' '),
    };
  }, [error, appliedKeys, t]);

  const sortModel = useMemo<GridSortModel>(() => fromSortParam(aplicado?.sort), [aplicado?.sort]);
  const columns = useMemo(
    () => (aplicado ? columnasDe(aplicado.entidad as FiltroEntidad, t, locale) : []),
    // `ready`: `t` keeps its identity when the bundle arrives, and the headers must follow it.
    [aplicado?.entidad, t, ready, locale],
  );

  if (!ready) return <PageLoading />;

  const falloDe = (key: string): CondicionFallo | undefined =>
    clientErrors[key] ?? (edited.has(key) ? undefined : serverError?.porCondicion[key]);

  const cambiar = (next: Condicion) => {
    setCondiciones((cs) => cs.map((c) => (c.key === next.key ? next : c)));
    setClientErrors(({ [next.key]: _gone, ...rest }) => rest);
    setEdited((s) => new Set(s).add(next.key));
  };

  const cambiarEntidad = (next: FiltroEntidad) => {
    setEntidad(next);
    setCondiciones([]);
    setClientErrors({});
  };

  const aplicar = () => {
    const filtros: Filtro[] = [];
    const errores: Record<string, CondicionFallo> = {};
    for (const cond of condiciones) {
      const result = aFiltro(entidad, cond);
      if (result.ok) filtros.push(result.filtro);
      else
        errores[cond.key] = {
          parte: result.error === 'campoDesconocido' ? 'campo' : 'valor',
          message: t(`filtrado.errores.${result.error}`),
        };
    }
    setClientErrors(errores);
    if (Object.keys(errores).length > 0) return;
    // The sort survives a new filter on the same entity (its fields are the same).
    const sort = aplicado?.entidad === entidad ? aplicado.sort : undefined;
    const next = filtroAUrl({ entidad, filtros, ...(sort ? { sort } : {}) });
    setAppliedKeys(condiciones.map((c) => c.key));
    setEdited(new Set());
    setPagination((p) => ({ ...p, page: 0 }));
    if (next.toString() === params.toString()) void refetch();
    else setParams(next);
  };

  const ordenar = (model: GridSortModel) => {
    const sort = toSortParam(model);
    if (!aplicado || sort === aplicado.sort) return;
    setPagination((p) => ({ ...p, page: 0 }));
    setParams(
      filtroAUrl({
        entidad: aplicado.entidad,
        filtros: aplicado.filtros,
        ...(sort ? { sort } : {}),
      }),
    );
  };

  const hasClientErrors = Object.keys(clientErrors).length > 0;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          {t('filtrado.heading')}
        </Typography>
        <Typography color="text.secondary">{t('filtrado.intro')}</Typography>
      </Stack>

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="filtrado-condiciones"
        sx={{ p: { xs: 2, md: 3 } }}
      >
        <Stack spacing={2}>
          <TextField
            select
            label={t('filtrado.entidad')}
            value={entidad}
            onChange={(e) => cambiarEntidad(e.target.value as FiltroEntidad)}
            size="small"
            sx={{ maxWidth: 280 }}
          >
            {entidades.map((e) => (
              <MenuItem key={e} value={e}>
                {t(`entidades.${e}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography id="filtrado-condiciones" variant="h6" component="h2">
            {t('filtrado.condiciones')}
          </Typography>
          {condiciones.length === 0 && (
            <Typography color="text.secondary">{t('filtrado.sinCondiciones')}</Typography>
          )}
          <PickersProvider>
            <Stack spacing={1.5}>
              {condiciones.map((cond, index) => (
                <CondicionRow
                  key={cond.key}
                  entidad={entidad}
                  cond={cond}
                  index={index}
                  fallo={falloDe(cond.key)}
                  onChange={cambiar}
                  onRemove={() => setCondiciones((cs) => cs.filter((c) => c.key !== cond.key))}
                />
              ))}
            </Stack>
          </PickersProvider>
          {hasClientErrors && <Alert severity="error">{t('filtrado.errores.revisa')}</Alert>}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Button
              startIcon={<AddIcon />}
              onClick={() => setCondiciones((cs) => [...cs, nuevaCondicion(entidad)])}
              disabled={condiciones.length >= FILTRO_MAX_CONDICIONES}
            >
              {t('filtrado.anadir')}
            </Button>
            <Button variant="contained" startIcon={<FilterAltIcon />} onClick={aplicar}>
              {t('filtrado.aplicar')}
            </Button>
            {condiciones.length >= FILTRO_MAX_CONDICIONES && (
              <Typography variant="body2" color="text.secondary">
                {t('filtrado.maximo', { max: FILTRO_MAX_CONDICIONES })}
              </Typography>
            )}
          </Stack>
        </Stack>
      </Paper>

      <Stack component="section" spacing={2} aria-labelledby="filtrado-resultados">
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
        >
          <Typography id="filtrado-resultados" variant="h6" component="h2">
            {t('filtrado.resultados')}
            {aplicado && data && !error && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                ({t('filtrado.total', { count: data.total })})
              </Typography>
            )}
          </Typography>
          {canSave && (
            <Button
              variant="outlined"
              startIcon={<SaveIcon />}
              onClick={() => setSaving(true)}
              disabled={!aplicado || Boolean(error)}
              title={t('filtrado.guardarAyuda')}
            >
              {t('filtrado.guardar')}
            </Button>
          )}
        </Stack>
        {serverError?.message && (
          <ErrorAlert onRetry={() => void refetch()}>{serverError.message}</ErrorAlert>
        )}
        {aplicado ? (
          <ServerDataGrid<Record<string, unknown>>
            aria-label={t('filtrado.resultados')}
            rows={error ? [] : (data?.items ?? [])}
            getRowId={(row) => String(row.id)}
            columns={columns}
            total={error ? 0 : (data?.total ?? 0)}
            loading={isFetching}
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            sortModel={sortModel}
            onSortModelChange={ordenar}
            pageSizeOptions={PAGE_SIZES}
            noRowsLabel={t('filtrado.sinResultados')}
          />
        ) : (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <FilterAltIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden="true" />
            <Typography color="text.secondary">{t('filtrado.sinAplicar')}</Typography>
          </Paper>
        )}
      </Stack>

      {saving && aplicado && (
        <GuardarInformeDialog filtro={aplicado} onClose={() => setSaving(false)} />
      )}
    </Stack>
  );
}
