import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { paths } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
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
  const { isAuthenticated } = useAuth();
  const [confirm] = useConfirmEmailMutation();
  const { state, retry } = useTokenOnce((token) => confirm({ token }).unwrap());

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
