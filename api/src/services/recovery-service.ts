/**
 * Password recovery (issue #15, OWASP Forgot Password Cheat Sheet, OWASP ASVS 5.0 V6.4):
 *
 * - `forgot`: POST /api/auth/password/forgot → always 202 with the same body, after the same
 *   kind of database work whether or not the e-mail has an account (no enumeration). At most
 *   FORGOT_PER_HOUR links per account and hour; beyond that the answer is still 202 and no mail
 *   leaves (silent, so the throttle tells nothing either). Per client address the route's
 *   rate limit answers 429.
 * - `reset`: POST /api/auth/password/reset → 204; the token is spent, every session of the user
 *   revoked, every other lifecycle token voided, the lock-out counters of the account cleared,
 *   `password-changed` mailed; no sign-in.
 * - `adminReset`: POST /api/usuarios/:id/password-reset → the same link, sent to the user; the
 *   admin never sees or chooses the password (ASVS 6.4.6). Delegation rule 2 (issue #13,
 *   action `restablecerCredenciales`) decides who may.
 */
import {
  ADMIN_MESSAGES,
  LIFECYCLE_PAGES,
  LIFECYCLE_TTL_MS,
  type AcceptedMessage,
  type ResetPasswordRequest,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { validationError } from '../lib/http-errors';
import { passwordProblem } from '../lib/passwords';
import { insertAudit } from '../repositories/auditoria-repository';
import { deleteSesionesDeUsuario, hashToken, newToken } from '../repositories/sesiones-repository';
import {
  countTokensSince,
  findUsableToken,
  issueToken,
  spendToken,
  TOKEN_TIPOS,
  voidTokens,
} from '../repositories/tokens-cuenta-repository';
import { findCredentialsByEmail } from '../repositories/usuarios-repository';
import {
  findCicloUsuario,
  setPassword,
  type CicloUsuario,
} from '../repositories/usuarios-ciclo-repository';
import { conflict } from './admin-common';
import { CICLO_AUDIT, localeOf, mailer, tokenInvalid, type CicloDeps } from './ciclo-cuenta-common';
import { auditingRefusals, guardActOn } from './delegation-guard';
import { auditorFor, type SignedInCaller } from './service-deps';
import { refuseIfSsoObligatorio } from './sso-obligatorio';
import { mustFindUsuario } from './usuarios-lookup';

/** Reset links one account may be sent per hour (forgot and admin-started alike). */
export const FORGOT_PER_HOUR = 3;

/** Who is calling, for the audit log. */
export interface RecoveryMeta {
  ip: string;
}

/** The recovery use cases over one database. */
export function createRecoveryService(deps: CicloDeps) {
  const { db, hasher, now, dialect } = deps;
  const mail = mailer(deps);

  /** Issues a reset token for `u` and writes its mail, in `tx`. */
  async function sendResetLink(tx: Db, u: CicloUsuario): Promise<void> {
    const token = await issueToken(tx, {
      usuarioId: u.id,
      tipo: TOKEN_TIPOS.reset,
      ttlMs: LIFECYCLE_TTL_MS.reset,
      now: now(),
    });
    await mail.send(tx, {
      to: u.email,
      locale: localeOf(u.idioma),
      template: 'password-reset',
      data: { nombre: u.nombre, link: mail.link(LIFECYCLE_PAGES.restablecer, token) },
    });
  }

  /** A usable reset token and its user, or TOKEN_INVALIDO. */
  async function usableReset(tx: Db, token: string) {
    const row = await findUsableToken(tx, token, TOKEN_TIPOS.reset, now(), dialect);
    const user = row && (await findCicloUsuario(tx, row.usuarioId));
    if (!row || !user || !user.activo) throw tokenInvalid();
    return { row, user };
  }

  return {
    /**
     * POST /api/auth/password/forgot. Never throws for the e-mail's sake: an unknown, invalid,
     * deactivated, still-invited or throttled address answers exactly like a known one.
     */
    async forgot(emailRaw: string, meta: RecoveryMeta): Promise<AcceptedMessage> {
      const email = normalizeEmail(emailRaw);
      // Issue #18: a domain that signs in only through its provider gets no reset mail; the 403
      // depends on the typed domain alone, never on the account (sso-obligatorio.ts).
      await refuseIfSsoObligatorio(db, email);
      const at = now();
      let sent = false;
      await db.transaction().execute(async (tx) => {
        const cred = isValidEmail(email) ? await findCredentialsByEmail(tx, email) : undefined;
        const u = cred && (await findCicloUsuario(tx, cred.id));
        const eligible = u !== undefined && u.activo && !u.invitacionPendiente;
        const recent = eligible
          ? await countTokensSince(tx, u.id, TOKEN_TIPOS.reset, at - 3_600_000)
          : 0;
        if (eligible && recent < FORGOT_PER_HOUR) {
          await sendResetLink(tx, u);
          sent = true;
        } else {
          // The same token work as the other path, so neither answers measurably faster.
          hashToken(newToken());
        }
        await insertAudit(tx, {
          actorId: u?.id ?? null,
          actorEmail: email.slice(0, 254),
          accion: CICLO_AUDIT.forgot,
          objetivoTipo: 'usuario',
          objetivoId: u?.id ?? null,
          cambios: {
            enviado: sent,
            ...(sent
              ? {}
              : { motivo: !u ? 'desconocido' : eligible ? 'limite_por_hora' : 'no_elegible' }),
          },
          ip: meta.ip,
          at,
        });
      });
      if (sent) deps.kickMail();
      return { message: LIFECYCLE_MESSAGES.forgotAccepted };
    },

    /**
     * POST /api/auth/password/reset.
     * @throws HttpError 400 TOKEN_INVALIDO (used, expired, unknown, or its user deactivated);
     *   400 VALIDATION_ERROR (details field `password`: the policy) — the token stays usable.
     */
    async reset(body: ResetPasswordRequest, meta: RecoveryMeta): Promise<void> {
      let user: CicloUsuario;
      try {
        ({ user } = await usableReset(db, body.token));
      } catch (err) {
        await insertAudit(db, {
          actorId: null,
          actorEmail: null,
          accion: CICLO_AUDIT.resetFailed,
          objetivoTipo: 'usuario',
          cambios: { motivo: 'token_invalido' },
          ip: meta.ip,
          at: now(),
        });
        throw err;
      }
      // Issue #18: a link mailed before the domain's provider became obligatorio no longer works.
      await refuseIfSsoObligatorio(db, user.email);
      const problem = passwordProblem(body.password, { email: user.email, nombre: user.nombre });
      if (problem) throw validationError([{ field: 'password', message: problem }]);
      const passwordHash = await hasher.hash(body.password);
      await db.transaction().execute(async (tx) => {
        // Again inside the transaction (locked on PostgreSQL): of two racing uses one wins.
        const { row, user: u } = await usableReset(tx, body.token);
        if (!(await spendToken(tx, row.id, now()))) throw tokenInvalid();
        await setPassword(tx, u.id, {
          passwordHash,
          now: now(),
          debeCambiarPassword: false,
          emailVerificado: true,
        });
        await voidTokens(tx, u.id, Object.values(TOKEN_TIPOS), now());
        const { n } = await tx
          .selectFrom('sesiones')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('usuario_id', '=', u.id)
          .executeTakeFirstOrThrow();
        await deleteSesionesDeUsuario(tx, u.id);
        await mail.send(tx, {
          to: u.email,
          locale: localeOf(u.idioma),
          template: 'password-changed',
          data: { nombre: u.nombre },
        });
        await insertAudit(tx, {
          actorId: u.id,
          actorEmail: u.email,
          accion: CICLO_AUDIT.reset,
          objetivoTipo: 'usuario',
          objetivoId: u.id,
          cambios: { sesionesRevocadas: Number(n) },
          ip: meta.ip,
          at: now(),
        });
      });
      // The owner proved the mailbox: the lock-out counters of the account go (issue #15).
      await deps.lockout.clearAccount(normalizeEmail(user.email));
      deps.kickMail();
    },

    /**
     * POST /api/usuarios/:id/password-reset: mails the user a reset link.
     * @throws 403 (delegation rule 2: a more powerful user; SSO_OBLIGATORIO for a domain that
     *   signs in only through its provider, issue #18), 404, 409 CONFLICT while the user is
     *   still invited (re-send the invitation instead).
     */
    async adminReset(id: number, caller: SignedInCaller): Promise<AcceptedMessage> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFindUsuario(tx, id);
          await guardActOn(tx, actor, current, 'restablecerCredenciales', {
            restablecerPassword: true,
          });
          const u = await findCicloUsuario(tx, id);
          if (!u) throw new Error(`user ${id} vanished inside its transaction`);
          if (u.invitacionPendiente) throw conflict(ADMIN_MESSAGES.resetWhileInvited);
          // Issue #18: the link would only meet the reset's 403; say so to the admin instead.
          await refuseIfSsoObligatorio(tx, u.email);
          await sendResetLink(tx, u);
          await audit(
            { accion: CICLO_AUDIT.adminReset, objetivoTipo: 'usuario', objetivoId: id },
            tx,
          );
        }),
      );
      deps.kickMail();
      return { message: ADMIN_MESSAGES.resetSent };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
