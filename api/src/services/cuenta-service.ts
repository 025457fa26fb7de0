/**
 * "Mi cuenta" (issue #4's profile tab): the signed-in user changes their own nombre, mail locale
 * and password. A password change asks for the current one, obeys the policy of registration and
 * ends every other session of the user (OWASP Session Management: re-authenticate and
 * invalidate other sessions on a credential change). Guessing the current password is throttled
 * and audited like sign-in (issue #13).
 */
import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  NOMBRE_MAX_LENGTH,
  type ErrorDetail,
  type User,
} from '@gestion/shared';
import { normalizeEmail } from '../lib/email';
import { validationError } from '../lib/http-errors';
import { lockoutKey } from '../lib/lockout-store';
import { passwordProblem, type PasswordHasher } from '../lib/passwords';
import { enqueueMail } from '../mail/outbox';
import {
  findUsuario,
  passwordHashOf,
  updateUsuarioVersioned,
} from '../repositories/usuarios-admin-repository';
import { TOKEN_TIPOS, voidTokens } from '../repositories/tokens-cuenta-repository';
import { AUDIT_ACTIONS } from '../repositories/auditoria-repository';
import { findUserWithRoles } from '../repositories/usuarios-repository';
import {
  findCicloUsuario,
  setIdioma,
  setPassword,
} from '../repositories/usuarios-ciclo-repository';
import { localeOf } from './ciclo-cuenta-common';
import { createPasswordAttempts, type PasswordAttemptsDeps } from './password-attempts';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';

export function createCuentaService(
  deps: ServiceDeps & {
    hasher: PasswordHasher;
    /** Asks the mail outbox to deliver now (after the `password-changed` notice). */
    kickMail: () => void;
  } & PasswordAttemptsDeps,
) {
  const { db, hasher, now } = deps;
  const attempts = createPasswordAttempts(deps);
  return {
    /**
     * PATCH /api/auth/me: new nombre and/or `idioma` (the locale of the user's mails, issue
     * #15). @throws 400 (field nombre).
     */
    async updateMe(
      body: { nombre?: string; idioma?: string },
      caller: SignedInCaller,
    ): Promise<User> {
      const userId = caller.user.id;
      const audit = auditorFor(deps.audit, caller);
      const nombre = body.nombre?.trim();
      if (nombre !== undefined && (!nombre || nombre.length > NOMBRE_MAX_LENGTH))
        throw validationError([{ field: 'nombre', message: API_MESSAGES.nombreRequired }]);
      await db.transaction().execute(async (tx) => {
        const current = await findUsuario(tx, userId);
        if (!current) throw new Error('the signed-in user vanished');
        if (body.idioma !== undefined) await setIdioma(tx, userId, body.idioma);
        if (nombre === undefined || current.nombre === nombre) return;
        await updateUsuarioVersioned(tx, userId, undefined, current, { nombre }, now());
        await audit(
          {
            accion: 'cuenta.editar',
            objetivoTipo: 'usuario',
            objetivoId: userId,
            cambios: { antes: { nombre: current.nombre }, despues: { nombre } },
          },
          tx,
        );
      });
      const user = await findUserWithRoles(db, userId);
      if (!user) throw new Error('the signed-in user vanished');
      return user;
    },

    /**
     * POST /api/auth/password. The current-password check is guarded like sign-in and shares
     * its counters (password-attempts.ts): a wrong `actual` counts for (e-mail, client address)
     * and account-wide, and is audited as `auth.cambio_password_fallido`.
     * @throws HttpError 429 ACCOUNT_LOCKED with Retry-After while this address must wait for
     *   this account (checked before the password); 400 with details `actual` (wrong) or
     *   `nueva` (policy, equal to the e-mail or the nombre, same as the current one).
     */
    async changePassword(
      currentSessionId: number,
      body: { actual: string; nueva: string },
      caller: SignedInCaller,
    ): Promise<void> {
      const { user, ip } = caller;
      const audit = auditorFor(deps.audit, caller);
      const userId = user.id;
      const key = lockoutKey(normalizeEmail(user.email), ip);
      await attempts.refuseWhileLocked(key);
      const stored = await passwordHashOf(db, userId);
      if (!stored || !(await hasher.verify(stored, body.actual))) {
        await attempts.recordFailure(
          key,
          AUDIT_ACTIONS.passwordChangeFailed,
          'contrasena_actual_incorrecta',
          (accion, cambios) =>
            audit({ accion, objetivoTipo: 'usuario', objetivoId: userId, cambios }, db),
        );
        throw validationError([{ field: 'actual', message: ADMIN_MESSAGES.wrongCurrentPassword }]);
      }
      await attempts.succeeded(key);
      const details: ErrorDetail[] = [];
      const problem = passwordProblem(body.nueva, { email: user.email, nombre: user.nombre });
      if (problem) details.push({ field: 'nueva', message: problem });
      else if (body.nueva === body.actual)
        details.push({ field: 'nueva', message: ADMIN_MESSAGES.samePassword });
      if (details.length > 0) throw validationError(details);
      const passwordHash = await hasher.hash(body.nueva);
      await db.transaction().execute(async (tx) => {
        const current = await findCicloUsuario(tx, userId);
        if (!current) throw new Error('the signed-in user vanished');
        // Clears `debeCambiarPassword` (issue #15: the forced change is this call) and voids
        // every mailed link: "a password change voids them all".
        await setPassword(tx, userId, { passwordHash, now: now(), debeCambiarPassword: false });
        await voidTokens(tx, userId, Object.values(TOKEN_TIPOS), now());
        await enqueueMail(
          tx,
          {
            to: current.email,
            locale: localeOf(current.idioma),
            template: 'password-changed',
            data: { nombre: current.nombre },
          },
          now(),
        );
        const res = await tx
          .deleteFrom('sesiones')
          .where('usuario_id', '=', userId)
          .where('id', '<>', currentSessionId)
          .executeTakeFirst();
        await audit(
          {
            accion: AUDIT_ACTIONS.passwordChange,
            objetivoTipo: 'usuario',
            objetivoId: userId,
            cambios: { sesionesRevocadas: Number(res.numDeletedRows) },
          },
          tx,
        );
      });
      deps.kickMail();
    },
  };
}
