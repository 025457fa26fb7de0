/**
 * Signing in with a passkey (issue #16). A user-verified passkey counts as both factors, so:
 *
 * - without a token — "Iniciar sesión con llave de acceso", or the browser's autofill — the
 *   options name no credential (the browser offers the discoverable passkeys it holds for this
 *   site) and the credential of the answer finds its owner;
 * - with the second-step token of `{mfa: {token, metodos}}` the ceremony is the second step of
 *   that user's password sign-in: the options list that user's passkeys, the answer must be
 *   one of them, a failure counts towards the token's 5 tries and the user's lock of the second
 *   factor (10 in a row, 15 minutes, mailed) like a wrong code, and success spends the token.
 *
 * Either way a deactivated user is refused, a locked second factor answers 429, the challenge is
 * spent by the first answer presenting it, the signature counter must grow (a conditional UPDATE
 * decides races), and the sign-in then goes exactly as after a password (sign-in-steps.ts:
 * session, new-device notice, audit with `via: 'passkey'`). A refused sign-in without a token is
 * audited (`mfa.passkey_rechazada`) but not counted: knowing a credential id must not let anyone
 * lock another's second factor.
 */
import {
  MFA_LIMITS,
  PASSKEY_MESSAGES,
  type PasskeyAuthenticateRequest,
  type PasskeyAuthenticationOptions,
  type SignedInResponse,
} from '@gestion/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { HttpError } from '../lib/http-errors';
import { validationError } from '../lib/http-errors';
import { authenticationOptions, challengeOf } from '../lib/webauthn';
import {
  countDesafioFailure,
  findDesafio,
  spendDesafio,
  type DesafioRow,
} from '../repositories/mfa-repository';
import {
  acceptPasskeyUse,
  findPasskeyByCredential,
  issuePasskeyChallenge,
  listPasskeys,
  spendPasskeyChallenge,
} from '../repositories/passkeys-repository';
import { findCicloUsuario } from '../repositories/usuarios-ciclo-repository';
import type { CicloMeta } from './ciclo-cuenta-common';
import { createMfaCommon, MFA_AUDIT, mfaConflict, type MfaDeps } from './mfa-common';
import { auditAs } from './mfa-login';
import { CEREMONY_TIMEOUT_MS, descriptors, passkeyInvalid, passkeyParty } from './passkeys-common';
import { createSignInSteps, refuseUnverifiedEmail } from './sign-in-steps';

/** Sign-in with a passkey over one database. */
export function createPasskeysLogin(deps: MfaDeps) {
  const { db, now, dialect } = deps;
  const common = createMfaCommon(deps);
  const steps = createSignInSteps(deps);
  const { rp, verifyAssertion } = passkeyParty(deps);

  /** The usable second-step token `token`, or 401 PASSKEY_NO_VALIDA. */
  async function secondStep(token: string): Promise<DesafioRow> {
    const d = await findDesafio(db, token, false, now(), dialect);
    if (!d) throw passkeyInvalid(401);
    return d;
  }

  return {
    /**
     * POST /api/auth/passkeys/authentication-options: options for `startAuthentication()` —
     * without a token nor `stepUpUserId` for a passwordless sign-in, with the second-step
     * `token`, or with `stepUpUserId` (the session's user of `{reautenticacion: true}`) for
     * step-up: the challenge is bound to that user and lists their passkeys.
     * @throws 400 VALIDATION_ERROR (both a token and step-up), 401 PASSKEY_NO_VALIDA (an
     *   unusable token or deactivated user), 409 MFA_NO_CONFIGURADO (the user has no passkey),
     *   429 MFA_BLOQUEADO.
     */
    async authenticationOptions(
      token?: string,
      stepUpUserId?: number,
    ): Promise<PasskeyAuthenticationOptions> {
      if (token !== undefined && stepUpUserId !== undefined)
        throw validationError([{ field: 'reautenticacion', message: PASSKEY_MESSAGES.invalid }]);
      const d = token === undefined ? undefined : await secondStep(token);
      const ownerId = d?.usuarioId ?? stepUpUserId;
      let allow: { id: string; transports: string[] }[] = [];
      if (ownerId !== undefined) {
        if (d) {
          const u = await findCicloUsuario(db, d.usuarioId);
          if (!u?.activo) throw passkeyInvalid(401);
          await common.refuseWhileLocked(db, u.id);
        }
        const own = await listPasskeys(db, ownerId);
        if (own.length === 0) throw mfaConflict('notEnrolled');
        allow = descriptors(own);
      }
      const challenge = await issuePasskeyChallenge(db, {
        tipo: 'autenticacion',
        usuarioId: ownerId ?? null,
        mfaDesafioId: d?.id ?? null,
        now: now(),
        ttlMs: MFA_LIMITS.challengeTtlMs,
      });
      // The library types descriptors' `type` as string; it is always 'public-key'.
      return (await authenticationOptions(rp, {
        challenge,
        allow,
        timeoutMs: CEREMONY_TIMEOUT_MS,
      })) as PasskeyAuthenticationOptions;
    },

    /**
     * POST /api/auth/passkeys/authenticate → `{token, user}`.
     * @throws 401 PASSKEY_NO_VALIDA for any refusal (see the file's comment); 429 MFA_BLOQUEADO
     *   (Retry-After) while the user's second factor is locked.
     */
    async authenticate(
      body: PasskeyAuthenticateRequest,
      meta: CicloMeta,
    ): Promise<SignedInResponse> {
      const respuesta = body.respuesta as unknown as AuthenticationResponseJSON;
      // The second step's user: locked → 429 before anything else, as for a code.
      const d = body.token === undefined ? undefined : await secondStep(body.token);
      const tokenUser = d && (await findCicloUsuario(db, d.usuarioId));
      if (tokenUser) await common.refuseWhileLocked(db, tokenUser.id);
      const challenge = challengeOf(respuesta.response.clientDataJSON);
      const bound = challenge
        ? await spendPasskeyChallenge(db, challenge, 'autenticacion', now())
        : undefined;
      const cred = bound && (await findPasskeyByCredential(db, respuesta.id));
      const u = cred ? await findCicloUsuario(db, cred.usuarioId) : undefined;

      /**
       * Records a refusal and answers its error: on the second step it counts for the token's
       * user like a wrong code; otherwise it is audited on the credential's owner, if known.
       */
      const refuse = async (motivo: string): Promise<HttpError> => {
        if (d && tokenUser) {
          await db.transaction().execute(async (tx) => {
            const a = auditAs(tx, tokenUser, meta.ip, now());
            await common.recordOutcome(tx, tokenUser, { ok: false, metodo: 'passkey' }, a);
            await countDesafioFailure(tx, d.id, MFA_LIMITS.challengeTries, now());
          });
          deps.kickMail();
        } else if (u) {
          await auditAs(
            db,
            u,
            meta.ip,
            now(),
          )({
            accion: MFA_AUDIT.passkeyRefused,
            objetivoTipo: 'usuario',
            objetivoId: u.id,
            cambios: { motivo, passkey: cred!.id },
          });
        }
        return passkeyInvalid(401);
      };

      if (!challenge || !bound) throw await refuse('desafio');
      if (!cred || !u) throw await refuse('credencial_desconocida');
      // A step-up challenge (bound to a user, no second step) never signs anyone in.
      if (!d && bound.usuarioId !== null && bound.mfaDesafioId === null)
        throw await refuse('desafio');
      if ((bound.usuarioId !== null && bound.usuarioId !== u.id) || (d && d.usuarioId !== u.id))
        throw await refuse('otro_usuario');
      if (!u.activo) throw await refuse('usuario_inactivo');
      if (!tokenUser) await common.refuseWhileLocked(db, u.id);
      const verified = await verifyAssertion(respuesta, challenge, cred);
      if (!verified) throw await refuse('verificacion');
      // Only after the passkey verified, as after the right password (auth-service `login`).
      await refuseUnverifiedEmail(db, u, meta.ip, now());

      const ok = await db.transaction().execute(async (tx) => {
        if (!(await acceptPasskeyUse(tx, cred.id, verified.counter, now()))) return false;
        if (d && !(await spendDesafio(tx, d.id, now()))) return false;
        await common.recordOutcome(
          tx,
          u,
          { ok: true, metodo: 'passkey' },
          auditAs(tx, u, meta.ip, now()),
        );
        return true;
      });
      if (!ok) throw await refuse('contador');
      return steps.completeSignIn(u.id, meta, 'passkey');
    },
  };
}

export type PasskeysLogin = ReturnType<typeof createPasskeysLogin>;
