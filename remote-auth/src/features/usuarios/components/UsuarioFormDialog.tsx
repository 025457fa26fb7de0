import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useNotify } from '@gestion/shared/react';
import { FormDialog, readApiError, useServerForm } from '@gestion/ui';
import { useDiscardGuard } from '../../../components/use-discard-guard';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useDelegation } from '../../roles/use-delegation';
import {
  useCreateUsuarioMutation,
  useLazyGetUsuarioQuery,
  useUpdateUsuarioMutation,
  type UsuarioItem,
} from '../api';

interface FormValues {
  email: string;
  nombre: string;
  /** Issue #15: off (the default) invites by mail; on, a temporary password shown once. */
  generarPassword: boolean;
  roles: string[];
}

interface UsuarioFormDialogProps {
  /** The user to edit; null to create one. */
  user: UsuarioItem | null;
  /**
   * Roles that can be given on creation (empty when the editor may not list roles); of them only
   * those the viewer may give are offered (issue #13, rule 1).
   */
  roleNames: string[];
  onClose: () => void;
}

/**
 * Create or edit a user, on the kit's `FormDialog`. Field errors are the form's rules first, then
 * the server's `details` on their fields (`useServerForm`; the rest above the form). An edit sends the `version` it started from; a 409 means someone else saved
 * in between, and the dialog offers to reload their version rather than overwrite it
 * (DESIGN.md §3). A new user is invited by mail to choose their own password (issue #15); where
 * mail cannot reach them the admin may generate a temporary password instead, shown here once
 * and to be changed at the first sign-in. The admin never chooses it (ASVS 6.4.6). On creation
 * only the roles the viewer may give are offered (`admin` to admins only).
 */
export function UsuarioFormDialog({ user, roleNames, onClose }: UsuarioFormDialogProps) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const rules = useFieldRules();
  const [createUsuario] = useCreateUsuarioMutation();
  const [updateUsuario] = useUpdateUsuarioMutation();
  const [loadUsuario, loadState] = useLazyGetUsuarioQuery();
  const [version, setVersion] = useState(user?.version ?? 0);
  const [oneTimePassword, setOneTimePassword] = useState<string | null>(null);
  const delegation = useDelegation();
  const offered = roleNames.filter((r) => delegation.grant(r) === null);
  const server = useServerForm<FormValues>({
    defaultValues: {
      email: user?.email ?? '',
      nombre: user?.nombre ?? '',
      generarPassword: false,
      roles: user ? user.roles : [],
    },
    // Only the fields on screen: a detail for one the dialog does not show goes above the form.
    fields: user
      ? ['nombre', 'email']
      : ['nombre', 'email', ...(offered.length ? ['roles' as const] : [])],
    saveFailed: t('usuarios.saveError'),
    submit: async (values) => {
      if (user) {
        await updateUsuario({
          id: user.id,
          version,
          nombre: values.nombre,
          email: values.email,
        }).unwrap();
        notify(t('usuarios.saved'), { type: 'success' });
        onClose();
        return;
      }
      const created = await createUsuario({
        email: values.email,
        nombre: values.nombre,
        ...(values.generarPassword ? { generarPassword: true } : {}),
        ...(values.roles.length ? { roles: values.roles } : {}),
      }).unwrap();
      const generated = created.passwordTemporal;
      if (generated) {
        notify(t('usuarios.created'), { type: 'success' });
        setOneTimePassword(generated);
      } else {
        notify(t('usuarios.invited', { email: created.email }), { type: 'success' });
        onClose();
      }
    },
  });
  const { register, control, reset, formState } = server.form;
  const { errors } = formState;
  const { requestClose, prompt } = useDiscardGuard(formState.isDirty, onClose);

  /** After a conflict: the other person's version replaces the form, and saving is offered again. */
  const reload = async () => {
    if (!user) return;
    try {
      const fresh = await loadUsuario(user.id).unwrap();
      reset({
        email: fresh.email,
        nombre: fresh.nombre,
        generarPassword: false,
        roles: fresh.roles,
      });
      setVersion(fresh.version);
      server.clearConflict();
    } catch (error) {
      notify(readApiError(error, t('usuarios.loadError')).message, { type: 'error' });
    }
  };

  if (oneTimePassword) {
    return (
      <Dialog open onClose={onClose} aria-labelledby="otp-title" maxWidth="xs" fullWidth>
        <DialogTitle id="otp-title">{t('usuarios.otpTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('usuarios.otpMessage')}</DialogContentText>
          <Typography
            component="output"
            aria-label={t('usuarios.otpLabel')}
            sx={{
              display: 'block',
              fontFamily: 'monospace',
              fontSize: '1.25rem',
              my: 2,
              userSelect: 'all',
            }}
          >
            {oneTimePassword}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(oneTimePassword).then(
                () => notify(t('usuarios.otpCopied'), { type: 'success' }),
                () => undefined,
              );
            }}
          >
            {t('usuarios.otpCopy')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const { ref: emailRef, ...emailField } = register('email', rules.email);
  const { ref: nombreRef, ...nombreField } = register('nombre', rules.nombre);
  return (
    <>
      <FormDialog
        title={user ? t('usuarios.editTitle', { nombre: user.nombre }) : t('usuarios.newTitle')}
        submitLabel={user ? t('common.save') : t('usuarios.create')}
        server={server}
        onClose={requestClose}
        conflictMessage={t('usuarios.conflict')}
        conflictAction={
          <Button
            color="inherit"
            size="small"
            onClick={() => void reload()}
            loading={loadState.isFetching}
          >
            {t('usuarios.reload')}
          </Button>
        }
        submitDisabled={server.conflict}
      >
        <TextField
          {...nombreField}
          inputRef={nombreRef}
          label={t('fields.nombre')}
          required
          autoFocus
          error={Boolean(errors.nombre)}
          helperText={errors.nombre?.message}
        />
        <TextField
          {...emailField}
          inputRef={emailRef}
          type="email"
          label={t('fields.email')}
          required
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        {!user && (
          <Controller
            control={control}
            name="generarPassword"
            render={({ field }) => (
              <Stack>
                <FormControlLabel
                  label={t('usuarios.generarPassword')}
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(_e, checked) => field.onChange(checked)}
                      slotProps={{ input: { 'aria-describedby': 'usuario-generar-hint' } }}
                    />
                  }
                />
                <Typography id="usuario-generar-hint" variant="caption" color="text.secondary">
                  {t('usuarios.generarPasswordHint')}
                </Typography>
              </Stack>
            )}
          />
        )}
        {!user && offered.length > 0 && (
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <FormGroup role="group" aria-labelledby="usuario-roles-label">
                <FormLabel id="usuario-roles-label">{t('usuarios.columns.roles')}</FormLabel>
                {offered.map((r) => (
                  <FormControlLabel
                    key={r}
                    label={r}
                    control={
                      <Checkbox
                        checked={field.value.includes(r)}
                        onChange={(_e, checked) =>
                          field.onChange(
                            checked ? [...field.value, r] : field.value.filter((x) => x !== r),
                          )
                        }
                      />
                    }
                  />
                ))}
                {offered.length < roleNames.length && (
                  <Typography color="text.secondary" variant="caption">
                    {t('usuarios.onlyGrantable')}
                  </Typography>
                )}
                {errors.roles?.message && (
                  <Typography color="error" variant="caption">
                    {errors.roles.message}
                  </Typography>
                )}
              </FormGroup>
            )}
          />
        )}
      </FormDialog>
      {prompt}
    </>
  );
}
