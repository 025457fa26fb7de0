import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Sesion, UsuarioDetalle } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { ConfirmDialog, ErrorAlert, readApiError, useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { deviceName } from '../../cuenta/device-name';
import { Section } from '../../cuenta/components/Section';
import { useListUsuarioSesionesQuery, useRevokeUsuarioSesionMutation } from '../api';

/**
 * The user's open sessions — device in the reader's language, address, start and last use —
 * each with "Cerrar sesión" behind a confirmation, and "Cerrar todas sus sesiones" (the
 * existing revoke-all action, confirmed by the Usuarios dialog the page opens: `onRevokeAll`).
 * Shown only when the viewer may act on the user (usuarios:editar and the delegation rule, which
 * the page checks: `refusal` is the reason when it may not); the api checks both again.
 */
export function UsuarioSesiones({
  usuario,
  refusal,
  onRevokeAll,
}: {
  usuario: UsuarioDetalle;
  /** Why the viewer may not see these sessions (delegation), or null. */
  refusal: string | null;
  onRevokeAll: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const formatDate = useFormatDateTime();
  const { data, isLoading, isError, error, refetch } = useListUsuarioSesionesQuery(usuario.id, {
    skip: refusal !== null,
  });
  const [revoke, revokeState] = useRevokeUsuarioSesionMutation();
  const [confirm, setConfirm] = useState<Sesion | null>(null);
  const sessions = data ?? [];

  const onConfirm = async () => {
    if (!confirm) return;
    try {
      await revoke({ id: usuario.id, sesionId: confirm.id }).unwrap();
      notify(t('usuarioDetalle.sessionRevoked'), { type: 'success' });
    } catch (e) {
      notify(readApiError(e, t('usuarioDetalle.sessionRevokeError')).message, { type: 'error' });
    }
    setConfirm(null);
  };

  let body: React.ReactNode;
  if (refusal !== null) body = <Alert severity="info">{refusal}</Alert>;
  else if (isLoading)
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  else if (isError)
    body = (
      <ErrorAlert onRetry={() => void refetch()}>
        {readApiError(error, t('usuarioDetalle.sessionsError')).message}
      </ErrorAlert>
    );
  else if (sessions.length === 0)
    body = <Alert severity="info">{t('usuarioDetalle.noSessions')}</Alert>;
  else
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <List aria-label={t('usuarioDetalle.sessions')} sx={{ width: '100%' }}>
          {sessions.map((s) => {
            const device = deviceName(s, t);
            return (
              // In the flow, under the details on a phone (no absolutely placed action).
              <ListItem
                key={s.id}
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
                  primary={device}
                  secondary={t('cuenta.sessionDetails', {
                    ip: s.ip ?? '—',
                    created: formatDate(s.creadaEn),
                    lastUse: formatDate(s.ultimoUso),
                  })}
                />
                {s.actual && (
                  <Chip label={t('cuenta.currentSession')} color="primary" size="small" />
                )}
                <Button
                  size="small"
                  color="error"
                  onClick={() => setConfirm(s)}
                  aria-label={t('usuarioDetalle.revokeSessionOf', { device })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('cuenta.revokeSession')}
                </Button>
              </ListItem>
            );
          })}
        </List>
        <Button variant="outlined" color="error" onClick={onRevokeAll}>
          {t('usuarioDetalle.revokeAll')}
        </Button>
      </Stack>
    );

  return (
    <Section title={t('usuarioDetalle.sessions')}>
      {body}
      <ConfirmDialog
        open={confirm !== null}
        title={t('usuarioDetalle.revokeSessionTitle')}
        message={
          confirm
            ? t('usuarioDetalle.revokeSessionMessage', {
                nombre: usuario.nombre,
                device: deviceName(confirm, t),
              })
            : ''
        }
        confirmLabel={t('cuenta.revokeSession')}
        destructive
        busy={revokeState.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={() => void onConfirm()}
      />
    </Section>
  );
}
