/**
 * The user page of the console (issue #14): one user with `emailVerificado`, and an
 * administrator's view of that user's sessions — list them, end one. Ending every session is
 * the existing `POST /api/usuarios/:id/sessions/revoke` (usuarios-service.ts).
 *
 * The sessions calls obey the delegation rule of that route (issue #13, rule 2, action
 * `revocarSesiones`): a non-admin neither sees nor ends the sessions of a user holding a
 * permission they lack (their devices and addresses are that user's personal data); a refusal
 * is a 403 `DelegationRefused`, audited like every other refusal.
 */
import { AUDIT_REVOCAR_SESION_USUARIO, type Sesion, type UsuarioDetalle } from '@gestion/shared';
import { notFound } from '../lib/http-errors';
import { iso } from '../repositories/usuarios-admin-repository';
import {
  deleteSesionOf,
  emailVerificadoOf,
  liveSesionesOf,
} from '../repositories/usuario-detalle-repository';
import { auditingRefusals, guardActOn } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';
import { deviceOf } from './sesiones-service';
import { mustFindUsuario } from './usuarios-lookup';

/** The user page's use cases. `idleMs`: the session idle expiry (config), ms. */
export function createUsuarioDetalleService(deps: ServiceDeps & { idleMs: number }) {
  const { db, now, idleMs } = deps;

  return {
    /** GET /api/usuarios/:id: the user and whether their e-mail is verified. @throws 404. */
    async get(id: number): Promise<UsuarioDetalle> {
      const usuario = await mustFindUsuario(db, id);
      const emailVerificado = await emailVerificadoOf(db, id);
      return { ...usuario, emailVerificado: emailVerificado === true };
    },

    /**
     * GET /api/usuarios/:id/sesiones: the user's live sessions, most recently used first;
     * `actual` marks `currentId`, the caller's own session (on their own page).
     * @throws 403 (rule 2), 404 (no such user).
     */
    async listSesiones(id: number, caller: SignedInCaller, currentId: number): Promise<Sesion[]> {
      const audit = auditorFor(deps.audit, caller);
      return auditingRefusals(db, audit, async () => {
        const target = await mustFindUsuario(db, id);
        await guardActOn(db, caller.user, target, 'revocarSesiones', { verSesiones: true });
        const rows = await liveSesionesOf(db, id, now(), idleMs);
        return rows.map((r) => ({
          id: r.id,
          ...deviceOf(r.user_agent),
          userAgent: r.user_agent,
          ip: r.ip,
          creadaEn: iso(r.creada_en),
          ultimoUso: iso(r.ultimo_uso),
          expiraEn: iso(r.expira_en),
          actual: r.id === currentId,
        }));
      });
    },

    /**
     * DELETE /api/usuarios/:id/sesiones/:sesionId: ends one session of the user, audited on the
     * user (`usuarios.revocar_sesion`, `{sesionId}`) so it shows among the changes made to them.
     * @throws 403 (rule 2), 404 (no such user, or the session is not theirs or already ended).
     */
    async revokeSesion(id: number, sesionId: number, caller: SignedInCaller): Promise<void> {
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const target = await mustFindUsuario(tx, id);
          await guardActOn(tx, caller.user, target, 'revocarSesiones', { revocarSesion: sesionId });
          if (!(await deleteSesionOf(tx, id, sesionId))) throw notFound();
          await audit(
            {
              accion: AUDIT_REVOCAR_SESION_USUARIO,
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: { sesionId },
            },
            tx,
          );
        }),
      );
    },
  };
}
