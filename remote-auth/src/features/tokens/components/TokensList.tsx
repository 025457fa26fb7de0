import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSION_DESCRIPTIONS, isPermissionName } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { ConfirmDialog, ErrorAlert, readApiError, useFormatDateTime } from '@gestion/ui';
import { permissionDescription } from '../../roles/permission-texts';
import {
  useListApiTokensQuery,
  useRevokeApiTokenMutation,
  type ApiToken,
  type TokensOf,
} from '../api';
import { useTokenTexts } from '../texts';

/** Props of `TokensList`. */
export interface TokensListProps {
  /** Whose tokens: the signed-in user's (`'own'`) or one user's by id (administration). */
  of: TokensOf;
  /** The list's accessible name ("Sus tokens", "Tokens de Ana Ruiz"). */
  label: string;
  /** What an empty list says. */
  empty: string;
  /** The confirmation's message for one token (who loses what). */
  revokeMessage: (token: ApiToken) => string;
}

/**
 * Personal API tokens as a list (issue #17): each token's name and first characters, the
 * permissions it carries in the reader's words, when it was made, when it expires ("Caducado"
 * once past), when it was last used, and "Revocar" behind a confirmation. One state at a time —
 * loading, a failed first load with "Reintentar", an empty list, or the tokens (a failed refresh
 * keeps the tokens it had). Used by Mi cuenta › Tokens and by the user page's "Tokens de API".
 */
export function TokensList({ of, label, empty, revokeMessage }: TokensListProps) {
  const { t } = useTokenTexts();
  const notify = useNotify();
  const formatDate = useFormatDateTime();
  const { data, isLoading, error, refetch } = useListApiTokensQuery(of);
  const [revoke, revokeState] = useRevokeApiTokenMutation();
  const [confirm, setConfirm] = useState<ApiToken | null>(null);
  const now = Date.now();

  const onRevoke = async () => {
    if (!confirm) return;
    try {
      await revoke({ id: confirm.id, of }).unwrap();
      notify(t('tokens.revoked', { nombre: confirm.nombre }), { type: 'success' });
    } catch (e) {
      notify(readApiError(e, t('tokens.revokeError')).message, { type: 'error' });
    }
    setConfirm(null);
  };

  const permisosOf = (token: ApiToken) =>
    token.permisos
      .map((p) => permissionDescription(p, isPermissionName(p) ? PERMISSION_DESCRIPTIONS[p] : p, t))
      .join(', ');

  let body: ReactNode;
  if (isLoading)
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('tokens.loading')}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  else if (!data)
    body = (
      <ErrorAlert onRetry={() => void refetch()}>
        {readApiError(error, t('tokens.loadError')).message}
      </ErrorAlert>
    );
  else
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {data.items.length === 0 ? (
          <Alert severity="info" sx={{ width: '100%', boxSizing: 'border-box' }}>
            {empty}
          </Alert>
        ) : (
          <List aria-label={label} sx={{ width: '100%' }}>
            {data.items.map((token) => {
              const expired = Date.parse(token.expiraEn) <= now;
              return (
                // The action sits in the flow, under the details on a phone (as the sessions').
                <ListItem
                  key={token.id}
                  divider
                  sx={{
                    flexDirection: { xs: 'column', sm: 'row' },
                    alignItems: { xs: 'flex-start', sm: 'center' },
                    gap: { xs: 0.5, sm: 2 },
                    px: 0,
                  }}
                >
                  <ListItemText
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    primary={
                      <>
                        {token.nombre}{' '}
                        <Typography component="code" variant="body2" color="text.secondary">
                          {token.prefijo}…
                        </Typography>
                      </>
                    }
                    secondary={
                      <>
                        {t('tokens.permisosDe', { permisos: permisosOf(token) })}
                        <br />
                        {t('tokens.details', {
                          created: formatDate(token.creadoEn),
                          expires: formatDate(token.expiraEn),
                          lastUse: token.ultimoUso ? formatDate(token.ultimoUso) : t('tokens.never'),
                        })}
                      </>
                    }
                  />
                  {expired && <Chip label={t('tokens.expired')} size="small" />}
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm(token)}
                    aria-label={t('tokens.revokeOf', { nombre: token.nombre })}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('tokens.revoke')}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        )}
        {data.total > data.items.length && (
          <Typography variant="body2" color="text.secondary">
            {t('tokens.truncated', { shown: data.items.length, total: data.total })}
          </Typography>
        )}
      </Stack>
    );

  return (
    <>
      {body}
      <ConfirmDialog
        open={confirm !== null}
        title={t('tokens.revokeTitle')}
        message={confirm ? revokeMessage(confirm) : ''}
        confirmLabel={t('tokens.revoke')}
        busy={revokeState.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={() => void onRevoke()}
      />
    </>
  );
}
