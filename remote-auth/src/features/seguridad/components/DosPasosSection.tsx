import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MFA_LIMITS } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { ErrorAlert, readApiError, useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { Section } from '../../cuenta/components/Section';
import {
  useGetMfaEstadoQuery,
  useRegenerateRecoveryCodesMutation,
  useRemoveTotpMutation,
} from '../api';
import { CodesDialog } from './CodesDialog';
import { PasswordDialog } from './PasswordDialog';
import { TotpEnrolDialog } from './TotpEnrolDialog';

type Open = 'enrol' | 'remove' | 'regenerate' | { codes: string[] } | null;

/** One factor of the list: its name as a heading, its state, and its actions. */
function Factor({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Mi cuenta › Seguridad, the two-step verification (issue #16, `GET /api/auth/mfa`): whether the
 * user's roles require it; the authenticator app — its state, "Configurar" (TotpEnrolDialog) or
 * "Eliminar" confirmed with the password; the recovery codes — how many are left, a warning at
 * `MFA_LIMITS.recoveryWarnAt` (3) or fewer, and "Generar nuevos códigos" with the password, the
 * new set shown once. Every change goes through the password (or step-up), as the api requires.
 */
export function DosPasosSection() {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const formatDate = useFormatDateTime();
  const estado = useGetMfaEstadoQuery();
  const [remove] = useRemoveTotpMutation();
  const [regenerate] = useRegenerateRecoveryCodesMutation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  let body: React.ReactNode;
  if (estado.isLoading)
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  else if (estado.isError || !estado.data)
    body = (
      <ErrorAlert onRetry={() => void estado.refetch()}>
        {readApiError(estado.error, t('seguridad.loadError')).message}
      </ErrorAlert>
    );
  else {
    const { totp, codigosRecuperacionRestantes: left, obligatorio } = estado.data;
    body = (
      <Stack spacing={3}>
        <Alert severity={obligatorio ? 'info' : 'success'} icon={false}>
          {obligatorio ? t('seguridad.required') : t('seguridad.notRequired')}
        </Alert>
        <Factor title={t('seguridad.app')}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Typography sx={{ flexGrow: 1 }}>
              {totp.activo && totp.activadoEn
                ? t('seguridad.appActive', { date: formatDate(totp.activadoEn) })
                : t('seguridad.appInactive')}
            </Typography>
            {totp.activo ? (
              <Button
                color="error"
                variant="outlined"
                aria-label={t('seguridad.removeOf')}
                onClick={() => setOpen('remove')}
              >
                {t('seguridad.remove')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setOpen('enrol')}>
                {t('seguridad.configure')}
              </Button>
            )}
          </Stack>
        </Factor>
        <Factor title={t('seguridad.codes')}>
          {totp.activo ? (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Typography>{t('seguridad.codesLeft', { count: left })}</Typography>
              {left <= MFA_LIMITS.recoveryWarnAt && (
                <Alert severity="warning">{t('seguridad.codesLow')}</Alert>
              )}
              <Button variant="outlined" onClick={() => setOpen('regenerate')}>
                {t('seguridad.regenerate')}
              </Button>
            </Stack>
          ) : (
            <Typography color="text.secondary">{t('seguridad.codesNone')}</Typography>
          )}
        </Factor>
      </Stack>
    );
  }

  return (
    <Section title={t('seguridad.heading')}>
      {body}
      {open === 'enrol' && (
        <TotpEnrolDialog onActivated={() => void estado.refetch()} onClose={close} />
      )}
      {open === 'remove' && (
        <PasswordDialog
          title={t('seguridad.removeTitle')}
          intro={t('seguridad.removeIntro')}
          submitLabel={t('seguridad.remove')}
          saveFailed={t('seguridad.removeError')}
          onClose={close}
          onSubmit={async (password) => {
            await remove({ password }).unwrap();
            notify(t('seguridad.removed'), { type: 'success' });
            close();
          }}
        />
      )}
      {open === 'regenerate' && (
        <PasswordDialog
          title={t('seguridad.regenerateTitle')}
          intro={t('seguridad.regenerateIntro')}
          submitLabel={t('seguridad.regenerate')}
          saveFailed={t('seguridad.regenerateError')}
          onClose={close}
          onSubmit={async (password) => {
            const res = await regenerate({ password }).unwrap();
            setOpen({ codes: res.codigosRecuperacion });
          }}
        />
      )}
      {open !== null && typeof open === 'object' && (
        <CodesDialog codes={open.codes} onDone={close} />
      )}
    </Section>
  );
}
