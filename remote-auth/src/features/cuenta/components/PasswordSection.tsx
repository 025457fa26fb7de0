import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useNotify } from '@gestion/shared/react';
import { PasswordField } from '../../../components/PasswordField';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorDetails, apiErrorMessage } from '../../../lib/api-error';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useChangePasswordMutation } from '../api';
import { Section } from './Section';

interface PasswordForm {
  actual: string;
  nueva: string;
  confirmacion: string;
}

/**
 * Password change (`POST /api/auth/password {actual, nueva}` → 204). Asking for the current
 * password means an unattended open session cannot take the account over (OWASP ASVS 2.1.5).
 */
export function PasswordSection() {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const rules = useFieldRules();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { register, handleSubmit, reset, setError, getValues, formState } = useForm<PasswordForm>({
    defaultValues: { actual: '', nueva: '', confirmacion: '' },
  });
  const { errors } = formState;
  /** react-hook-form's `ref` goes to the input element, not to the TextField. */
  const field = (name: keyof PasswordForm, options: Parameters<typeof register>[1]) => {
    const { ref, ...rest } = register(name, options);
    return { ...rest, inputRef: ref };
  };

  const onSubmit = handleSubmit(async ({ actual, nueva }) => {
    try {
      await changePassword({ actual, nueva }).unwrap();
      reset();
      notify(t('cuenta.passwordChanged'), { type: 'success' });
    } catch (error) {
      const details = apiErrorDetails(error).filter(
        (d) => d.field === 'actual' || d.field === 'nueva',
      );
      for (const d of details) setError(d.field as 'actual' | 'nueva', { message: d.message });
      if (details.length === 0) {
        notify(apiErrorMessage(error, t('cuenta.passwordError')), { type: 'error' });
      }
    }
  });

  return (
    <Section title={t('cuenta.passwordHeading')}>
      <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={2} sx={{ maxWidth: 480 }}>
        <PasswordField
          {...field('actual', rules.currentPassword)}
          label={t('cuenta.currentPassword')}
          autoComplete="current-password"
          error={errors.actual?.message}
        />
        <PasswordField
          {...field('nueva', rules.newPassword)}
          label={t('cuenta.newPassword')}
          autoComplete="new-password"
          error={errors.nueva?.message}
        />
        <PasswordField
          {...field('confirmacion', {
            required: t('validation.passwordRequired'),
            validate: (value) => value === getValues('nueva') || t('validation.passwordMismatch'),
          })}
          label={t('cuenta.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmacion?.message}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('cuenta.changePassword')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}
