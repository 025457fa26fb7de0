import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { ChangeEmailRequest } from '@gestion/shared';
import { useAuth, useNotify } from '@gestion/shared/react';
import { PasswordField } from '../../../components/PasswordField';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage, applyFieldErrors } from '../../../lib/api-error';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useRequestEmailChangeMutation } from '../api';
import { Section } from './Section';

/**
 * The e-mail change (issue #15: `POST /api/auth/email {email, password}` → 202). The current
 * password proves it is the owner (ASVS 6.2.3 for a credential change); nothing changes until
 * the link sent to the new address is opened (/confirmar-correo), and the old one is told. The
 * api answers the same for a taken address, so this never says whether it belongs to someone.
 */
export function EmailSection() {
  const { t } = useAdminTexts();
  const { user } = useAuth();
  const notify = useNotify();
  const rules = useFieldRules();
  const [requestChange, { isLoading }] = useRequestEmailChangeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<ChangeEmailRequest>({
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (body) => {
    setSentTo(null);
    try {
      await requestChange(body).unwrap();
      reset();
      setSentTo(body.email);
    } catch (error) {
      if (!applyFieldErrors(error, ['email', 'password'], (f, message) => setError(f, { message })))
        notify(apiErrorMessage(error, t('cuenta.emailError')), { type: 'error' });
    }
  });

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
          onSubmit={(e) => void onSubmit(e)}
          spacing={2}
        >
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
            <Button type="submit" variant="contained" loading={isLoading}>
              {t('cuenta.changeEmail')}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Section>
  );
}
