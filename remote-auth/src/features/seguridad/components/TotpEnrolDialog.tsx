import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useNotify } from '@gestion/shared/react';
import { isReauthRequired, readApiError, readRawApiError, useStepUp } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useMfaTexts } from '../../../i18n/mfa-namespace';
import { useActivateTotpMutation, useEnrolTotpMutation } from '../../mfa/api';
import { isWrongCode } from '../../mfa/errors';
import { TotpSetup, type TotpEnrolment } from '../../mfa/TotpSetup';
import { CodesDialog } from './CodesDialog';
import { PasswordDialog } from './PasswordDialog';

type Phase =
  | { kind: 'password' }
  | { kind: 'setup'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] };

/**
 * "Configurar" the authenticator app from Mi cuenta › Seguridad (issue #16): the password
 * (`POST /api/auth/mfa/totp {password}`), then the shared TotpSetup — QR, manual key, first code
 * (`POST /api/auth/mfa/totp/activate {codigo}`) — then the recovery codes, shown once.
 * Activation needs step-up; the password just given provides it, but a user who lingers more
 * than 10 minutes on the QR is asked again (the page's step-up dialog) and the code is resent.
 * `onActivated` runs when the codes are shown (the page refreshes its state).
 */
export function TotpEnrolDialog({
  onActivated,
  onClose,
}: {
  onActivated: () => void;
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const mfa = useMfaTexts();
  const notify = useNotify();
  const stepUp = useStepUp();
  const titleId = useId();
  const [enrol] = useEnrolTotpMutation();
  const [activate] = useActivateTotpMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'password' });
  const [failure, setFailure] = useState<string | null>(null);

  if (phase.kind === 'password')
    return (
      <PasswordDialog
        title={t('seguridad.enrolTitle')}
        intro={t('seguridad.enrolIntro')}
        submitLabel={t('seguridad.continue')}
        saveFailed={t('seguridad.enrolError')}
        onClose={onClose}
        onSubmit={async (password) => {
          const enrolment = await enrol({ password }).unwrap();
          setPhase({ kind: 'setup', enrolment });
        }}
      />
    );
  if (phase.kind === 'codes')
    return (
      <CodesDialog
        codes={phase.codes}
        onDone={() => {
          notify(t('seguridad.activated'), { type: 'success' });
          onClose();
        }}
      />
    );

  const send = async (codigo: string, again = true): Promise<string | undefined> => {
    setFailure(null);
    try {
      const res = await activate({ codigo }).unwrap();
      setPhase({ kind: 'codes', codes: res.codigosRecuperacion });
      onActivated();
      return undefined;
    } catch (error) {
      if (isWrongCode(error)) return mfa.t('mfa.setup.wrongCode');
      if (again && stepUp && isReauthRequired(readRawApiError(error, '')) && (await stepUp()))
        return send(codigo, false);
      setFailure(readApiError(error, t('seguridad.enrolError')).message);
      return undefined;
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('seguridad.enrolTitle')}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <TotpSetup enrolment={phase.enrolment} onSubmitCode={(c) => send(c)} headingLevel={3} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
