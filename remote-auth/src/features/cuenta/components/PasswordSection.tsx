import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNotify } from '@gestion/shared/react';
import { useServerForm } from '@gestion/ui';
import { PasswordField } from '../../../components/PasswordField';
import { useAdminTexts } from '../../../i18n/namespace';
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
 * The kit's `useServerForm` puts a refusal of `actual` or `nueva` under its field and anything
 * else above the form.
 */
export function PasswordSection() {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const rules = useFieldRules();
  const [changePassword] = useChangePasswordMutation();
  const server = useServerForm<PasswordForm>({
    defaultValues: { actual: '', nueva: '', confirmacion: '' },
    fields: ['actual', 'nueva'],
    saveFailed: t('cuenta.passwordError'),
    submit: async ({ actual, nueva }) => {
      await changePassword({ actual, nueva }).unwrap();
      server.form.reset();
      notify(t('cuenta.passwordChanged'), { type: 'success' });
    },
  });
  const { register, getValues, formState } = server.form;
  const { errors } = formState;
  /** react-hook-form's `ref` goes to the input element, not to the TextField. */
  const field = (name: keyof PasswordForm, options: Parameters<typeof register>[1]) => {
    const { ref, ...rest } = register(name, options);
    return { ...rest, inputRef: ref };
  };

  return (
    <Section title={t('cuenta.passwordHeading')}>
      <Stack
        component="form"
        noValidate
        onSubmit={server.onSubmit}
        spacing={2}
        sx={{ maxWidth: 480 }}
      >
        {server.alert && <Alert severity="error">{server.alert}</Alert>}
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
          <Button type="submit" variant="contained" disabled={server.submitting}>
            {t('cuenta.changePassword')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}
