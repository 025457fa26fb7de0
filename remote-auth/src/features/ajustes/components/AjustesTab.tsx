import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UpdateConfiguracion } from '@gestion/shared';
import { ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { useNotify, useAnyPermission } from '@gestion/shared/react';
import { ErrorAlert, decideFormError, readApiError } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListRolesQuery } from '../../roles/api';
import { useGetAjustesQuery, useGetCorreoQuery, useUpdateAjustesMutation } from '../api';
import { SsoSection } from '../../sso/components/SsoSection';
import { CorreoSection } from './CorreoSection';
import { AprovisionamientoSection } from '../../tokens/components/AprovisionamientoSection';
import { DominiosField } from './DominiosField';

/**
 * Ajustes (configuracion:gestionar): self-registration on/off, the role a self-registered
 * user gets and the e-mail domains allowed to register (issue #13). Each change is saved at
 * once with the `version` it was based on; a conflict reloads the stored values so nothing is
 * silently overwritten. The kit's `decideFormError` places a refusal: one the api ties to
 * `dominiosPermitidos` or `verificacionEmail` under that field, any other above the settings. Issue #15: e-mail verification on
 * registration, which only a deployment that really sends mail can switch on, and the Correo
 * section (transport, sender, recent deliveries, a test mail). Issue #18: the single sign-on
 * providers (Inicio de sesión único).
 */
export function AjustesTab() {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const { data, isLoading, isError, error, refetch } = useGetAjustesQuery();
  const roles = useListRolesQuery(undefined, { skip: !canSeeRoles });
  const [update, { isLoading: saving }] = useUpdateAjustesMutation();
  const [dominiosError, setDominiosError] = useState<string>();
  const [verificacionError, setVerificacionError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const correo = useGetCorreoQuery();
  // Mail written to the log reaches nobody: a verification link would never arrive.
  const sinCorreo = correo.data?.transporte === 'log';

  const save = async (patch: Omit<UpdateConfiguracion, 'version'>) => {
    if (!data) return;
    setDominiosError(undefined);
    setVerificacionError(undefined);
    setFailure(null);
    try {
      await update({ ...patch, version: data.version }).unwrap();
      notify(t('ajustes.saved'), { type: 'success' });
    } catch (e) {
      const outcome = decideFormError(readApiError(e, t('ajustes.saveError')), {
        fields: ['dominiosPermitidos', 'verificacionEmail'],
      });
      if (outcome.kind === 'conflict') {
        notify(t('ajustes.conflict'), { type: 'warning' });
        void refetch();
      } else if (outcome.kind === 'fields') {
        setDominiosError(outcome.fieldErrors.get('dominiosPermitidos'));
        setVerificacionError(outcome.fieldErrors.get('verificacionEmail'));
        setFailure(outcome.alert ?? null);
      }
    }
  };

  if (isLoading) return <CircularProgress aria-label={t('common.loading')} />;
  if (isError || !data) {
    return (
      <ErrorAlert onRetry={() => void refetch()}>
        {readApiError(error, t('ajustes.loadError')).message}
      </ErrorAlert>
    );
  }
  const roleNames = roles.data?.items.map((r) => r.nombre) ?? [];
  if (!roleNames.includes(data.rolPorDefecto)) roleNames.push(data.rolPorDefecto);

  const verificacionHelp =
    verificacionError ??
    (sinCorreo && !data.verificacionEmail
      ? t('ajustes.verificacionSinCorreo')
      : t('ajustes.verificacionHelp'));

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3} sx={{ maxWidth: 480 }}>
          {failure && (
            <Alert severity="error" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={data.registroAbierto}
                  disabled={saving}
                  onChange={(_e, checked) => void save({ registroAbierto: checked })}
                />
              }
              label={t('ajustes.registroAbierto')}
            />
            <Typography variant="body2" color="text.secondary">
              {t('ajustes.registroHelp')}
            </Typography>
          </div>
          <TextField
            select
            label={t('ajustes.rolPorDefecto')}
            value={data.rolPorDefecto}
            disabled={saving}
            onChange={(e) => void save({ rolPorDefecto: e.target.value })}
            helperText={t('ajustes.rolHelp')}
          >
            {roleNames.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <DominiosField
            value={data.dominiosPermitidos ?? []}
            disabled={saving}
            serverError={dominiosError}
            onChange={(dominiosPermitidos) => void save({ dominiosPermitidos })}
          />
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={data.verificacionEmail ?? false}
                  // Switching it off is always allowed; on, only with a mailer.
                  disabled={saving || (sinCorreo && !data.verificacionEmail)}
                  onChange={(_e, checked) => void save({ verificacionEmail: checked })}
                  slotProps={{ input: { 'aria-describedby': 'ajustes-verificacion-help' } }}
                />
              }
              label={t('ajustes.verificacionEmail')}
            />
            <Typography
              id="ajustes-verificacion-help"
              variant="body2"
              color={verificacionError ? 'error' : 'text.secondary'}
            >
              {verificacionHelp}
            </Typography>
          </div>
        </Stack>
      </Paper>
      <SsoSection />
      <CorreoSection
        correo={correo.data}
        loading={correo.isLoading}
        error={correo.error}
        fetching={correo.isFetching}
        onRefresh={() => void correo.refetch()}
      />
      <AprovisionamientoSection />
    </Stack>
  );
}
