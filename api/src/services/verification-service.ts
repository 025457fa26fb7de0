/**
 * E-mail verification and e-mail change (issue #15, OWASP ASVS 5.0 V6.3.8: no enumeration).
 *
 * - `registerPending`: POST /api/auth/register while `verificacionEmail` is on → 201
 *   `{message, verificacionPendiente: true}`, no session, the same answer after the same
 *   argon2id work for a new e-mail (account created unverified, `email-verify` mailed, 24 h)
 *   and a taken one (its owner gets `email-taken`; nothing is created).
 * - `verify`: POST /api/auth/email/verify → 204. `resend`: POST /api/auth/email/resend → 202,
 *   the same for any e-mail, at most VERIFY_PER_HOUR links per account and hour (silently).
 * - `requestChange`: POST /api/auth/email (signed in, the current password) → 202; a link to the
 *   NEW address (`email-change-confirm`, 24 h); a taken address answers the same and its owner
 *   is told instead. `confirmChange`: POST /api/auth/email/confirm → 204 applies it and tells
 *   the OLD address (`email-changed`). Sessions are kept: the password did not change and the
 *   request already needed the session and the password; the reset links sent to the old
 *   address are voided.
 */
import {
  API_MESSAGES,
  LIFECYCLE_PAGES,
  LIFECYCLE_TTL_MS,
  type AcceptedMessage,
  type ChangeEmailRequest,
  type RegisterPendingResponse,
  type User,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { isUniqueViolation, validationError } from '../lib/http-errors';
import { lockoutKey } from '../lib/lockout-store';
import { getAjuste } from '../repositories/ajustes-repository';
import { insertAudit } from '../repositories/auditoria-repository';
import {
  countTokensSince,
  findUsableToken,
  issueToken,
  spendToken,
  TOKEN_TIPOS,
  voidTokens,
} from '../repositories/tokens-cuenta-repository';
import {
  assignRoleByName,
  findCredentialsByEmail,
  insertUsuario,
} from '../repositories/usuarios-repository';
import {
  findCicloUsuario,
  setEmail,
  setEmailVerificado,
  type CicloUsuario,
} from '../repositories/usuarios-ciclo-repository';
import { emailTaken } from './admin-common';
import {
  CICLO_AUDIT,
  localeOf,
  mailer,
  tokenInvalid,
  type CicloDeps,
  type CicloMeta,
} from './ciclo-cuenta-common';
import { createPasswordAttempts } from './password-attempts';
import { ADMIN_MESSAGES } from '@gestion/shared';

/** Verification links one account may be sent per hour through `resend`. */
export const VERIFY_PER_HOUR = 3;

/** 400 detail of `email` in POST /api/auth/email naming the current address. */
const SAME_EMAIL = 'La nueva dirección es la misma que la actual';

/** The verification and e-mail change use cases over one database. */
export function createVerificationService(deps: CicloDeps) {
  const { db, hasher, now, dialect } = deps;
  const mail = mailer(deps);
  const attempts = createPasswordAttempts(deps);

  /** Writes the `email-taken` notice to the owner of `u`. */
  async function tellOwner(tx: Db, u: Pick<CicloUsuario, 'email' | 'nombre' | 'idioma'>) {
    await mail.send(tx, {
      to: u.email,
      locale: localeOf(u.idioma),
      template: 'email-taken',
      data: {
        nombre: u.nombre,
        loginLink: mail.page('/login'),
        recuperarLink: mail.page(LIFECYCLE_PAGES.recuperar),
      },
    });
  }

  async function sendVerifyLink(
    tx: Db,
    u: Pick<CicloUsuario, 'id' | 'email' | 'nombre' | 'idioma'>,
  ) {
    const token = await issueToken(tx, {
      usuarioId: u.id,
      tipo: TOKEN_TIPOS.verificacion,
      ttlMs: LIFECYCLE_TTL_MS.verification,
      now: now(),
    });
    await mail.send(tx, {
      to: u.email,
      locale: localeOf(u.idioma),
      template: 'email-verify',
      data: { nombre: u.nombre, link: mail.link(LIFECYCLE_PAGES.verificar, token) },
    });
  }

  const audit = (
    tx: Db,
    u: { id: number; email: string } | undefined,
    accion: string,
    ip: string,
    cambios?: object,
  ) =>
    insertAudit(tx, {
      actorId: u?.id ?? null,
      actorEmail: u?.email ?? null,
      accion,
      objetivoTipo: 'usuario',
      objetivoId: u?.id ?? null,
      cambios,
      ip,
      at: now(),
    });

  return {
    /**
     * The verification-on branch of registration; the caller validated the body (normalised
     * `email`, trimmed `nombre`, the password policy).
     */
    async registerPending(
      body: { email: string; nombre: string; password: string },
      meta: CicloMeta & { locale?: string },
    ): Promise<RegisterPendingResponse> {
      // Hashed on both paths: a taken e-mail must not answer faster (ASVS 6.3.8).
      const passwordHash = await hasher.hash(body.password);
      const rol = await getAjuste(db, 'rol_por_defecto');
      try {
        await db.transaction().execute(async (tx) => {
          const taken = await findCredentialsByEmail(tx, body.email);
          if (taken) {
            await tellOwner(tx, taken);
            await audit(tx, taken, CICLO_AUDIT.registerTaken, meta.ip);
            return;
          }
          const id = await insertUsuario(tx, {
            email: body.email,
            nombre: body.nombre,
            passwordHash,
            now: now(),
            emailVerificado: false,
            idioma: meta.locale,
          });
          if (!(await assignRoleByName(tx, id, rol)))
            deps.warn({ rol }, 'default role of self-registration does not exist');
          await sendVerifyLink(tx, {
            id,
            email: body.email,
            nombre: body.nombre,
            idioma: meta.locale ?? 'es',
          });
          await audit(tx, { id, email: body.email }, CICLO_AUDIT.registerPending, meta.ip, {
            nombre: body.nombre,
            rol,
          });
        });
      } catch (err) {
        // A concurrent registration won the race for this e-mail: the same answer.
        if (!isUniqueViolation(err)) throw err;
      }
      deps.kickMail();
      return { message: LIFECYCLE_MESSAGES.registerPending, verificacionPendiente: true };
    },

    /** POST /api/auth/email/verify. @throws 400 TOKEN_INVALIDO. */
    async verify(token: string, meta: CicloMeta): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const row = await findUsableToken(tx, token, TOKEN_TIPOS.verificacion, now(), dialect);
        const u = row && (await findCicloUsuario(tx, row.usuarioId));
        if (!row || !u || !(await spendToken(tx, row.id, now()))) throw tokenInvalid();
        await setEmailVerificado(tx, u.id, now());
        await audit(tx, u, CICLO_AUDIT.verified, meta.ip);
      });
    },

    /** POST /api/auth/email/resend: the same 202 for any e-mail. */
    async resend(emailRaw: string, meta: CicloMeta): Promise<AcceptedMessage> {
      const email = normalizeEmail(emailRaw);
      let sent = false;
      await db.transaction().execute(async (tx) => {
        const cred = isValidEmail(email) ? await findCredentialsByEmail(tx, email) : undefined;
        const u = cred && (await findCicloUsuario(tx, cred.id));
        if (
          u &&
          u.activo &&
          !u.emailVerificado &&
          !u.invitacionPendiente &&
          (await countTokensSince(tx, u.id, TOKEN_TIPOS.verificacion, now() - 3_600_000)) <
            VERIFY_PER_HOUR
        ) {
          await sendVerifyLink(tx, u);
          sent = true;
        }
        await audit(tx, u, CICLO_AUDIT.verifyResent, meta.ip, { enviado: sent });
      });
      if (sent) deps.kickMail();
      return { message: LIFECYCLE_MESSAGES.resendAccepted };
    },

    /**
     * POST /api/auth/email. The password check is guarded and counted like sign-in
     * (password-attempts.ts).
     * @throws 429 ACCOUNT_LOCKED; 400 VALIDATION_ERROR (details `password`: wrong; `email`:
     *   invalid or the current one).
     */
    async requestChange(
      user: Pick<User, 'id' | 'email'>,
      body: ChangeEmailRequest,
      meta: CicloMeta,
    ): Promise<AcceptedMessage> {
      const key = lockoutKey(normalizeEmail(user.email), meta.ip);
      await attempts.refuseWhileLocked(key);
      const cred = await findCredentialsByEmail(db, normalizeEmail(user.email));
      if (!cred || !(await hasher.verify(cred.password_hash, body.password))) {
        await attempts.recordFailure(
          key,
          CICLO_AUDIT.emailChangeFailed,
          'contrasena_incorrecta',
          (accion, cambios) => audit(db, user, accion, meta.ip, cambios),
        );
        throw validationError([
          { field: 'password', message: ADMIN_MESSAGES.wrongCurrentPassword },
        ]);
      }
      await attempts.succeeded(key);
      const nuevo = normalizeEmail(body.email);
      if (!isValidEmail(nuevo))
        throw validationError([{ field: 'email', message: API_MESSAGES.invalidEmail }]);
      if (nuevo === cred.email) throw validationError([{ field: 'email', message: SAME_EMAIL }]);
      await db.transaction().execute(async (tx) => {
        const taken = await findCredentialsByEmail(tx, nuevo);
        if (taken) await tellOwner(tx, taken);
        else {
          const token = await issueToken(tx, {
            usuarioId: cred.id,
            tipo: TOKEN_TIPOS.cambioEmail,
            ttlMs: LIFECYCLE_TTL_MS.emailChange,
            now: now(),
            dato: nuevo,
          });
          await mail.send(tx, {
            to: nuevo,
            locale: localeOf(cred.idioma),
            template: 'email-change-confirm',
            data: { nombre: cred.nombre, link: mail.link(LIFECYCLE_PAGES.confirmarCorreo, token) },
          });
        }
        await audit(tx, cred, CICLO_AUDIT.emailChangeRequested, meta.ip, { nuevoEmail: nuevo });
      });
      deps.kickMail();
      return { message: LIFECYCLE_MESSAGES.emailChangeAccepted };
    },

    /**
     * POST /api/auth/email/confirm.
     * @throws 400 TOKEN_INVALIDO; 409 EMAIL_TAKEN when the address was taken meanwhile.
     */
    async confirmChange(token: string, meta: CicloMeta): Promise<void> {
      try {
        await db.transaction().execute(async (tx) => {
          const row = await findUsableToken(tx, token, TOKEN_TIPOS.cambioEmail, now(), dialect);
          const u = row && (await findCicloUsuario(tx, row.usuarioId));
          if (!row || !row.dato || !u || !u.activo) throw tokenInvalid();
          if (await findCredentialsByEmail(tx, row.dato)) throw emailTaken();
          if (!(await spendToken(tx, row.id, now()))) throw tokenInvalid();
          await setEmail(tx, u.id, { email: row.dato, nombre: u.nombre, now: now() });
          await voidTokens(tx, u.id, [TOKEN_TIPOS.reset, TOKEN_TIPOS.verificacion], now());
          await mail.send(tx, {
            to: u.email,
            locale: localeOf(u.idioma),
            template: 'email-changed',
            data: { nombre: u.nombre, nuevoEmail: row.dato },
          });
          await audit(tx, u, CICLO_AUDIT.emailChanged, meta.ip, {
            antes: { email: u.email },
            despues: { email: row.dato },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      deps.kickMail();
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
