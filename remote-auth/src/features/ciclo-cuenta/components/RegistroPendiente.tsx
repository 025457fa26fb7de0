import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/PageLoading';
import { useCicloTexts } from '../../../i18n/ciclo-namespace';
import { BackToLogin, LifecycleCard } from './LifecycleParts';
import { ResendVerificationForm } from './ResendVerificationForm';

/**
 * What /register shows once the account waits for its e-mail to be verified (issue #15,
 * `verificacionEmail` on): no session, where the link went, and a new one on request. The api
 * answers the same for a taken e-mail (ASVS 6.3.8), so this never says whether one existed.
 * A chunk of its own, loaded only then.
 */
export default function RegistroPendiente({ email }: { email: string }) {
  const { t, ready } = useCicloTexts();
  if (!ready) return <PageLoading />;
  return (
    <LifecycleCard heading={t('ciclo.registroPendiente.heading')}>
      <Alert severity="success">
        {t('ciclo.registroPendiente.text', { email, interpolation: { escapeValue: false } })}
      </Alert>
      <Typography variant="body2">{t('ciclo.registroPendiente.notReceived')}</Typography>
      <ResendVerificationForm email={email} />
      <BackToLogin />
    </LifecycleCard>
  );
}
