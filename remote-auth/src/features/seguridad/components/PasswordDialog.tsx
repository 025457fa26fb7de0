import Typography from '@mui/material/Typography';
import { FormDialog, useServerForm } from '@gestion/ui';
import { PasswordField } from '../../../components/PasswordField';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';

/** Props of `PasswordDialog`. */
export interface PasswordDialogProps {
  title: string;
  /** What happens once the password is given (shown above the field). */
  intro: string;
  submitLabel: string;
  /** The alert's text when the api gives none (network down). */
  saveFailed: string;
  /** Sends the password; resolves once done (the caller moves on), rejects with the api error. */
  onSubmit: (password: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The password entry every change of one's own factor asks for (issue #16: enrol, remove,
 * regenerate the recovery codes, each `{password}`): on the kit's `FormDialog`, a wrong password
 * (400, detail `password`) under the field, anything else above it.
 */
export function PasswordDialog({
  title,
  intro,
  submitLabel,
  saveFailed,
  onSubmit,
  onClose,
}: PasswordDialogProps) {
  const { t } = useAdminTexts();
  const rules = useFieldRules();
  const server = useServerForm<{ password: string }>({
    defaultValues: { password: '' },
    fields: ['password'],
    saveFailed,
    submit: ({ password }) => onSubmit(password),
  });
  const { ref, ...password } = server.form.register('password', rules.currentPassword);
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      server={server}
      onClose={onClose}
      intro={<Typography>{intro}</Typography>}
    >
      <PasswordField
        {...password}
        inputRef={ref}
        label={t('seguridad.password')}
        autoComplete="current-password"
        error={server.form.formState.errors.password?.message}
      />
    </FormDialog>
  );
}
