import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useDispatch } from 'react-redux';
import { paths, requestJson, type MeResponse } from '@gestion/shared';
import { useAuth, useShell, userUpdated } from '@gestion/shared/react';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useConfirmEmailMutation } from '../api';
import { InvalidLink, LifecycleCard, LinkButton } from './LifecycleParts';
import { useTokenOnce } from './use-token-once';

/**
 * /confirmar-correo?token=… (issue #15), the link Mi cuenta's e-mail change sends to the new
 * address: confirms on arrival. It works signed out too (the link may open in another browser);
 * what it offers next depends on whether this browser is signed in.
 */
export default function ConfirmarCorreoPage() {
  const { t, ready } = useCicloTexts();
  const { isAuthenticated, token: session } = useAuth();
  const { config } = useShell();
  const dispatch = useDispatch();
  const [confirm] = useConfirmEmailMutation();
  // Signed in here, the app shows the new address at once (Mi cuenta, the app bar); a failure
  // to reload the user changes nothing of the confirmation, which is done.
  const reloadUser = async () => {
    if (!session) return;
    const res = await requestJson<MeResponse>(config.apiBaseUrl, '/api/auth/me', {
      token: session,
      fallbackMessage: '',
    }).catch(() => undefined);
    if (res?.user) dispatch(userUpdated(res.user));
  };
  const { state, retry } = useTokenOnce((token) => confirm({ token }).unwrap().then(reloadUser));

  if (!ready) return <PageLoading />;
  const heading = t('ciclo.confirmarCorreo.heading');
  const next = isAuthenticated ? (
    <LinkButton to={paths.configuracion()}>{t('ciclo.confirmarCorreo.toCuenta')}</LinkButton>
  ) : (
    <LinkButton to={paths.login()}>{t('ciclo.goToLogin')}</LinkButton>
  );

  switch (state) {
    case 'comprobando':
      return (
        <LifecycleCard heading={heading}>
          <PageLoading label={t('ciclo.confirmarCorreo.checking')} />
        </LifecycleCard>
      );
    case 'hecho':
      return (
        <LifecycleCard heading={t('ciclo.confirmarCorreo.doneHeading')}>
          <Alert severity="success">{t('ciclo.confirmarCorreo.done')}</Alert>
          {next}
        </LifecycleCard>
      );
    case 'error':
      return (
        <LifecycleCard heading={heading}>
          <Alert severity="error">{t('ciclo.error')}</Alert>
          <Button variant="contained" fullWidth size="large" onClick={retry}>
            {t('common.retry')}
          </Button>
        </LifecycleCard>
      );
    default:
      // No token, or a used, expired or unknown one: the change is asked again in Mi cuenta.
      return (
        <LifecycleCard heading={heading}>
          <InvalidLink
            title={t('ciclo.confirmarCorreo.invalid')}
            help={t('ciclo.confirmarCorreo.invalidHelp')}
            action={next}
          />
        </LifecycleCard>
      );
  }
}
