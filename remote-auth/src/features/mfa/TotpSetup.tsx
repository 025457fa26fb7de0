import { useId } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from '@gestion/shared/react';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import { useMfaTexts } from '../../i18n/mfa-namespace';
import { TotpQr } from './TotpQr';

/** What POST /api/auth/mfa/totp answered: the base32 key and its otpauth URL. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

export interface TotpSetupProps {
  enrolment: TotpEnrolment;
  /**
   * Sends the first code (six digits, spaces removed). Resolves `undefined` when it was taken,
   * or the text to show under the field (a wrong code); may reject for anything else, which the
   * caller shows itself.
   */
  onSubmitCode: (codigo: string) => Promise<string | undefined>;
  /** Heading level of the two steps' titles (2 on a page, 3 inside a section of one). */
  headingLevel?: 2 | 3;
}

/** The key in groups of four, as authenticator apps show it and people type it. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Issue #16's TOTP setup, the same in the enrolment step of a sign-in and in Mi cuenta ›
 * Seguridad: step 1, the QR (drawn lazily) or the manual key with "Copiar clave"; step 2, the
 * first six-digit code (`autocomplete="one-time-code"`, numeric keyboard) and "Activar". It only
 * shows and collects: the caller enrols and activates (with a bearer or a session).
 */
export function TotpSetup({ enrolment, onSubmitCode, headingLevel = 2 }: TotpSetupProps) {
  const { t } = useMfaTexts();
  const notify = useNotify();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ codigo: string }>({ defaultValues: { codigo: '' } });
  const heading = `h${headingLevel}` as const;
  const id = useId();

  const onSubmit = async ({ codigo }: { codigo: string }) => {
    const wrong = await onSubmitCode(codigo);
    if (wrong) setError('codigo', { message: wrong }, { shouldFocus: true });
  };
  const { ref: codigoRef, ...codigo } = register('codigo', {
    setValueAs: (value: string) => value.replace(/\s/g, ''),
    required: t('mfa.setup.codeRequired'),
    pattern: { value: /^\d{6}$/, message: t('mfa.setup.codeFormat') },
  });

  return (
    <Stack spacing={2.5}>
      <Stack spacing={1.5} component="section" aria-labelledby={`${id}-1`}>
        <Typography id={`${id}-1`} variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
          {t('mfa.setup.step1')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mfa.setup.step1Help')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <TotpQr otpauthUrl={enrolment.otpauthUrl} />
        </Box>
        <Typography variant="body2">
          {t('mfa.setup.manualKey')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            component="code"
            sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', flex: '1 1 auto' }}
          >
            {groupKey(enrolment.secret)}
          </Typography>
          <Button
            size="small"
            onClick={() => {
              void navigator.clipboard?.writeText(enrolment.secret).then(
                () => notify(t('mfa.setup.keyCopied'), { type: 'success' }),
                () => undefined,
              );
            }}
          >
            {t('mfa.setup.copyKey')}
          </Button>
        </Stack>
      </Stack>
      <Stack
        spacing={1.5}
        component="form"
        noValidate
        aria-labelledby={`${id}-2`}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Typography id={`${id}-2`} variant="subtitle1" component={heading} sx={{ fontWeight: 600 }}>
          {t('mfa.setup.step2')}
        </Typography>
        <OneTimeCodeField
          {...codigo}
          inputRef={codigoRef}
          label={t('mfa.setup.code')}
          error={errors.codigo?.message}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('mfa.setup.activate')}
        </Button>
      </Stack>
    </Stack>
  );
}
