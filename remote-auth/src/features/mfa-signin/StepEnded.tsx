import { paths } from '@gestion/shared';
import { useMfaTexts } from '../../i18n/mfa-namespace';
import { InvalidLink, LifecycleCard, LinkButton } from '../ciclo-cuenta/components/LifecycleParts';

/** Why a second step cannot go on: none pending, token spent or expired, factor locked. */
export type StepEndReason = 'missing' | 'expired' | 'locked';

/**
 * The state of a second-step page that cannot go on: says why, and leads back to /login (the
 * password again gets a new token), so the visitor is never left at a dead end.
 */
export function StepEnded({ heading, reason }: { heading: string; reason: StepEndReason }) {
  const { t } = useMfaTexts();
  return (
    <LifecycleCard heading={heading}>
      <InvalidLink
        title={t(`mfa.signin.${reason}`)}
        help={t(`mfa.signin.${reason}Help`)}
        action={<LinkButton to={paths.login()}>{t('mfa.signin.goToLogin')}</LinkButton>}
      />
    </LifecycleCard>
  );
}
