import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { UsuarioDetalle } from '@gestion/shared';
import { ErrorAlert, readApiError, useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { Section } from '../../cuenta/components/Section';
import { useGetUsuarioMfaQuery } from '../../seguridad/api';
import { ResetMfaDialog } from './ResetMfaDialog';

/**
 * The user's two-step verification on their page (issue #16, `GET /api/usuarios/:id/mfa`): the
 * factors they have (the authenticator app since when, passkeys), the recovery codes left and
 * whether their roles require one, with "Restablecer verificación en dos pasos" (ResetMfaDialog).
 * Shown to whoever may reset it (usuarios:editar and the delegation rule, which the page checks:
 * `refusal` is the reason when they may not); the api checks both again.
 */
export function UsuarioMfa({
  usuario,
  refusal,
}: {
  usuario: UsuarioDetalle;
  /** Why the viewer may not see or reset this user's factors (delegation), or null. */
  refusal: string | null;
}) {
  const { t } = useAdminTexts();
  const formatDate = useFormatDateTime();
  const { data, isLoading, isError, error, refetch } = useGetUsuarioMfaQuery(usuario.id, {
    skip: refusal !== null,
  });
  const [resetting, setResetting] = useState(false);

  let body: React.ReactNode;
  if (refusal !== null) body = <Alert severity="info">{refusal}</Alert>;
  else if (isLoading)
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  else if (isError || !data)
    body = (
      <ErrorAlert onRetry={() => void refetch()}>
        {readApiError(error, t('seguridad.usuarioLoadError')).message}
      </ErrorAlert>
    );
  else {
    const items: string[] = [];
    if (data.totp.activo && data.totp.activadoEn)
      items.push(t('seguridad.usuarioApp', { date: formatDate(data.totp.activadoEn) }));
    if (data.metodos.includes('passkey')) items.push(t('seguridad.usuarioPasskey'));
    if (data.codigosRecuperacionRestantes > 0)
      items.push(t('seguridad.usuarioCodes', { count: data.codigosRecuperacionRestantes }));
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {data.obligatorio && <Alert severity="info">{t('seguridad.usuarioRequired')}</Alert>}
        {items.length === 0 ? (
          <Alert severity="info">{t('seguridad.usuarioNone')}</Alert>
        ) : (
          <List aria-label={t('seguridad.usuario')} sx={{ width: '100%' }}>
            {items.map((text) => (
              <ListItem key={text} divider sx={{ px: 0 }}>
                <ListItemText primary={text} />
              </ListItem>
            ))}
          </List>
        )}
        <Button
          variant="outlined"
          color="error"
          disabled={items.length === 0}
          onClick={() => setResetting(true)}
        >
          {t('seguridad.reset')}
        </Button>
      </Stack>
    );
  }

  return (
    <Section title={t('seguridad.usuario')}>
      {body}
      {resetting && <ResetMfaDialog usuario={usuario} onClose={() => setResetting(false)} />}
    </Section>
  );
}
