import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { ErrorAlert, readApiError, useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListAuditoriaQuery } from '../../auditoria/api';
import { useDescribeAudit } from '../../auditoria/describe-audit';
import { Section } from '../../cuenta/components/Section';

/** Entries per page of each audit list of the user page. */
export const AUDIT_PAGE_SIZE = 10;

/**
 * One audit list of the user page, newest first and paged on the server: what the user did
 * (`by`: the entries whose actor is the user, `GET /api/auditoria?actor=<id>` — digits name the
 * actor's id) or what was done to them (`about`: `objetivo=usuario:<id>`). Each entry is worded
 * in the reader's language as in Auditoría (describe-audit.ts), with its date, its actor (for
 * changes made to the user) and its address. Needs auditoria:ver; the page shows it only then.
 */
export function UsuarioAuditoria({
  usuarioId,
  kind,
  title,
}: {
  usuarioId: number;
  kind: 'by' | 'about';
  title: string;
}) {
  const { t } = useAdminTexts();
  const describe = useDescribeAudit();
  const formatDate = useFormatDateTime();
  const [page, setPage] = useState(0);
  const listId = useId();
  const { data, isLoading, isFetching, isError, error, refetch } = useListAuditoriaQuery({
    ...(kind === 'by' ? { actor: String(usuarioId) } : { objetivo: `usuario:${usuarioId}` }),
    page: page + 1,
    pageSize: AUDIT_PAGE_SIZE,
  });
  const items = data?.items ?? [];

  let body: React.ReactNode;
  if (isLoading)
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  else if (isError)
    body = (
      <ErrorAlert onRetry={() => void refetch()}>
        {readApiError(error, t('usuarioDetalle.auditError')).message}
      </ErrorAlert>
    );
  else if (items.length === 0)
    body = <Alert severity="info">{t('usuarioDetalle.auditEmpty')}</Alert>;
  else
    body = (
      <>
        <List id={listId} aria-label={title} aria-busy={isFetching} dense>
          {items.map((e) => {
            const details = [
              formatDate(e.creadoEn),
              kind === 'about'
                ? t('usuarioDetalle.auditBy', { actor: e.actorEmail ?? t('auditoria.anonymous') })
                : null,
              e.ip ? t('usuarioDetalle.auditFrom', { ip: e.ip }) : null,
            ].filter(Boolean);
            return (
              <ListItem key={e.id} divider sx={{ px: 0 }}>
                <ListItemText
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  primary={describe(e)}
                  secondary={details.join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={AUDIT_PAGE_SIZE}
          rowsPerPageOptions={[]}
          labelDisplayedRows={({ from, to, count }) =>
            t('auditoria.displayed', { from, to, count })
          }
          slotProps={{
            actions: {
              previousButton: { 'aria-controls': listId },
              nextButton: { 'aria-controls': listId },
            },
          }}
          sx={{ overflow: 'hidden' }}
        />
      </>
    );

  return <Section title={title}>{body}</Section>;
}
