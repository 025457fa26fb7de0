import TextField from '@mui/material/TextField';
import { PASSKEY_LIMITS } from '@gestion/shared';
import { FormDialog, useServerForm } from '@gestion/ui';
import { usePasskeyTexts } from './texts';

interface NameForm {
  nombre: string;
}

/** Props of `PasskeyNameDialog`. */
export interface PasskeyNameDialogProps {
  title: string;
  /** Text above the field (what happens after the name). */
  intro?: string;
  submitLabel: string;
  /** The name the field starts with (the current one when renaming). */
  initialName: string;
  /**
   * Saves the trimmed name; resolves once done (the dialog is closed by the caller). What it
   * throws is shown by the kit: a `nombre` detail under the field, anything else above it.
   */
  submit: (nombre: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The one form of a passkey's name, for "Añadir llave de acceso" (the name first, then the
 * browser's ceremony) and "Cambiar nombre": required, at most PASSKEY_LIMITS.nombreMaxLength
 * characters after trimming, as the api checks it.
 */
export function PasskeyNameDialog({
  title,
  intro,
  submitLabel,
  initialName,
  submit,
  onClose,
}: PasskeyNameDialogProps) {
  const { t } = usePasskeyTexts();
  const max = PASSKEY_LIMITS.nombreMaxLength;
  const server = useServerForm<NameForm>({
    defaultValues: { nombre: initialName },
    fields: ['nombre'],
    saveFailed: t('passkeys.error'),
    submit: ({ nombre }) => submit(nombre.trim()),
  });
  const { register, formState } = server.form;
  const { ref, ...field } = register('nombre', {
    validate: (value) => {
      const name = value.trim();
      if (!name) return t('passkeys.nameRequired');
      return name.length <= max || t('passkeys.nameTooLong', { max });
    },
  });
  return (
    <FormDialog
      title={title}
      intro={intro}
      submitLabel={submitLabel}
      server={server}
      onClose={onClose}
    >
      <TextField
        {...field}
        inputRef={ref}
        label={t('passkeys.name')}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        error={Boolean(formState.errors.nombre)}
        helperText={formState.errors.nombre?.message}
      />
    </FormDialog>
  );
}
