import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '@gestion/shared/react';
import {
  ConfirmDialog,
  ErrorAlert,
  isReauthRequired,
  readApiError,
  readRawApiError,
  useApiErrorTexts,
  useFormatDateTime,
  useStepUp,
} from '@gestion/ui';
import { Section } from '../cuenta/components/Section';
import {
  useAddPasskeyMutation,
  useDeletePasskeyMutation,
  useListPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useRenamePasskeyMutation,
  type Passkey,
} from './api';
import { PasskeyNameDialog } from './PasskeyNameDialog';
import { createPasskey } from './register-passkey';
import { usePasskeyTexts } from './texts';

type Editing = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | null;

/**
 * Mi cuenta › Seguridad › Llaves de acceso (issue #16): the signed-in user's passkeys (name,
 * created, last used), "Añadir llave de acceso" (a name, then the browser creates it), rename and
 * a confirmed delete. Every call goes through the one RTK Query api and the kit's error path: a
 * 403 REAUTENTICACION_REQUERIDA asks the page's StepUpProvider (the re-auth dialog), then the
 * same change is sent again — the dialogs through `useServerForm`, the delete here likewise.
 */
export function PasskeysSection() {
  const { t, ready } = usePasskeyTexts();
  useApiErrorTexts();
  const notify = useNotify();
  const formatDate = useFormatDateTime();
  const { data, isLoading, isError, refetch } = useListPasskeysQuery();
  const [registrationOptions] = usePasskeyRegistrationOptionsMutation();
  const [addPasskey] = useAddPasskeyMutation();
  const [renamePasskey] = useRenamePasskeyMutation();
  const [deletePasskey, deleteState] = useDeletePasskeyMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const stepUp = useStepUp();
  if (!ready) return null;
  const passkeys = data ?? [];

  const add = async (nombre: string) => {
    const options = await registrationOptions().unwrap();
    const respuesta = await createPasskey(options, t);
    await addPasskey({ respuesta, nombre }).unwrap();
    notify(t('passkeys.added'), { type: 'success' });
    setEditing(null);
  };
  const rename = (passkey: Passkey) => async (nombre: string) => {
    await renamePasskey({ id: passkey.id, nombre }).unwrap();
    notify(t('passkeys.renamed'), { type: 'success' });
    setEditing(null);
  };
  const onDelete = async () => {
    if (!deleting) return;
    const remove = () => deletePasskey(deleting.id).unwrap();
    try {
      // Step-up as the kit's forms do it (useServerForm): asked once, then the same call again.
      await remove().catch(async (error: unknown) => {
        if (stepUp && isReauthRequired(readRawApiError(error, '')) && (await stepUp()))
          return remove();
        throw error;
      });
      notify(t('passkeys.deleted'), { type: 'success' });
      setDeleting(null);
    } catch (error) {
      notify(readApiError(error, t('passkeys.error')).message, { type: 'error' });
    }
  };

  return (
    <Section title={t('passkeys.heading')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('passkeys.intro')}
        </Typography>
        {isLoading ? (
          <CircularProgress aria-label={t('passkeys.loading')} />
        ) : isError ? (
          <ErrorAlert onRetry={() => void refetch()}>{t('passkeys.loadError')}</ErrorAlert>
        ) : passkeys.length === 0 ? (
          <Alert severity="info">{t('passkeys.empty')}</Alert>
        ) : (
          <List aria-label={t('passkeys.listLabel')}>
            {passkeys.map((p) => (
              // Actions in the flow, under the details on a phone (as Mis sesiones, issue #14).
              <ListItem
                key={p.id}
                divider
                sx={{
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { xs: 'flex-start', sm: 'center' },
                  gap: { xs: 0.5, sm: 2 },
                }}
              >
                <ListItemText
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  primary={p.nombre}
                  secondary={t('passkeys.details', {
                    created: formatDate(p.creadoEn),
                    lastUse: p.ultimoUsoEn ? formatDate(p.ultimoUsoEn) : t('passkeys.never'),
                  })}
                />
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button
                    size="small"
                    onClick={() => setEditing({ kind: 'rename', passkey: p })}
                    aria-label={t('passkeys.renameOf', { nombre: p.nombre })}
                  >
                    {t('passkeys.rename')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(p)}
                    aria-label={t('passkeys.deleteOf', { nombre: p.nombre })}
                  >
                    {t('passkeys.delete')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        <Box>
          <Button variant="outlined" onClick={() => setEditing({ kind: 'add' })}>
            {t('passkeys.add')}
          </Button>
        </Box>
      </Stack>
      {editing?.kind === 'add' && (
        <PasskeyNameDialog
          title={t('passkeys.addTitle')}
          intro={t('passkeys.addIntro')}
          submitLabel={t('passkeys.continue')}
          initialName=""
          submit={add}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'rename' && (
        <PasskeyNameDialog
          title={t('passkeys.renameTitle')}
          submitLabel={t('passkeys.save')}
          initialName={editing.passkey.nombre}
          submit={rename(editing.passkey)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('passkeys.deleteTitle')}
        message={t('passkeys.deleteMessage', { nombre: deleting?.nombre ?? '' })}
        confirmLabel={t('passkeys.delete')}
        busy={deleteState.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </Section>
  );
}
