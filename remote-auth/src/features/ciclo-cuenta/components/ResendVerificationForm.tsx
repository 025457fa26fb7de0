import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResendVerificationRequest } from '@gestion/shared';
import { readApiError } from '@gestion/ui';
import { AuthTextField } from '../../../components/AuthTextField';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useResendVerificationMutation } from '../api';

/**
 * Asks for a new verification link (`POST /api/auth/email/resend` → 202 for any address, so it
 * never tells whether an account exists or waits for verification). Used by /verificar without
 * a usable link and by /register's pending state.
 */
export function ResendVerificationForm({ email = '' }: { email?: string }) {
  const { t } = useCicloTexts();
  const rules = useFieldRules();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendVerificationRequest>({ defaultValues: { email } });

  const onSubmit = async (body: ResendVerificationRequest) => {
    setFailure(null);
    try {
      await resend(body).unwrap();
      setSentTo(body.email);
    } catch (error) {
      setFailure(readApiError(error, t('ciclo.error')).message);
    }
  };

  if (sentTo !== null) {
    return (
      <Alert severity="success">
        <strong>{t('ciclo.verificar.resentHeading')}. </strong>
        {t('ciclo.verificar.resent', { email: sentTo, interpolation: { escapeValue: false } })}
      </Alert>
    );
  }

  const { ref: emailRef, ...emailField } = register('email', rules.email);
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('ciclo.verificar.resend')}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('ciclo.verificar.resendIntro')}
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <AuthTextField
          {...emailField}
          inputRef={emailRef}
          type="email"
          autoComplete="email"
          label={t('fields.email')}
          required
          error={errors.email?.message}
        />
        <Button type="submit" variant="outlined" size="large" fullWidth loading={isLoading}>
          {t('ciclo.verificar.resend')}
        </Button>
      </Stack>
    </Box>
  );
}
