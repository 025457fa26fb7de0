import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useNotify } from '@gestion/shared/react';
import { ConfirmDialog, readApiError, useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { deviceName } from '../device-name';
import {
  useListSessionsQuery,
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
  type Sesion,
} from '../api';
import { Section } from './Section';

/** The signed-in user's open sessions; any but the current one can be closed, one or all. */
export function SessionsSection() {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const formatDate = useFormatDateTime();
  const { data, isLoading, isError, refetch } = useListSessionsQuery();
  const [revoke, revokeState] = useRevokeSessionMutation();
  const [revokeOthers, othersState] = useRevokeOtherSessionsMutation();
  const [confirm, setConfirm] = useState<Sesion | 'others' | null>(null);
  const sessions = data ?? [];
  const others = sessions.filter((s) => !s.actual);

  const onConfirm = async () => {
    const target = confirm;
    try {
      if (target === 'others') await revokeOthers().unwrap();
      else if (target) await revoke(target.id).unwrap();
      notify(t('cuenta.sessionsRevoked'), { type: 'success' });
      setConfirm(null);
    } catch (error) {
      notify(readApiError(error, t('cuenta.sessionsError')).message, { type: 'error' });
    }
  };

  return (
    <Section title={t('cuenta.sessionsHeading')}>
      {isLoading ? (
        <CircularProgress aria-label={t('common.loading')} />
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('cuenta.sessionsLoadError')}
        </Alert>
      ) : sessions.length === 0 ? (
        <Alert severity="info">{t('cuenta.noSessions')}</Alert>
      ) : (
        <Stack spacing={1}>
          <List aria-label={t('cuenta.sessionsHeading')}>
            {sessions.map((s) => (
              // The action sits in the flow, under the details on a phone, rather than as an
              // absolutely placed secondary action that overlapped them at 390 px (issue #14).
              <ListItem
                key={s.id}
                divider
                sx={{
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { xs: 'flex-start', sm: 'center' },
                  gap: { xs: 0.5, sm: 2 },
                }}
              >
                <ListItemText
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  primary={deviceName(s, t)}
                  secondary={t('cuenta.sessionDetails', {
                    ip: s.ip ?? '—',
                    created: formatDate(s.creadaEn),
                    lastUse: formatDate(s.ultimoUso),
                  })}
                />
                {s.actual ? (
                  <Chip label={t('cuenta.currentSession')} color="primary" size="small" />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm(s)}
                    aria-label={t('cuenta.revokeSessionOf', { device: deviceName(s, t) })}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('cuenta.revokeSession')}
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
          {others.length > 0 && (
            <div>
              <Button variant="outlined" color="error" onClick={() => setConfirm('others')}>
                {t('cuenta.revokeOthers')}
              </Button>
            </div>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'others' ? t('cuenta.revokeOthersTitle') : t('cuenta.revokeSessionTitle')}
        message={
          confirm === 'others' ? t('cuenta.revokeOthersMessage') : t('cuenta.revokeSessionMessage')
        }
        confirmLabel={t('cuenta.revokeSession')}
        busy={revokeState.isLoading || othersState.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={() => void onConfirm()}
      />
    </Section>
  );
}
