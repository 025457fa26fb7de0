/**
 * Sign-in, registration and sign-out (DESIGN.md §3), in the one service style
 * (`service-deps.ts`): built once over the lifecycle deps, each use case takes the request's
 * `ClientCaller` (address, User-Agent, preferred locale) — or, for sign-out, its signed-in one —
 * and composes the repositories, the password hasher, the lock-out store and the audit log,
 * throwing `HttpError`s the error handler turns into the error shape.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  NOMBRE_MAX_LENGTH,
  dominioPermitido,
  type ErrorDetail,
  type LoginRequest,
  type LoginChallengeResponse,
  type LoginMfaResponse,
  type LoginVerifyRequest,
  type RegisterPendingResponse,
  type RegisterRequest,
  type User,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { HttpError, isUniqueViolation, validationError } from '../lib/http-errors';
import { ACCOUNT_CEILING, lockoutKey } from '../lib/lockout-store';
import { passwordProblem } from '../lib/passwords';
import type { CicloDeps } from './ciclo-cuenta-common';
import { enrolmentStepIfRequired } from './mfa-enrolment-step';
import { afterPassword } from './mfa-login';
import { createPasswordAttempts } from './password-attempts';
import { createSignInSteps, refuseUnverifiedEmail } from './sign-in-steps';
import { refuseIfSsoObligatorio } from './sso-obligatorio';
import { createVerificationService } from './verification-service';
import type { ClientCaller, SignedInCaller } from './service-deps';
import { getAjuste } from '../repositories/ajustes-repository';
import { AUDIT_ACTIONS, insertAudit } from '../repositories/auditoria-repository';
import {
  deleteSesion,
  hashToken,
  insertSesion,
  newToken,
} from '../repositories/sesiones-repository';
import {
  assignRoleByName,
  emailExists,
  findCredentialsByEmail,
  findUserWithRoles,
  insertUsuario,
} from '../repositories/usuarios-repository';

/** A signed-in result: the opaque token (returned once, never stored) and the user. */
export interface SignedIn {
  token: string;
  user: User;
}

/** The auth service is built from the lifecycle deps (issue #15: it mails now too). */
export type AuthServiceDeps = CicloDeps;

function invalidCredentials(): HttpError {
  return new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
}

function emailTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.emailTaken, API_MESSAGES.emailTaken);
}

/** The auth use cases over one database. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, hasher, now } = deps;
  const attempts = createPasswordAttempts(deps);
  const steps = createSignInSteps(deps);
  const verification = createVerificationService(deps);

  async function openSession(tx: Db, usuarioId: number, caller: ClientCaller): Promise<string> {
    const token = newToken();
    await insertSesion(tx, {
      usuarioId,
      tokenHash: hashToken(token),
      now: now(),
      maxMs: deps.sessionMaxMs,
      ip: caller.ip,
      userAgent: caller.userAgent,
    });
    return token;
  }

  async function loadUser(id: number): Promise<User> {
    const user = await findUserWithRoles(db, id);
    if (!user) throw new Error(`user ${id} vanished right after it was written`);
    return user;
  }

  return {
    /**
     * POST /api/auth/login. Unknown e-mail, wrong password and deactivated account all answer
     * the same 401 after the same argon2id work (OWASP: generic responses, no user enumeration).
     * Failures are counted per (e-mail, client address) and account-wide (lockout-store.ts,
     * README "Security"), for known and unknown e-mails alike.
     * A right password signs in (a `new-device` notice for an unseen User-Agent), or — the
     * account at its failure ceiling — answers `{verificacion: {token}}` and mails a code
     * (issue #15, sign-in-steps.ts). A pending invitation never signs in.
     * @throws HttpError 429 ACCOUNT_LOCKED (with Retry-After, seconds) while this address is
     *   locked out of the e-mail or held by the account-wide ceiling; 401 INVALID_CREDENTIALS
     *   otherwise on failure; 403 EMAIL_NO_VERIFICADO after the right password of an
     *   unverified self-registration while `verificacionEmail` is on.
     */
    async login(
      body: LoginRequest,
      caller: ClientCaller,
    ): Promise<SignedIn | LoginChallengeResponse | LoginMfaResponse> {
      const email = normalizeEmail(body.email);
      // Issue #18: a domain whose provider is obligatorio never signs in with a password. Decided
      // by the domain alone, before the password, so it says nothing about the account.
      await refuseIfSsoObligatorio(db, email);
      const key = lockoutKey(email, caller.ip);
      await attempts.refuseWhileLocked(key);

      const cred = await findCredentialsByEmail(db, email);
      // A pending invitation has no password: answered like an unknown e-mail, after the same
      // argon2id work (issue #15).
      const passwordOk =
        cred && !cred.invitacionPendiente
          ? await hasher.verify(cred.password_hash, body.password)
          : await hasher.verifyDummy(body.password);

      if (!cred || !passwordOk || !cred.activo) {
        const reason = !cred
          ? 'usuario_desconocido'
          : cred.invitacionPendiente
            ? 'invitacion_pendiente'
            : !passwordOk
              ? 'contrasena_incorrecta'
              : 'usuario_inactivo';
        const at = now();
        // Written with insertAudit, not deps.audit: the caller is anonymous, and the row names
        // the account the attempt was for (the typed e-mail), as the audit log always has.
        await attempts.recordFailure(key, AUDIT_ACTIONS.loginFailed, reason, (accion, cambios) =>
          insertAudit(db, {
            actorId: cred?.id ?? null,
            actorEmail: email,
            accion,
            objetivoTipo: 'usuario',
            objetivoId: cred?.id ?? null,
            cambios,
            ip: caller.ip,
            at,
          }),
        );
        throw invalidCredentials();
      }

      await attempts.succeeded(key);
      // Only after the right password, so the 403 tells nothing to a guesser (issue #15).
      await refuseUnverifiedEmail(db, cred, caller.ip, now());
      // Under attack (the account-wide ceiling reached): this address has not failed (else
      // refuseWhileLocked answered 429), so the owner gets a mailed code instead of a refusal.
      // Issue #16: a user with a second factor, or whose roles require one, takes a second step
      // before any session (mfa-login.ts); that step also covers the account under attack.
      const mfaStep = await afterPassword(deps, cred.id);
      if (mfaStep) return mfaStep;
      if ((await deps.lockout.accountFailures(email, now())) >= ACCOUNT_CEILING)
        return steps.challenge(cred.id, caller);
      return steps.completeSignIn(cred.id, caller);
    },

    /** POST /api/auth/login/verify: the code of a challenged sign-in (sign-in-steps.ts). */
    verifyLoginCode: (body: LoginVerifyRequest, caller: ClientCaller) =>
      steps.verifyCode(body, caller),

    /**
     * POST /api/auth/register: creates the account with the configured default role and signs
     * it in; while `verificacionEmail` is on, answers `{message, verificacionPendiente}` instead
     * and mails a verification link (or, for a taken e-mail, `email-taken` to its owner). When
     * the default role requires a second factor (issue #16): `{mfa: {token, configurar: true}}`
     * and no session, as at sign-in.
     * @throws HttpError 403 REGISTRATION_CLOSED; 403 REGISTRATION_DOMAIN when the e-mail's
     *   domain is not in `dominiosPermitidos` (a non-empty list); 400 VALIDATION_ERROR
     *   (per-field Spanish messages; a password equal to the e-mail or nombre is refused);
     *   409 EMAIL_TAKEN (also when a concurrent registration won the race).
     */
    async register(
      body: RegisterRequest,
      caller: ClientCaller,
    ): Promise<SignedIn | RegisterPendingResponse | LoginMfaResponse> {
      if (!(await getAjuste(db, 'registro_abierto'))) {
        throw new HttpError(403, ERROR_CODES.registrationClosed, API_MESSAGES.registrationClosed);
      }
      const email = normalizeEmail(body.email);
      const nombre = body.nombre.trim();
      const details: ErrorDetail[] = [];
      if (!isValidEmail(email))
        details.push({ field: 'email', message: API_MESSAGES.invalidEmail });
      else if (!dominioPermitido(email, await getAjuste(db, 'dominios_permitidos')))
        // Refused before anything else is looked at: the answer depends only on the domain
        // typed, never on whether an account exists (README "Security").
        throw new HttpError(403, ERROR_CODES.registrationDomain, API_MESSAGES.registrationDomain);
      const problem = passwordProblem(body.password, { email, nombre });
      if (problem) details.push({ field: 'password', message: problem });
      if (!nombre || nombre.length > NOMBRE_MAX_LENGTH) {
        details.push({ field: 'nombre', message: API_MESSAGES.nombreRequired });
      }
      if (details.length > 0) throw validationError(details);

      // With `verificacionEmail` on: no session, one answer for a new and a taken e-mail alike
      // (issue #15, ASVS 6.3.8); verification-service.ts.
      if (await getAjuste(db, 'verificacion_email'))
        return verification.registerPending({ email, nombre, password: body.password }, caller);

      // Cheap early answer before the deliberately slow hash; the unique index still decides
      // races between concurrent registrations.
      if (await emailExists(db, email)) throw emailTaken();
      const passwordHash = await hasher.hash(body.password);
      const rol = await getAjuste(db, 'rol_por_defecto');

      let created: { id: number; token: string } | { id: number; step: LoginMfaResponse };
      try {
        created = await db.transaction().execute(async (tx) => {
          const id = await insertUsuario(tx, {
            email,
            nombre,
            passwordHash,
            now: now(),
            idioma: caller.locale,
          });
          if (!(await assignRoleByName(tx, id, rol))) {
            deps.warn(
              { rol },
              'default role of self-registration does not exist; user created without roles',
            );
          }
          // Issue #16: a default role that requires a second factor — the account exists, the
          // session waits for the factor (mfa-enrolment-step.ts).
          const step = await enrolmentStepIfRequired(tx, id, now());
          const token = step ? undefined : await openSession(tx, id, caller);
          await insertAudit(tx, {
            actorId: id,
            actorEmail: email,
            accion: AUDIT_ACTIONS.register,
            objetivoTipo: 'usuario',
            objetivoId: id,
            cambios: { nombre, rol, ...(step ? { segundoFactor: 'pendiente' } : {}) },
            ip: caller.ip,
            at: now(),
          });
          return step ? { id, step } : { id, token: token! };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      if ('step' in created) return created.step;
      return { token: created.token, user: await loadUser(created.id) };
    },

    /** POST /api/auth/logout: deletes the caller's session `sesionId` at once and records it. */
    async logout(sesionId: number, caller: SignedInCaller): Promise<void> {
      await deleteSesion(db, sesionId);
      await deps.audit(caller, {
        accion: AUDIT_ACTIONS.logout,
        objetivoTipo: 'sesion',
        objetivoId: sesionId,
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
