/**
 * Invitations replace one-time passwords (issue #15, OWASP ASVS 5.0 V6.4.6: an admin never
 * sees or chooses another person's password). A user an admin creates without a password is
 * pending (`invitacion_pendiente`, no usable hash) and mailed APP_URL/invitacion?token=…,
 * valid 72 hours; accepting it sets the password, marks the e-mail verified and signs in.
 * Re-sending voids the old link; revoking voids every link and leaves the user pending.
 */
import {
  ADMIN_MESSAGES,
  LIFECYCLE_PAGES,
  LIFECYCLE_TTL_MS,
  type AcceptInvitationRequest,
  type AcceptedMessage,
  type LoginMfaResponse,
  type SignedInResponse,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { validationError } from '../lib/http-errors';
import { passwordProblem } from '../lib/passwords';
import { insertAudit } from '../repositories/auditoria-repository';
import {
  findUsableToken,
  issueToken,
  recordDevice,
  spendToken,
  TOKEN_TIPOS,
  voidTokens,
} from '../repositories/tokens-cuenta-repository';
import { findUserWithRoles, touchLastAccess } from '../repositories/usuarios-repository';
import {
  findCicloUsuario,
  setPassword,
  type CicloUsuario,
} from '../repositories/usuarios-ciclo-repository';
import { conflict } from './admin-common';
import {
  CICLO_AUDIT,
  localeOf,
  mailer,
  openSession,
  sha256,
  tokenInvalid,
  type CicloDeps,
  type CicloMeta,
} from './ciclo-cuenta-common';
import { auditingRefusals, guardActOn, type Actor } from './delegation-guard';
import { enrolmentStepIfRequired } from './mfa-enrolment-step';
import { auditorFor, type SignedInCaller } from './service-deps';
import { mustFindUsuario } from './usuarios-lookup';

/**
 * Issues an invitation token for the pending user `u` (voiding older ones) and writes the
 * `invitation` mail in `tx`. `invitadoPor` is the inviting admin's nombre. Used by
 * POST /api/usuarios, the CSV import and the re-send.
 */
export async function sendInvitation(
  tx: Db,
  deps: Pick<CicloDeps, 'appUrl' | 'now'>,
  u: Pick<CicloUsuario, 'id' | 'email' | 'nombre' | 'idioma'>,
  invitadoPor: string,
): Promise<void> {
  const mail = mailer(deps);
  const token = await issueToken(tx, {
    usuarioId: u.id,
    tipo: TOKEN_TIPOS.invitacion,
    ttlMs: LIFECYCLE_TTL_MS.invitation,
    now: deps.now(),
  });
  await mail.send(tx, {
    to: u.email,
    locale: localeOf(u.idioma),
    template: 'invitation',
    data: { nombre: u.nombre, link: mail.link(LIFECYCLE_PAGES.invitacion, token), invitadoPor },
  });
}

/** The nombre the invitation mail names as inviter: the acting admin's. */
export async function inviterName(tx: Db, actor: Actor): Promise<string> {
  return (await findCicloUsuario(tx, actor.id))?.nombre ?? '';
}

/** The invitation use cases over one database. */
export function createInvitationService(deps: CicloDeps) {
  const { db, hasher, now, dialect } = deps;

  /** The pending user `id` after the delegation check, or 409 when not pending. */
  async function pendingTarget(tx: Db, id: number, actor: Actor, intento: string) {
    const current = await mustFindUsuario(tx, id);
    await guardActOn(tx, actor, current, 'restablecerCredenciales', { invitacion: intento });
    const u = await findCicloUsuario(tx, id);
    if (!u?.invitacionPendiente) throw conflict(ADMIN_MESSAGES.invitationNotPending);
    return u;
  }

  /** A usable invitation token and its (still pending, active) user, or TOKEN_INVALIDO. */
  async function usableInvitation(tx: Db, token: string) {
    const row = await findUsableToken(tx, token, TOKEN_TIPOS.invitacion, now(), dialect);
    const user = row && (await findCicloUsuario(tx, row.usuarioId));
    if (!row || !user || !user.activo || !user.invitacionPendiente) throw tokenInvalid();
    return { row, user };
  }

  return {
    /**
     * POST /api/usuarios/:id/invitation → 202: a new link (the old one stops working).
     * @throws 403 (delegation rule 2), 404, 409 CONFLICT when the user is not pending.
     */
    async resend(id: number, caller: SignedInCaller): Promise<AcceptedMessage> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const u = await pendingTarget(tx, id, actor, 'reenviar');
          await sendInvitation(tx, deps, u, await inviterName(tx, actor));
          await audit(
            { accion: CICLO_AUDIT.inviteResent, objetivoTipo: 'usuario', objetivoId: id },
            tx,
          );
        }),
      );
      deps.kickMail();
      return { message: ADMIN_MESSAGES.invitationSent };
    },

    /**
     * DELETE /api/usuarios/:id/invitation → 204: every link voided; the user stays pending
     * (delete it, or re-send, as a separate decision).
     * @throws 403 (delegation rule 2), 404, 409 CONFLICT when the user is not pending.
     */
    async revoke(id: number, caller: SignedInCaller): Promise<void> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          await pendingTarget(tx, id, actor, 'revocar');
          const voided = await voidTokens(tx, id, [TOKEN_TIPOS.invitacion], now());
          await audit(
            {
              accion: CICLO_AUDIT.inviteRevoked,
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: { enlacesAnulados: voided },
            },
            tx,
          );
        }),
      );
    },

    /**
     * POST /api/auth/invitation/accept → 200 `{token, user}`: sets the password, marks the
     * e-mail verified (the link proved it) and signs in — or, when the user's roles require a
     * second factor (issue #16), answers `{mfa: {token, configurar: true}}` and no session.
     * @throws 400 TOKEN_INVALIDO (used, expired, revoked, unknown); 400 VALIDATION_ERROR
     *   (details field `password`) — the token stays usable.
     */
    async accept(
      body: AcceptInvitationRequest,
      meta: CicloMeta,
    ): Promise<SignedInResponse | LoginMfaResponse> {
      const { user } = await usableInvitation(db, body.token);
      const problem = passwordProblem(body.password, { email: user.email, nombre: user.nombre });
      if (problem) throw validationError([{ field: 'password', message: problem }]);
      const passwordHash = await hasher.hash(body.password);
      const token = await db.transaction().execute(async (tx) => {
        const { row, user: u } = await usableInvitation(tx, body.token);
        if (!(await spendToken(tx, row.id, now()))) throw tokenInvalid();
        await setPassword(tx, u.id, {
          passwordHash,
          now: now(),
          debeCambiarPassword: false,
          emailVerificado: true,
        });
        await voidTokens(tx, u.id, Object.values(TOKEN_TIPOS), now());
        const audit = (cambios?: Record<string, unknown>) =>
          insertAudit(tx, {
            actorId: u.id,
            actorEmail: u.email,
            accion: CICLO_AUDIT.inviteAccepted,
            objetivoTipo: 'usuario',
            objetivoId: u.id,
            cambios,
            ip: meta.ip,
            at: now(),
          });
        // Issue #16: invited into a role that requires a second factor — the password is set,
        // the session waits for the factor (mfa-enrolment-step.ts).
        const step = await enrolmentStepIfRequired(tx, u.id, now());
        if (step) {
          await audit({ segundoFactor: 'pendiente' });
          return step;
        }
        const t = await openSession(tx, deps, u.id, meta);
        await touchLastAccess(tx, u.id, now());
        // The first device: remembered, no notice (it is the account's first sign-in).
        await recordDevice(tx, u.id, sha256(meta.userAgent ?? ''), now());
        await audit();
        return t;
      });
      if (typeof token !== 'string') return token;
      const signedIn = await findUserWithRoles(db, user.id);
      if (!signedIn) throw new Error(`user ${user.id} vanished right after it was written`);
      return { token, user: signedIn };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
