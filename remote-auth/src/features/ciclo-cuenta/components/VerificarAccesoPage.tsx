import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ERROR_CODES, paths } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { readApiError } from '@gestion/ui';
import { OneTimeCodeField } from '../../../components/OneTimeCodeField';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useVerifyLoginMutation } from '../api';
import {
  BackToLogin,
  InvalidLink,
  LifecycleCard,
  LinkButton,
  isTokenInvalid,
} from './LifecycleParts';

interface CodeForm {
  codigo: string;
}

/**
 * /verificar-acceso?token=… (issue #15): the shell sends a sign-in here when the api answered
 * `{verificacion: {token}}` (the account is under attack and this address has not failed): the
 * six-digit code mailed to the owner finishes it, and the shell takes the session as any
 * sign-in ('Bienvenido de nuevo' and `/`). A wrong or expired code says so under the field.
 */
export default function VerificarAccesoPage() {
  const { t, ready } = useCicloTexts();
  const { startSession } = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [verify, { isLoading }] = useVerifyLoginMutation();
  const [invalid, setInvalid] = useState(!token);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CodeForm>({ defaultValues: { codigo: '' } });

  if (!ready) return <PageLoading />;

  if (invalid) {
    return (
      <LifecycleCard heading={t('ciclo.verificarAcceso.heading')}>
        <InvalidLink
          title={t('ciclo.verificarAcceso.wrong')}
          help={t('ciclo.verificarAcceso.missing')}
          action={<LinkButton to={paths.login()}>{t('ciclo.goToLogin')}</LinkButton>}
        />
      </LifecycleCard>
    );
  }

  const onSubmit = async ({ codigo }: CodeForm) => {
    setFailure(null);
    try {
      startSession(await verify({ token, codigo }).unwrap());
    } catch (error) {
      if (isTokenInvalid(error)) setInvalid(true);
      // Translated by code: the api's message for it is the generic 'Credenciales incorrectas'.
      else if (readApiError(error, '').code === ERROR_CODES.invalidCredentials)
        setError('codigo', { message: t('ciclo.verificarAcceso.wrong') });
      else setFailure(readApiError(error, t('ciclo.error')).message);
    }
  };

  const { ref: codigoRef, ...codigo } = register('codigo', {
    setValueAs: (value: string) => value.replace(/\s/g, ''),
    required: t('ciclo.verificarAcceso.codeRequired'),
    pattern: { value: /^\d{6}$/, message: t('ciclo.verificarAcceso.codeFormat') },
  });
  return (
    <LifecycleCard
      heading={t('ciclo.verificarAcceso.heading')}
      intro={t('ciclo.verificarAcceso.intro')}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box
        component="form"
        noValidate
        aria-label={t('ciclo.verificarAcceso.heading')}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2.5}>
          <OneTimeCodeField
            {...codigo}
            inputRef={codigoRef}
            label={t('ciclo.verificarAcceso.code')}
            error={errors.codigo?.message}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
            {t('ciclo.verificarAcceso.submit')}
          </Button>
        </Stack>
      </Box>
      <BackToLogin />
    </LifecycleCard>
  );
}
