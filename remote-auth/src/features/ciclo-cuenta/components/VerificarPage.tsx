import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { paths } from '@gestion/shared';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { useVerifyEmailMutation } from '../api';
import { BackToLogin, InvalidLink, LifecycleCard, LinkButton } from './LifecycleParts';
import { ResendVerificationForm } from './ResendVerificationForm';
import { useTokenOnce } from './use-token-once';

/**
 * /verificar?token=… (issue #15), the link mailed on registration while `verificacionEmail` is
 * on: verifies on arrival, then offers /login (verifying signs nobody in). A used, expired or
 * unknown link, or none, offers a new one by e-mail.
 */
export default function VerificarPage() {
  const { t, ready } = useCicloTexts();
  const [verify] = useVerifyEmailMutation();
  const { state, retry } = useTokenOnce((token) => verify({ token }).unwrap());

  if (!ready) return <PageLoading />;
  const heading = t('ciclo.verificar.heading');

  switch (state) {
    case 'comprobando':
      return (
        <LifecycleCard heading={heading}>
          <PageLoading label={t('ciclo.verificar.checking')} />
        </LifecycleCard>
      );
    case 'hecho':
      return (
        <LifecycleCard heading={t('ciclo.verificar.doneHeading')}>
          <Alert severity="success">{t('ciclo.verificar.done')}</Alert>
          <LinkButton to={paths.login()}>{t('ciclo.goToLogin')}</LinkButton>
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
    case 'invalido':
      return (
        <LifecycleCard heading={heading}>
          <InvalidLink
            title={t('ciclo.verificar.invalid')}
            help={t('ciclo.verificar.invalidHelp')}
            action={<ResendVerificationForm />}
          />
          <BackToLogin />
        </LifecycleCard>
      );
    default:
      return (
        <LifecycleCard heading={heading}>
          <ResendVerificationForm />
          <BackToLogin />
        </LifecycleCard>
      );
  }
}
