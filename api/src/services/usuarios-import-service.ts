/**
 * POST /api/usuarios/import (issue #4): a CSV of users, checked row by row (the dry-run report)
 * and, when applied, written in one transaction — every row or none.
 *
 * Every row obeys the delegation rules of issue #13 like the single-user endpoints: a new user's
 * roles (rule 1), an existing user's roles and the user themselves (rules 1 and 2), and nobody
 * drops `admin` from their own account (rule 5). A refused row is `rechazado` with the rule's
 * Spanish `motivo`; an apply with such rows writes nothing (400) and is audited as one
 * `seguridad.escalada_rechazada` row listing them.
 */
import { API_MESSAGES, type ImportReport } from '@gestion/shared';
import { isUniqueViolation } from '../lib/http-errors';
import {
  replaceRoles,
  roleIdsByName,
  updateUsuarioVersioned,
} from '../repositories/usuarios-admin-repository';
import { closeSessionsLackingFactor } from '../repositories/mfa-enforcement-repository';
import { insertUsuario } from '../repositories/usuarios-repository';
import { NO_PASSWORD_HASH } from './ciclo-cuenta-common';
import { inviterName, sendInvitation } from './invitation-service';
import { conflict, diff, type Auditor } from './admin-common';
import { ESCALATION_AUDIT_ACTION, type Actor } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';
import { importRejected, parseImport, plan, summarize, type Planned } from './usuarios-import-plan';

/** The import over one database. */
export function createUsuariosImportService(
  deps: ServiceDeps & {
    /** `APP_URL`, the base of invitation links (issue #15). */
    appUrl: string;
    /** Asks the mail outbox to deliver now (after a commit that wrote mails). */
    kickMail: () => void;
  },
) {
  const { db, now } = deps;

  /**
   * 400 when any planned row is rejected; the rows refused by a delegation rule are audited
   * first (on `db`, outside any transaction, since the 400 rolls back the one that planned).
   */
  async function rejectIfAny(planned: Planned[], audit: Auditor): Promise<void> {
    const rejected = planned.filter((p) => p.report.resultado === 'rechazado');
    if (rejected.length === 0) return;
    const escalations = rejected.filter((p) => p.refusal);
    if (escalations.length > 0) {
      await audit(
        {
          accion: ESCALATION_AUDIT_ACTION,
          objetivoTipo: 'usuario',
          cambios: {
            intento: {
              importacion: escalations.map((p) => ({
                fila: p.report.fila,
                email: p.report.email,
                roles: p.roles,
              })),
            },
            campo: 'roles',
            motivo: escalations[0]!.refusal!.reason,
            mensaje: escalations[0]!.refusal!.message,
          },
        },
        db,
      );
    }
    throw importRejected(rejected.map((p) => p.report));
  }

  return {
    /**
     * POST /import: validates every row (the dry-run report); when `apply`, writes all rows in
     * one transaction or — with any rejected row, delegation refusals included — nothing (400
     * listing them). Refused escalations of an apply are audited.
     * @throws 400 for a body that is not a CSV with the email,nombre,roles header, or an apply
     *   with rejected rows; 409 when an e-mail was taken meanwhile.
     */
    async importCsv(text: string, apply: boolean, caller: SignedInCaller): Promise<ImportReport> {
      const actor: Actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      const csv = parseImport(text);
      if (!apply) return summarize(await plan(db, csv, actor), false);

      // Validated outside first, so a rejected apply audits its refusals without a write.
      const preview = await plan(db, csv, actor);
      await rejectIfAny(preview, audit);
      let invited = 0;

      let replanned: Planned[] | undefined;
      try {
        let inviter: string | undefined;
        const report = await db.transaction().execute(async (tx) => {
          // Planned again inside the transaction: the database may have changed meanwhile.
          const planned = await plan(tx, csv, actor);
          if (planned.some((p) => p.report.resultado === 'rechazado')) {
            replanned = planned;
            throw importRejected([]);
          }
          const roleIds = await roleIdsByName(tx, [...new Set(planned.flatMap((p) => p.roles))]);
          for (const p of planned) {
            const ids = p.roles.map((r) => roleIds.get(r)!);
            if (p.existing) {
              const u = p.existing;
              await updateUsuarioVersioned(tx, u.id, undefined, u, { nombre: p.nombre }, now());
              await replaceRoles(tx, u.id, ids);
              // Issue #16: given a role that requires a second factor they lack — signed out.
              const sesionesCerradas = await closeSessionsLackingFactor(tx, u.id);
              await audit(
                {
                  accion: 'usuarios.editar',
                  objetivoTipo: 'usuario',
                  objetivoId: u.id,
                  cambios: {
                    ...diff(u, { nombre: p.nombre, roles: [...p.roles].sort() }),
                    origen: 'importacion',
                    ...(sesionesCerradas > 0 ? { sesionesCerradas } : {}),
                  },
                },
                tx,
              );
              continue;
            }
            // Created pending and invited by mail (issue #15): no password to hand over.
            const id = await insertUsuario(tx, {
              email: p.report.email,
              nombre: p.nombre,
              passwordHash: NO_PASSWORD_HASH,
              now: now(),
              invitacionPendiente: true,
              emailVerificado: false,
            });
            await replaceRoles(tx, id, ids);
            inviter ??= await inviterName(tx, actor);
            await sendInvitation(
              tx,
              deps,
              { id, email: p.report.email, nombre: p.nombre, idioma: 'es' },
              inviter,
            );
            invited += 1;
            await audit(
              {
                accion: 'usuarios.crear',
                objetivoTipo: 'usuario',
                objetivoId: id,
                cambios: {
                  despues: {
                    email: p.report.email,
                    nombre: p.nombre,
                    activo: true,
                    roles: p.roles,
                  },
                  origen: 'importacion',
                  invitado: true,
                },
              },
              tx,
            );
          }
          return summarize(planned, true);
        });
        if (invited > 0) deps.kickMail();
        return report;
      } catch (err) {
        // The transaction is rolled back: the refusals found inside it are audited now.
        if (replanned) await rejectIfAny(replanned, audit);
        if (isUniqueViolation(err)) throw conflict(API_MESSAGES.emailTaken);
        throw err;
      }
    },
  };
}

export type UsuariosImportService = ReturnType<typeof createUsuariosImportService>;
