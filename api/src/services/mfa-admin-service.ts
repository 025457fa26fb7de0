/**
 * Lost factor (issue #16): an administrator resets another user's second factor with a reason —
 * POST /api/usuarios/:id/mfa/reset {motivo}. The delegation rules of issue #13 apply as to a
 * password reset (`restablecerCredenciales`: a non-admin only on users whose permissions they
 * hold, never on an admin), refusals audited; the caller needs step-up. The user's TOTP, recovery
 * codes, passkeys, pending second steps and failure count go, every session of theirs ends, the reason is
 * audited and mailed to them. At their next sign-in a role that requires a factor walks them
 * through enrolment again.
 */
import { MFA_MESSAGES, type MfaEstado, type MfaResetRequest } from '@gestion/shared';
import { validationError } from '../lib/http-errors';
import {
  clearMfaFailures,
  deleteOtherSesiones,
  deleteRecoveryCodes,
  deleteTotp,
  voidDesafios,
} from '../repositories/mfa-repository';
import { deletePasskeys } from '../repositories/passkeys-repository';
import { findCicloUsuario } from '../repositories/usuarios-ciclo-repository';
import { auditingRefusals, guardActOn } from './delegation-guard';
import { createMfaCommon, MFA_AUDIT, type MfaDeps } from './mfa-common';
import { createMfaService } from './mfa-service';
import { auditorFor, type SignedInCaller } from './service-deps';
import { mustFindUsuario } from './usuarios-lookup';

/** The administrators' second-factor use cases over one database. */
export function createMfaAdminService(deps: MfaDeps) {
  const { db, now } = deps;
  const common = createMfaCommon(deps);
  const own = createMfaService(deps);

  return {
    /**
     * GET /api/usuarios/:id/mfa: user `id`'s second factor as they see it themselves
     * (GET /api/auth/mfa) — for the user page, where an administrator decides on a reset. Shown
     * to whoever may reset it (the delegation rule of the reset; refusals audited).
     * @throws 403 FORBIDDEN (delegation), 404.
     */
    async status(id: number, caller: SignedInCaller): Promise<MfaEstado> {
      const audit = auditorFor(deps.audit, caller);
      return auditingRefusals(db, audit, async () => {
        const target = await mustFindUsuario(db, id);
        await guardActOn(db, caller.user, target, 'restablecerCredenciales', { verMfa: true });
        return own.status(id);
      });
    },

    /**
     * Resets user `id`'s second factor.
     * @throws 400 (field `motivo`, blank), 403 REAUTENTICACION_REQUERIDA (no step-up in
     *   `sesionId`), 403 FORBIDDEN (delegation, audited), 404.
     */
    async reset(
      id: number,
      body: MfaResetRequest,
      caller: SignedInCaller,
      sesionId: number,
    ): Promise<void> {
      const motivo = body.motivo.trim();
      if (!motivo)
        throw validationError([{ field: 'motivo', message: MFA_MESSAGES.motivoRequired }]);
      await common.requireRecentAuth(sesionId);
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const target = await mustFindUsuario(tx, id);
          await guardActOn(tx, caller.user, target, 'restablecerCredenciales', {
            restablecerMfa: true,
            motivo,
          });
          const u = await findCicloUsuario(tx, id);
          if (!u) throw new Error(`user ${id} vanished inside its transaction`);
          const teniaTotp = await deleteTotp(tx, id);
          await deleteRecoveryCodes(tx, id);
          const passkeys = await deletePasskeys(tx, id);
          await voidDesafios(tx, id, now());
          await clearMfaFailures(tx, id);
          const sesionesRevocadas = await deleteOtherSesiones(tx, id, null);
          await common.notice(tx, u, 'restablecido', motivo);
          await audit(
            {
              accion: MFA_AUDIT.reset,
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: { motivo, totp: teniaTotp, passkeys, sesionesRevocadas },
            },
            tx,
          );
        }),
      );
      deps.kickMail();
    },
  };
}

export type MfaAdminService = ReturnType<typeof createMfaAdminService>;
