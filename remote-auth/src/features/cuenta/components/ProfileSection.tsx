import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDispatch } from 'react-redux';
import { ADMIN_ROLE } from '@gestion/shared';
import { useAuth, useNotify, userUpdated } from '@gestion/shared/react';
import { useServerForm } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useUpdateProfileMutation } from '../api';
import { Section } from './Section';

/**
 * The signed-in user's profile: the name can be changed (`PATCH /api/auth/me {nombre}`); e-mail
 * and roles are shown, and only an administrator changes them. The new user goes to the shell's
 * auth slice through shared's `userUpdated` action, so the app bar shows the new name at once
 * without this remote importing the shell. A refusal is placed by the kit's `useServerForm`: a
 * detail on `nombre` under the field, anything else above the form.
 */
export function ProfileSection() {
  const { t } = useAdminTexts();
  const { user } = useAuth();
  const notify = useNotify();
  const rules = useFieldRules();
  const dispatch = useDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  const server = useServerForm<{ nombre: string }>({
    defaultValues: { nombre: user?.nombre ?? '' },
    fields: ['nombre'],
    saveFailed: t('cuenta.profileError'),
    submit: async ({ nombre }) => {
      const res = await updateProfile({ nombre }).unwrap();
      dispatch(userUpdated(res.user));
      server.form.reset({ nombre: res.user.nombre });
      notify(t('cuenta.profileSaved'), { type: 'success' });
    },
  });
  const { register, reset, formState } = server.form;
  useEffect(() => reset({ nombre: user?.nombre ?? '' }), [user?.nombre, reset]);
  if (!user) return null;
  const isAdmin = user.roles.some((role) => role.nombre === ADMIN_ROLE);

  return (
    <Section title={t('configuracion.profile')}>
      <Stack
        component="form"
        noValidate
        onSubmit={server.onSubmit}
        spacing={2}
        sx={{ maxWidth: 480 }}
      >
        {server.alert && <Alert severity="error">{server.alert}</Alert>}
        <TextField
          {...register('nombre', rules.nombre)}
          label={t('fields.nombre')}
          required
          autoComplete="name"
          error={Boolean(formState.errors.nombre)}
          helperText={formState.errors.nombre?.message}
        />
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('configuracion.email')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {user.email}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('configuracion.roles')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {user.roles.length === 0 ? (
                <Typography>{t('configuracion.noRoles')}</Typography>
              ) : (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {user.roles.map((role) => (
                    <Chip key={role.nombre} label={role.nombre} size="small" />
                  ))}
                </Stack>
              )}
              {isAdmin && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('configuracion.adminNote')}
                </Typography>
              )}
            </Box>
          </div>
        </Stack>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={server.submitting || !formState.isDirty}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}
