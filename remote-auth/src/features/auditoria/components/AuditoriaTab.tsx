import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { ErrorAlert, readApiError, useDebouncedValue, useFormatDateTime } from '@gestion/ui';
import { DATE_PARAM, PAGE_SIZES, useServerListState } from '@gestion/ui/grid';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListAuditoriaQuery, type AuditoriaItem } from '../api';
import { useDescribeAudit } from '../describe-audit';

interface Filters {
  actor: string;
  accion: string;
  objetivo: string;
  desde: string;
  hasta: string;
}

const EMPTY: Filters = { actor: '', accion: '', objetivo: '', desde: '', hasta: '' };

/** The filters as the URL and the api take them: text trimmed. */
function trimmed(f: Filters): Filters {
  return { ...f, actor: f.actor.trim(), accion: f.accion.trim(), objetivo: f.objetivo.trim() };
}
const sameFilters = (a: Filters, b: Filters) =>
  (Object.keys(EMPTY) as (keyof Filters)[]).every((k) => a[k] === b[k]);

/** The id of the personal API token a write was made through (`cambios.tokenApi`), if any. */
export function apiTokenOf(cambios: unknown): number | undefined {
  const id = (cambios as { tokenApi?: unknown } | null)?.tokenApi;
  return typeof id === 'number' ? id : undefined;
}

/** The changed fields of an entry: every key of `antes` or `despues`, with both values. */
export function changedFields(cambios: unknown): { campo: string; antes: unknown; despues: unknown }[] {
  if (!cambios || typeof cambios !== 'object') return [];
  const { antes, despues } = cambios as { antes?: Record<string, unknown>; despues?: Record<string, unknown> };
  if (!antes && !despues) {
    // An auth event's own small object (e.g. `{motivo}`): shown as "after" values. `tokenApi`
    // says who acted (a personal API token), not what changed: the detail line shows it.
    return Object.entries(cambios as Record<string, unknown>)
      .filter(([campo]) => campo !== 'tokenApi')
      .map(([campo, v]) => ({ campo, antes: undefined, despues: v }));
  }
  const keys = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(despues ?? {})])];
  return keys.map((campo) => ({ campo, antes: antes?.[campo], despues: despues?.[campo] }));
}

const objetivoOf = (item: AuditoriaItem) =>
  item.objetivoTipo ? `${item.objetivoTipo}${item.objetivoId ? `:${item.objetivoId}` : ''}` : null;

/** A value of a changed field as text: JSON for objects, `—` when absent. */
function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Auditoría (auditoria:ver): who did what, to what, when and from where — filtered and paged on
 * the server. Text filters wait for a pause in typing; a row opens its changed fields. Filters
 * and page live in the URL (`?actor=&accion=&objetivo=&desde=&hasta=&page=&pageSize=`, issue
 * #14), so a reload or a shared link shows the same entries.
 */
export function AuditoriaTab() {
  const { t } = useAdminTexts();
  // The action column in words ("Editó a Ana Ruiz: nombre"); the code stays in the tooltip.
  const describe = useDescribeAudit();
  const formatDate = useFormatDateTime();
  const list = useServerListState({
    defaultSort: [],
    pageSize: 25,
    filters: { actor: true, accion: true, objetivo: true, desde: DATE_PARAM, hasta: DATE_PARAM },
  });
  const url = list.filters;
  const { page, pageSize } = list.paginationModel;
  // What the fields show while typing; the URL gets it once typing pauses (replacing its entry).
  const [filters, setFilters] = useState<Filters>(url);
  const debounced = useDebouncedValue(filters, 300);
  const written = useRef<Filters>(url);
  useEffect(() => {
    // The URL changed from outside (back/forward, a link): the fields follow it.
    if (!sameFilters(url, written.current)) {
      written.current = url;
      setFilters(url);
    }
  }, [url]);
  const { setFilters: setUrlFilters } = list;
  useEffect(() => {
    const next = trimmed(debounced);
    if (!sameFilters(next, written.current)) {
      written.current = next;
      setUrlFilters(next, { replace: true });
    }
    // Only a new debounced text writes: an older one must not overwrite a URL from outside.
  }, [debounced]);
  const [open, setOpen] = useState<AuditoriaItem | null>(null);
  const { data, isFetching, isError, error, refetch } = useListAuditoriaQuery({
    actor: url.actor || undefined,
    accion: url.accion || undefined,
    objetivo: url.objetivo || undefined,
    desde: url.desde || undefined,
    hasta: url.hasta || undefined,
    page: page + 1,
    pageSize,
  });
  const items = data?.items ?? [];
  const set = (key: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField size="small" label={t('auditoria.actor')} value={filters.actor} onChange={set('actor')} />
        <TextField size="small" label={t('auditoria.accion')} value={filters.accion} onChange={set('accion')} />
        <TextField size="small" label={t('auditoria.objetivo')} value={filters.objetivo} onChange={set('objetivo')} />
        <TextField
          size="small"
          type="date"
          label={t('auditoria.desde')}
          value={filters.desde}
          onChange={set('desde')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('auditoria.hasta')}
          value={filters.hasta}
          onChange={set('hasta')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {filtered && (
          <Button
            onClick={() => {
              setFilters(EMPTY);
              written.current = EMPTY;
              setUrlFilters(EMPTY);
            }}
          >
            {t('auditoria.clear')}
          </Button>
        )}
      </Stack>
      {isError && (
        <ErrorAlert onRetry={() => void refetch()}>{readApiError(error, t('auditoria.loadError')).message}</ErrorAlert>
      )}
      <Paper variant="outlined">
        {isFetching && <LinearProgress aria-label={t('common.loading')} />}
        <TableContainer>
          <Table size="small" aria-label={t('tabs.auditoria')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('auditoria.fecha')}</TableCell>
                <TableCell>{t('auditoria.actor')}</TableCell>
                <TableCell>{t('auditoria.accion')}</TableCell>
                <TableCell>{t('auditoria.objetivo')}</TableCell>
                <TableCell>{t('auditoria.ip')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {/* A failed log says so above, never also "no entries" here. */}
              {isError ? null : items.length === 0 && !isFetching ? (
                <TableRow>
                  <TableCell colSpan={5}>{filtered ? t('auditoria.noMatches') : t('auditoria.empty')}</TableCell>
                </TableRow>
              ) : (
                items.map((item) => (
                  <TableRow
                    key={item.id}
                    hover
                    tabIndex={0}
                    sx={{ cursor: 'pointer' }}
                    onClick={() => setOpen(item)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setOpen(item);
                      }
                    }}
                  >
                    <TableCell>{formatDate(item.creadoEn)}</TableCell>
                    <TableCell>{item.actorEmail ?? t('auditoria.anonymous')}</TableCell>
                    <TableCell title={item.accion}>{describe(item)}</TableCell>
                    <TableCell>{objetivoOf(item) ?? '—'}</TableCell>
                    <TableCell>{item.ip ?? '—'}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_e, p) => list.setPagination({ page: p, pageSize })}
          onRowsPerPageChange={(e) =>
            list.setPagination({ page: 0, pageSize: Number(e.target.value) })
          }
          labelRowsPerPage={t('auditoria.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('auditoria.displayed', { from, to, count })}
        />
      </Paper>
      <Dialog open={open !== null} onClose={() => setOpen(null)} aria-labelledby="audit-detail-title" maxWidth="md" fullWidth>
        <DialogTitle id="audit-detail-title">
          {open ? t('auditoria.detailTitle', { accion: open.accion }) : ''}
        </DialogTitle>
        <DialogContent>
          {open && (
            <Stack spacing={2}>
              <Typography variant="body2">
                {t('auditoria.detailLine', {
                  actor: open.actorEmail ?? t('auditoria.anonymous'),
                  objetivo: objetivoOf(open) ?? '—',
                  fecha: formatDate(open.creadoEn),
                  ip: open.ip ?? '—',
                })}
              </Typography>
              {apiTokenOf(open.cambios) !== undefined && (
                <Typography variant="body2">
                  {t('auditoria.viaApiToken', {
                    id: apiTokenOf(open.cambios),
                    actor: open.actorEmail ?? t('auditoria.anonymous'),
                  })}
                </Typography>
              )}
              {changedFields(open.cambios).length > 0 ? (
                <Table size="small" aria-label={t('auditoria.cambios')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('auditoria.campo')}</TableCell>
                      <TableCell>{t('auditoria.antes')}</TableCell>
                      <TableCell>{t('auditoria.despues')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {changedFields(open.cambios).map((c) => (
                      <TableRow key={c.campo}>
                        <TableCell>{c.campo}</TableCell>
                        <TableCell>{show(c.antes)}</TableCell>
                        <TableCell>{show(c.despues)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Alert severity="info">{t('auditoria.noChanges')}</Alert>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
