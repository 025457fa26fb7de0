import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SCIM_BASE_PATH,
  SCIM_CONEXION_NOMBRE_MAX_LENGTH,
  getRuntimeConfig,
} from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import {
  ConfirmDialog,
  ErrorAlert,
  FormDialog,
  SimpleTable,
  readApiError,
  useFormatDateTime,
  useServerForm,
} from '@gestion/ui';
import { Section } from '../../cuenta/components/Section';
import {
  useCreateConexionScimMutation,
  useListConexionesScimQuery,
  useRevokeConexionScimMutation,
  type ConexionScim,
} from '../scim-api';
import { useTokenTexts } from '../texts';
import { CopyButton } from './CopyButton';
import { TokenCreadoDialog } from './TokenCreadoDialog';

/**
 * The SCIM service provider's base URL as a directory must be given it: under the api's origin
 * (the runtime config's `apiBaseUrl`, the page's own origin when empty), `/scim/v2` (RFC 7644
 * §3; shared `SCIM_BASE_PATH`).
 */
export function scimBaseUrl(
  apiBaseUrl = getRuntimeConfig().apiBaseUrl,
  origin = window.location.origin,
): string {
  return new URL(`${apiBaseUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`, origin).href;
}

/** "Crear token": the connection's name (who the directory is), as the api checks it. */
function CrearConexionDialog({
  onCreated,
  onClose,
}: {
  onCreated: (token: string, nombre: string) => void;
  onClose: () => void;
}) {
  const { t } = useTokenTexts();
  const [create] = useCreateConexionScimMutation();
  const max = SCIM_CONEXION_NOMBRE_MAX_LENGTH;
  const server = useServerForm<{ nombre: string }>({
    defaultValues: { nombre: '' },
    fields: ['nombre'],
    saveFailed: t('scim.createError'),
    submit: async ({ nombre }) => {
      const created = await create({ nombre: nombre.trim() }).unwrap();
      onCreated(created.token, created.conexion.nombre);
    },
  });
  const { errors } = server.form.formState;
  const { ref, ...field } = server.form.register('nombre', {
    validate: (value) => {
      const nombre = value.trim();
      if (!nombre) return t('tokens.nombreRequired');
      return nombre.length <= max || t('tokens.nombreTooLong', { max });
    },
  });
  return (
    <FormDialog
      title={t('scim.createTitle')}
      submitLabel={t('tokens.createSubmit')}
      server={server}
      onClose={onClose}
      maxWidth="xs"
      intro={<DialogContentText>{t('scim.createIntro')}</DialogContentText>}
    >
      <TextField
        {...field}
        inputRef={ref}
        label={t('tokens.nombre')}
        placeholder={t('scim.nombrePlaceholder')}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        error={Boolean(errors.nombre)}
        helperText={errors.nombre?.message}
      />
    </FormDialog>
  );
}

/**
 * Ajustes › Aprovisionamiento (issue #17, configuracion:gestionar, which the Ajustes tab already
 * requires): the SCIM base URL to give the directory (copyable), the live connections — name,
 * the token's first characters, created, last use — each revocable after a confirmation, and
 * "Crear token", whose secret is shown once. Several connections may be live at once, so a token
 * is rotated by creating the new one before revoking the old (the hint says so).
 */
export function AprovisionamientoSection() {
  const { t, ready } = useTokenTexts();
  const notify = useNotify();
  const formatDate = useFormatDateTime();
  const { data, isLoading, error, refetch } = useListConexionesScimQuery();
  const [revoke, revokeState] = useRevokeConexionScimMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ token: string; nombre: string } | null>(null);
  const [confirm, setConfirm] = useState<ConexionScim | null>(null);
  const url = scimBaseUrl();

  const onRevoke = async () => {
    if (!confirm) return;
    try {
      await revoke(confirm.id).unwrap();
      notify(t('scim.revoked', { nombre: confirm.nombre }), { type: 'success' });
    } catch (e) {
      notify(readApiError(e, t('scim.revokeError')).message, { type: 'error' });
    }
    setConfirm(null);
  };

  if (!ready) return <Skeleton variant="rounded" height={160} />;

  // One state at a time: loading, a failed first load, or the list (possibly empty). A failed
  // refresh keeps the list it had.
  let body: React.ReactNode;
  if (isLoading)
    body = (
      <Stack spacing={1} aria-busy="true" aria-label={t('scim.loading')}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  else if (!data)
    body = (
      <ErrorAlert onRetry={() => void refetch()}>
        {readApiError(error, t('scim.loadError')).message}
      </ErrorAlert>
    );
  else if (data.length === 0) body = <Alert severity="info">{t('scim.empty')}</Alert>;
  else
    body = (
      <SimpleTable
        aria-label={t('scim.listLabel')}
        size="small"
        rows={data}
        columns={[
          {
            key: 'nombre',
            header: t('tokens.columns.nombre'),
            cell: (c) => c.nombre,
            cellSx: { overflowWrap: 'anywhere' },
          },
          {
            key: 'prefijo',
            header: t('tokens.columns.prefijo'),
            cell: (c) => (c.prefijo ? <code>{c.prefijo}…</code> : '—'),
            sx: { display: { xs: 'none', sm: 'table-cell' } },
          },
          {
            key: 'creado',
            header: t('tokens.columns.creado'),
            cell: (c) => formatDate(c.creadoEn),
            sx: { display: { xs: 'none', md: 'table-cell' } },
          },
          {
            key: 'ultimoUso',
            header: t('tokens.columns.ultimoUso'),
            cell: (c) => (c.ultimoUso ? formatDate(c.ultimoUso) : t('tokens.never')),
          },
          {
            key: 'acciones',
            header: t('tokens.columns.acciones'),
            align: 'right',
            cell: (c) => (
              <Button
                size="small"
                color="error"
                onClick={() => setConfirm(c)}
                aria-label={t('tokens.revokeOf', { nombre: c.nombre })}
              >
                {t('tokens.revoke')}
              </Button>
            ),
          },
        ]}
      />
    );

  return (
    <Section title={t('scim.heading')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('scim.intro')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <TextField
            label={t('scim.baseUrl')}
            value={url}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            }}
          />
          <CopyButton
            text={url}
            aria-label={t('scim.copyUrl')}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        </Stack>
        <Typography variant="subtitle1" component="h3">
          {t('scim.tokensHeading')}
        </Typography>
        {body}
        <Typography variant="body2" color="text.secondary">
          {t('scim.rotationHint')}
        </Typography>
        <div>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('scim.create')}
          </Button>
        </div>
      </Stack>
      {creating && (
        <CrearConexionDialog
          onClose={() => setCreating(false)}
          onCreated={(token, nombre) => {
            setCreating(false);
            setCreated({ token, nombre });
          }}
        />
      )}
      <TokenCreadoDialog
        token={created?.token ?? null}
        title={t('scim.createdTitle', { nombre: created?.nombre ?? '' })}
        hint={t('scim.createdHint')}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={t('scim.revokeTitle')}
        message={confirm ? t('scim.revokeMessage', { nombre: confirm.nombre }) : ''}
        confirmLabel={t('tokens.revoke')}
        busy={revokeState.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={() => void onRevoke()}
      />
    </Section>
  );
}
