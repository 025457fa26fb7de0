/**
 * The pieces issue #15's pages share: the card with its document title, the "link not valid"
 * state with the way to a new one, the finished state, and the new-password pair with its rules.
 */
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ERROR_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, paths } from '@gestion/shared';
import { useDocumentTitle } from '@gestion/shared/react';
import { readApiError } from '@gestion/ui';
import { AuthCard } from '../../../components/AuthCard';
import { PasswordField } from '../../../components/PasswordField';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useFieldRules } from '../../../lib/use-field-rules';

/** True when a failed call says the mailed token is used, expired or unknown (TOKEN_INVALIDO). */
export function isTokenInvalid(error: unknown): boolean {
  return readApiError(error, '').code === ERROR_CODES.tokenInvalid;
}

/** AuthCard whose heading is also the document title (the routes share one title). */
export function LifecycleCard({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro?: string;
  children: ReactNode;
}) {
  useDocumentTitle(heading);
  return (
    <AuthCard heading={heading} intro={intro}>
      {children}
    </AuthCard>
  );
}

/** A link styled as a full-width button to another page of the app (React Router, no reload). */
export function LinkButton({
  to,
  children,
  variant = 'contained',
}: {
  to: string;
  children: ReactNode;
  variant?: 'contained' | 'outlined';
}) {
  return (
    <Button component={RouterLink} to={to} variant={variant} fullWidth size="large">
      {children}
    </Button>
  );
}

/**
 * The state of a page whose link is used, expired or unknown: says so and why, and offers the
 * way to a new one (`action`), so the visitor is never left at a dead end.
 */
export function InvalidLink({
  title,
  help,
  action,
}: {
  title: string;
  help: string;
  action: ReactNode;
}) {
  return (
    <>
      <Alert severity="error">
        <AlertTitle>{title}</AlertTitle>
        {help}
      </Alert>
      {action}
    </>
  );
}

/** A link back to /login under a form. */
export function BackToLogin() {
  const { t } = useCicloTexts();
  return (
    <Typography variant="body2" align="center">
      <Link component={RouterLink} to={paths.login()}>
        {t('ciclo.backToLogin')}
      </Link>
    </Typography>
  );
}

/** The form values of the pages that set a password (`actual` only on /cambiar-password). */
export interface PasswordForm {
  actual: string;
  password: string;
  confirmacion: string;
}

export const EMPTY_PASSWORD_FORM: PasswordForm = { actual: '', password: '', confirmacion: '' };

/**
 * The new password and its repetition, the policy written beside the field (the api checks
 * the same and more: common passwords, the user's own name or e-mail).
 */
export function NewPasswordFields({ form }: { form: UseFormReturn<PasswordForm> }) {
  const { t } = useCicloTexts();
  const rules = useFieldRules();
  const {
    register,
    getValues,
    formState: { errors },
  } = form;
  const { ref: passwordRef, ...password } = register('password', rules.newPassword);
  const { ref: confirmRef, ...confirmacion } = register('confirmacion', {
    required: t('validation.passwordRequired'),
    validate: (value) => value === getValues('password') || t('validation.passwordMismatch'),
  });
  return (
    <>
      <PasswordField
        {...password}
        inputRef={passwordRef}
        autoComplete="new-password"
        label={t('ciclo.newPassword')}
        error={errors.password?.message}
        helperText={t('ciclo.passwordRules', {
          min: PASSWORD_MIN_LENGTH,
          max: PASSWORD_MAX_LENGTH,
        })}
      />
      <PasswordField
        {...confirmacion}
        inputRef={confirmRef}
        autoComplete="new-password"
        label={t('ciclo.confirmPassword')}
        error={errors.confirmacion?.message}
      />
    </>
  );
}
