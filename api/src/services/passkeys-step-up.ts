/**
 * Step-up with a passkey (issue #16): a user-verified assertion of one of the caller's own
 * passkeys is "a factor entered", like the password or a code at POST /api/auth/reautenticar.
 *
 * The challenge comes from POST /api/auth/passkeys/authentication-options `{reautenticacion:
 * true}` with the caller's session: bound to the caller and to no second step, spent by the first
 * answer presenting it (also a refused one), so it serves once and for nothing else (a
 * passwordless sign-in refuses it — passkeys-login.ts). The signature counter must grow, as at
 * sign-in. A refusal is audited (`mfa.passkey_rechazada`, `paso: 'reautenticacion'`) but not
 * counted towards the lock of the second factor, as a wrong password at step-up is not either.
 */
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@gestion/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { HttpError } from '../lib/http-errors';
import { challengeOf } from '../lib/webauthn';
import { markSessionReauthenticated } from '../repositories/mfa-repository';
import {
  acceptPasskeyUse,
  findPasskeyByCredential,
  spendPasskeyChallenge,
} from '../repositories/passkeys-repository';
import { MFA_AUDIT, type MfaDeps } from './mfa-common';
import { passkeyParty } from './passkeys-common';
import type { SignedInCaller } from './service-deps';

/** Passkey step-up over one database. */
export function createPasskeyStepUp(deps: MfaDeps) {
  const { db, now } = deps;
  const { verifyAssertion } = passkeyParty(deps);

  return {
    /**
     * Verifies `respuesta` for the caller and stamps session `sesionId` as re-authenticated.
     * @throws 400 PASSKEY_NO_VALIDA for any refusal (unknown, spent, expired or not-step-up
     *   challenge; another user's or unknown credential; no user verification; a bad signature;
     *   a counter that did not grow). 400, not 401: the session itself stays valid.
     */
    async reauthenticate(
      caller: SignedInCaller,
      sesionId: number,
      respuesta: AuthenticationResponseJSON,
    ): Promise<void> {
      const userId = caller.user.id;
      const challenge = challengeOf(respuesta.response.clientDataJSON);
      const bound = challenge
        ? await spendPasskeyChallenge(db, challenge, 'autenticacion', now())
        : undefined;
      const cred = bound && (await findPasskeyByCredential(db, respuesta.id));

      const refuse = async (motivo: string): Promise<HttpError> => {
        await deps.audit(caller, {
          accion: MFA_AUDIT.passkeyRefused,
          objetivoTipo: 'usuario',
          objetivoId: userId,
          cambios: { motivo, paso: 'reautenticacion', ...(cred ? { passkey: cred.id } : {}) },
        });
        return new HttpError(400, PASSKEY_ERROR_CODES.invalid, PASSKEY_MESSAGES.invalid);
      };

      if (!challenge || !bound || bound.usuarioId !== userId || bound.mfaDesafioId !== null)
        throw await refuse('desafio');
      if (!cred) throw await refuse('credencial_desconocida');
      if (cred.usuarioId !== userId) throw await refuse('otro_usuario');
      const verified = await verifyAssertion(respuesta, challenge, cred);
      if (!verified) throw await refuse('verificacion');
      const ok = await db.transaction().execute(async (tx) => {
        if (!(await acceptPasskeyUse(tx, cred.id, verified.counter, now()))) return false;
        await markSessionReauthenticated(tx, sesionId, now());
        return true;
      });
      if (!ok) throw await refuse('contador');
    },
  };
}

export type PasskeyStepUp = ReturnType<typeof createPasskeyStepUp>;
