import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChangeEmailRequest } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { useServerForm } from '@gestion/ui';
import { PasswordField } from '../../../components/PasswordField';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useRequestEmailChangeMutation } from '../api';
import { Section } from './Section';

/**
 * The e-mail change (issue #15: `POST /api/auth/email {email, password}` → 202). The current
 * password proves it is the owner (ASVS 6.2.3 for a credential change); nothing changes until
 * the link sent to the new address is opened (/confirmar-correo), and the old one is told. The
 * api answers the same for a taken address, so this never says whether it belongs to someone.
 * The kit's `useServerForm` puts a refusal of `email` or `password` under its field and anything
 * else above the form.
 */
export function EmailSection() {
  const { t } = useAdminTexts();
  const { user } = useAuth();
  const rules = useFieldRules();
  const [requestChange] = useRequestEmailChangeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const server = useServerForm<ChangeEmailRequest>({
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    saveFailed: t('cuenta.emailError'),
    submit: async (body) => {
      setSentTo(null);
      await requestChange(body).unwrap();
      server.form.reset();
      setSentTo(body.email);
    },
  });
  const { register, formState } = server.form;
  const { errors } = formState;

  const { ref: emailRef, ...email } = register('email', rules.email);
  const { ref: passwordRef, ...password } = register('password', rules.currentPassword);
  return (
    <Section title={t('cuenta.emailHeading')}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography variant="body2" color="text.secondary">
          {t('cuenta.emailIntro', { email: user?.email ?? '' })}
        </Typography>
        {sentTo && (
          <Alert severity="success" onClose={() => setSentTo(null)}>
            {t('cuenta.emailSent', { email: sentTo })}
          </Alert>
        )}
        <Stack
          component="form"
          noValidate
          aria-label={t('cuenta.emailHeading')}
          onSubmit={server.onSubmit}
          spacing={2}
        >
          {server.alert && <Alert severity="error">{server.alert}</Alert>}
          <TextField
            {...email}
            inputRef={emailRef}
            type="email"
            autoComplete="email"
            label={t('cuenta.newEmail')}
            required
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <PasswordField
            {...password}
            inputRef={passwordRef}
            label={t('cuenta.currentPassword')}
            autoComplete="current-password"
            error={errors.password?.message}
          />
          <Box>
            <Button type="submit" variant="contained" loading={server.submitting}>
              {t('cuenta.changeEmail')}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Section>
  );
}
