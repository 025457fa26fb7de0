/**
 * POST /api/usuarios/bulk (issue #13, rule 5): one request for a bulk action of the console, so
 * a selection is handled by the server as a whole and never half-done by a client signed out
 * mid-way (the admin who deactivated themselves first).
 *
 * Transactions: each user's change runs in ITS OWN transaction with its audit row, through the
 * same use case as the single-user endpoint (`UsuariosService`), so every rule — delegation, last
 * admin, owned data — is the one of that endpoint, and one user's refusal never undoes another's
 * change. The answer lists one result per distinct id, in the order sent.
 *
 * The caller's own account is never touched: it answers `rechazado` (403 FORBIDDEN reason,
 * audited). The role of asignarRol/quitarRol is checked once, before any user: unknown → 400
 * (field `rol`), one the caller may not give or take → 403 for the whole request (audited once),
 * nothing done.
 *
 * `filtro` instead of `ids` (issue #14, "all N matching"): the users matching the filter of GET
 * /api/usuarios when the request arrives, in the list's default order, then exactly as `ids`;
 * more than BULK_MAX_IDS → 400 (field `filtro`) before anything is done.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
  BULK_MAX_IDS,
  BULK_MESSAGES,
  DELEGATION_MESSAGES,
  canGrantRole,
  type BulkResultado,
  type BulkUsuarios,
  type BulkUsuariosResponse,
} from '@gestion/shared';
import { HttpError, validationError } from '../lib/http-errors';
import { permisosByRolNombre } from '../repositories/roles-admin-repository';
import { iterateUsuarios, parseUsuarioSort } from '../repositories/usuarios-list-repository';
import type { Auditor } from './admin-common';
import {
  DelegationRefused,
  auditingRefusals,
  refusalAudit,
  refuseIf,
  type Actor,
  type AnyRefusal,
} from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';
import type { UsuariosService } from './usuarios-service';

/** Why the caller's own id is skipped, per action (rule 5 where it names one). */
function selfRefusal(body: BulkUsuarios): AnyRefusal {
  if (body.accion === 'desactivar')
    return { reason: 'selfDeactivate', message: DELEGATION_MESSAGES.selfDeactivate };
  if (body.accion === 'eliminar')
    return { reason: 'selfDelete', message: DELEGATION_MESSAGES.selfDelete };
  if (body.accion === 'quitarRol' && body.rol === ADMIN_ROLE)
    return { reason: 'selfRemoveAdmin', message: DELEGATION_MESSAGES.selfRemoveAdmin };
  // Not a reason of the shared rule: the bulk endpoint's own "never the caller".
  return { reason: 'bulkSelf', message: ADMIN_MESSAGES.bulkSelf };
}

/** The users a bulk request names: their ids, and their names when the server looked them up. */
interface Targets {
  ids: number[];
  names: Map<number, { nombre: string; email: string }>;
}

/** The bulk actions over one database, through the single-user use cases. */
export function createUsuariosBulkService(deps: ServiceDeps & { usuarios: UsuariosService }) {
  const { db, usuarios } = deps;

  /** Checks `rol` once: 400 missing or unknown; 403 (audited) when the caller may not give it. */
  async function checkRol(body: BulkUsuarios, actor: Actor, audit: Auditor): Promise<string> {
    const rol = body.rol?.trim();
    if (!rol) throw validationError([{ field: 'rol', message: ADMIN_MESSAGES.bulkRolRequired }]);
    const grants = await permisosByRolNombre(db, [rol]);
    const permisos = grants.get(rol);
    if (!permisos) throw validationError([{ field: 'rol', message: ADMIN_MESSAGES.unknownRole }]);
    await auditingRefusals(db, audit, () =>
      refuseIf(canGrantRole(actor, { nombre: rol, permisos }), 'rol', {
        objetivoTipo: 'usuario',
        intento: { bulk: body.accion, rol, ...(body.filtro ? { filtro: body.filtro } : { ids: body.ids }) },
      }),
    );
    return rol;
  }

  /**
   * The distinct ids of `ids`, or the users matching `filtro` (at most BULK_MAX_IDS, in list
   * order). 400 unless exactly one of the two is sent, or when the filter matches more.
   */
  async function targetsOf(body: BulkUsuarios): Promise<Targets> {
    if ((body.ids === undefined) === (body.filtro === undefined))
      throw validationError([{ field: 'ids', message: BULK_MESSAGES.idsOrFiltro }]);
    if (body.ids) return { ids: [...new Set(body.ids)], names: new Map() };
    // One batch one larger than the cap tells "too many" without counting every match.
    const batches = iterateUsuarios(db, body.filtro ?? {}, parseUsuarioSort(undefined), BULK_MAX_IDS + 1);
    const first = await batches.next();
    await batches.return(undefined);
    const found = first.done ? [] : first.value;
    if (found.length > BULK_MAX_IDS)
      throw validationError([{ field: 'filtro', message: BULK_MESSAGES.tooManyMatching }]);
    return {
      ids: found.map((u) => u.id),
      names: new Map(found.map((u) => [u.id, { nombre: u.nombre, email: u.email }])),
    };
  }

  /** One user's change through the single-user use case; `false` when there was nothing to do. */
  async function apply(id: number, body: BulkUsuarios, rol: string, caller: SignedInCaller) {
    const current = await usuarios.get(id);
    switch (body.accion) {
      case 'asignarRol':
        if (current.roles.includes(rol)) return false;
        await usuarios.setRoles(id, { roles: [...current.roles, rol] }, caller);
        return true;
      case 'quitarRol':
        if (!current.roles.includes(rol)) return false;
        await usuarios.setRoles(id, { roles: current.roles.filter((r) => r !== rol) }, caller);
        return true;
      case 'activar':
      case 'desactivar': {
        const activo = body.accion === 'activar';
        if (current.activo === activo) return false;
        await usuarios.update(id, { activo, version: current.version }, caller);
        return true;
      }
      case 'eliminar':
        return (await usuarios.remove(id, caller)) ?? true;
      case 'revocarSesiones':
        await usuarios.revokeSessions(id, caller);
        return true;
    }
  }

  return {
    /**
     * POST /api/usuarios/bulk: applies `accion` to each distinct id in the order sent, or to
     *   each user matching `filtro` (then each result also names the user).
     * @returns one result per id: `hecho` (also when nothing needed changing; for eliminar a
     *   user who owns data is deactivated instead and `motivo` says so), or `rechazado` with the
     *   Spanish `motivo` and the `code` the single endpoint would have answered (FORBIDDEN,
     *   CONFLICT, NOT_FOUND, VERSION_CONFLICT).
     * @throws 400 (field `ids`) unless exactly one of `ids` and `filtro`; 400 (field `filtro`)
     *   when it matches more than BULK_MAX_IDS users; 400 (field `rol`) without a known rol for
     *   asignarRol/quitarRol; 403 when the caller
     *   may not give or take that rol (rule 1).
     */
    async run(body: BulkUsuarios, caller: SignedInCaller): Promise<BulkUsuariosResponse> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      const needsRol = body.accion === 'asignarRol' || body.accion === 'quitarRol';
      const rol = needsRol ? await checkRol(body, actor, audit) : '';
      const { ids, names } = await targetsOf(body);
      const resultados: BulkResultado[] = [];
      const push = (r: BulkResultado) => resultados.push({ ...r, ...names.get(r.id) });
      for (const id of ids) {
        if (id === actor.id) {
          const refusal = selfRefusal(body);
          const err = new DelegationRefused(refusal, 'ids', {
            objetivoTipo: 'usuario',
            objetivoId: id,
            intento: { bulk: body.accion, ...(needsRol ? { rol } : {}) },
          });
          await audit(refusalAudit(err), db);
          push({ id, estado: 'rechazado', motivo: err.message, code: err.code });
          continue;
        }
        try {
          const done = await apply(id, body, rol, caller);
          push(
            typeof done === 'object'
              ? { id, estado: 'hecho', motivo: ADMIN_MESSAGES.deactivatedInstead }
              : { id, estado: 'hecho' },
          );
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          push({ id, estado: 'rechazado', motivo: err.message, code: err.code });
        }
      }
      const hechos = resultados.filter((r) => r.estado === 'hecho').length;
      return {
        accion: body.accion,
        resultados,
        resumen: { hechos, rechazados: resultados.length - hechos },
      };
    },
  };
}
