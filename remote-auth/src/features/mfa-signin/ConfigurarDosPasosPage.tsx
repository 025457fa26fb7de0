import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { MFA_LIMITS, type SignedInResponse } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { readApiError, readRawApiError } from '@gestion/ui';
import { PageLoading } from '../../components/PageLoading';
import { useMfaTexts } from '../../i18n/mfa-namespace';
import { LifecycleCard } from '../ciclo-cuenta/components/LifecycleParts';
import { useActivateTotpMutation, useEnrolTotpMutation } from '../mfa/api';
import { isMfaLocked, isWrongCode } from '../mfa/errors';
import { RecoveryCodesPanel } from '../mfa/RecoveryCodesPanel';
import { TotpSetup, type TotpEnrolment } from '../mfa/TotpSetup';
import { PasskeyEnrolment } from './PasskeyEnrolment';
import { useSecondStep } from './second-step';
import { StepEnded, type StepEndReason } from './StepEnded';

type Phase =
  | { kind: 'preparing' }
  | { kind: 'failed'; message: string }
  | { kind: 'setup'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[]; session: SignedInResponse };

/**
 * /login/configurar-dos-pasos (issue #16): the enrolment step of a sign-in whose roles require a
 * second factor the user lacks (`{mfa: {token, configurar: true}}`, history state, see
 * second-step.ts). With that token as bearer it asks for a secret at once, shows it as a QR and a
 * manual key (TotpSetup), activates it with the first code, and shows the 10 recovery codes once
 * (RecoveryCodesPanel) — or registers a passkey instead (PasskeyEnrolment). The session the activation answered starts only after "He guardado los
 * códigos": then, as any sign-in, 'Bienvenido de nuevo' and `redirect` or `/`. An expired or
 * spent token (5 minutes, 5 wrong codes) leads back to /login.
 */
export default function ConfigurarDosPasosPage() {
  const { t, ready } = useMfaTexts();
  const { startSession } = useAuth();
  const { step, expired } = useSecondStep();
  const [enrol] = useEnrolTotpMutation();
  const [activate] = useActivateTotpMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'preparing' });
  const [ended, setEnded] = useState<StepEndReason | null>(null);
  const wrong = useRef(0);
  // One enrolment per token: React's development double effect would otherwise make a second
  // secret replace the one on screen.
  const asked = useRef<string | null>(null);
  const token = step?.token;

  const ask = (bearer: string) => {
    asked.current = bearer;
    setPhase({ kind: 'preparing' });
    enrol({ bearer })
      .unwrap()
      .then(
        (enrolment) => setPhase({ kind: 'setup', enrolment }),
        (error: unknown) => {
          // 401: the token is unknown, spent or expired (the api then wants a session).
          if (readRawApiError(error, '').status === 401) setEnded('expired');
          else if (isMfaLocked(error)) setEnded('locked');
          else setPhase({ kind: 'failed', message: readApiError(error, t('mfa.signin.error')).message });
        },
      );
  };
  useEffect(() => {
    if (token && step?.configurar && asked.current !== token) ask(token);
  }, [token]);

  if (!ready) return <PageLoading />;
  const heading = t('mfa.configurar.heading');
  if (!step || !step.configurar) return <StepEnded heading={heading} reason="missing" />;
  const reason = ended ?? (expired && phase.kind !== 'codes' ? 'expired' : null);
  if (reason) return <StepEnded heading={heading} reason={reason} />;

  if (phase.kind === 'codes') {
    return (
      <LifecycleCard heading={t('mfa.configurar.savedHeading')}>
        <RecoveryCodesPanel
          codes={phase.codes}
          onDone={() => startSession(phase.session, step.redirect)}
        />
      </LifecycleCard>
    );
  }

  const onSubmitCode = async (codigo: string): Promise<string | undefined> => {
    try {
      const res = await activate({ codigo, bearer: step.token }).unwrap();
      if (!res.token || !res.user) throw new Error('activate answered no session');
      setPhase({
        kind: 'codes',
        codes: res.codigosRecuperacion,
        session: { token: res.token, user: res.user },
      });
      return undefined;
    } catch (error) {
      if (isWrongCode(error)) {
        wrong.current += 1;
        // The api answers a spent or expired token as it answers a wrong code: count.
        if (wrong.current >= MFA_LIMITS.challengeTries || Date.now() >= step.expira)
          setEnded('expired');
        return t('mfa.setup.wrongCode');
      }
      if (isMfaLocked(error)) setEnded('locked');
      else setPhase({ kind: 'failed', message: readApiError(error, t('mfa.signin.error')).message });
      return undefined;
    }
  };

  return (
    <LifecycleCard heading={heading} intro={t('mfa.configurar.intro')}>
      {phase.kind === 'preparing' && <PageLoading label={t('mfa.configurar.preparing')} />}
      {phase.kind === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => ask(step.token)}>
              {t('mfa.configurar.retry')}
            </Button>
          }
        >
          {phase.message}
        </Alert>
      )}
      {phase.kind === 'setup' && <TotpSetup enrolment={phase.enrolment} onSubmitCode={onSubmitCode} />}
      {phase.kind !== 'preparing' && (
        <>
          <Divider />
          <PasskeyEnrolment
            token={step.token}
            onSession={(session) => startSession(session, step.redirect)}
            onExpired={() => setEnded('expired')}
          />
        </>
      )}
    </LifecycleCard>
  );
}
