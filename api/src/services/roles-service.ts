/**
 * Role administration (issue #4, DESIGN.md §4): create, rename, change permissions, delete with
 * an optional replacement. `admin` holds every permission implicitly (SPEC §6), so it can be
 * neither deleted, renamed nor given a permission list. Each write is audited in its transaction.
 *
 * Delegation (issue #13, `shared/src/auth/delegation.ts`): a non-admin writes only permissions
 * they hold and never those of a role they hold (rule 3), renames, describes or deletes only a
 * role whose permissions they hold, and names as replacement or new default only a role they
 * could give (rules 1 and 4; `admin` never, not even by an admin). Refusals are 403 FORBIDDEN,
 * audited outside the rolled-back transaction. Nombres are unique ignoring case (migration 0008).
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
  canManageRole,
  canUseAsDefault,
  canUseAsReplacement,
  canWritePermissions,
  isPermissionName,
  ROL_NOMBRE_MAX_LENGTH,
  type CreateRol,
  type DeleteRolQuery,
  type ErrorDetail,
  type Rol,
  type UpdateRol,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { isUniqueViolation, notFound, validationError } from '../lib/http-errors';
import { getAjuste, setAjuste } from '../repositories/ajustes-repository';
import { closeSessionsOfRoleLackingFactor } from '../repositories/mfa-enforcement-repository';
import {
  addReplacementRole,
  deleteRol,
  findRol,
  findRolByNombre,
  findRolByNombreCi,
  insertRol,
  listRoles,
  listPermisos,
  replacePermisos,
  updateRolVersioned,
} from '../repositories/roles-admin-repository';
import { conflict, diff, versionConflict } from './admin-common';
import { auditingRefusals, refuseIf, type Attempt } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';

/** Letters (any script), digits, spaces, `-` and `_`; 1..60 characters after trimming. */
const ROL_NOMBRE = new RegExp(`^[\\p{L}\\p{N} _-]{1,${ROL_NOMBRE_MAX_LENGTH}}$`, 'u');

function checkNombre(nombre: string, details: ErrorDetail[]) {
  if (!ROL_NOMBRE.test(nombre))
    details.push({ field: 'nombre', message: ADMIN_MESSAGES.roleNameInvalid });
}

function checkPermisos(permisos: readonly string[], details: ErrorDetail[]) {
  const unknown = permisos.filter((p) => !isPermissionName(p));
  if (unknown.length > 0) {
    details.push({
      field: 'permisos',
      message: `${ADMIN_MESSAGES.unknownPermission}: ${unknown.join(', ')}`,
    });
  }
}

/** The audit `Attempt` of a write of role `id` (undefined for a new one). */
function attemptOn(id: number | undefined, intento: Record<string, unknown>): Attempt {
  return { objetivoTipo: 'rol', objetivoId: id, intento };
}

/**
 * The role use cases over one database. Each write acts for a signed-in caller, whose effective
 * permissions are what the delegation rules compare against.
 */
export function createRolesService(deps: ServiceDeps) {
  const { db, now } = deps;

  async function mustFind(tx: Db, id: number): Promise<Rol> {
    const r = await findRol(tx, id);
    if (!r) throw notFound();
    return r;
  }

  return {
    list: (opts: { q?: string; sort?: string; page: number; pageSize: number }) =>
      listRoles(db, opts),

    get: (id: number) => mustFind(db, id),

    permisos: () => listPermisos(db),

    /**
     * POST /api/roles.
     * @throws 400 (nombre, permisos), 403 (rule 3: a permission the actor does not hold),
     *   409 (nombre taken, ignoring case).
     */
    async create(body: CreateRol, caller: SignedInCaller): Promise<Rol> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      const nombre = body.nombre.trim();
      const permisos = [...new Set(body.permisos)];
      const details: ErrorDetail[] = [];
      checkNombre(nombre, details);
      checkPermisos(permisos, details);
      if (details.length > 0) throw validationError(details);
      await auditingRefusals(db, audit, () =>
        refuseIf(
          canWritePermissions(actor, nombre, [], permisos),
          'permisos',
          attemptOn(undefined, { nombre, permisos }),
        ),
      );
      try {
        return await db.transaction().execute(async (tx) => {
          if (await findRolByNombreCi(tx, nombre)) throw conflict(ADMIN_MESSAGES.roleNameTaken);
          const id = await insertRol(tx, {
            nombre,
            descripcion: body.descripcion?.trim() ?? '',
            now: now(),
            mfaObligatorio: body.mfaObligatorio ?? false,
          });
          await replacePermisos(tx, id, nombre === ADMIN_ROLE ? [] : permisos);
          const rol = await mustFind(tx, id);
          await audit(
            {
              accion: 'roles.crear',
              objetivoTipo: 'rol',
              objetivoId: id,
              cambios: {
                despues: {
                  nombre: rol.nombre,
                  descripcion: rol.descripcion,
                  permisos: rol.permisos,
                  mfaObligatorio: rol.mfaObligatorio,
                },
              },
            },
            tx,
          );
          return rol;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.roleNameTaken);
        throw err;
      }
    },

    /**
     * PATCH /api/roles/:id: rename, describe, replace permissions. Renaming the default role of
     * self-registration moves the setting along (it is the same role).
     * @throws 400, 403 (rule 3: permissions added or removed the actor does not hold, or of a
     *   role they hold; a rename or description of a role with permissions they lack), 404,
     *   409 VERSION_CONFLICT, 409 CONFLICT (admin is fixed; nombre taken, ignoring case).
     */
    async update(id: number, body: UpdateRol, caller: SignedInCaller): Promise<Rol> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      const nombre = body.nombre?.trim();
      const permisos = body.permisos && [...new Set(body.permisos)];
      const details: ErrorDetail[] = [];
      if (nombre !== undefined) checkNombre(nombre, details);
      if (permisos) checkPermisos(permisos, details);
      if (details.length > 0) throw validationError(details);
      try {
        return await auditingRefusals(db, audit, () =>
          db.transaction().execute(async (tx) => {
            const current = await mustFind(tx, id);
            const attempt = attemptOn(
              id,
              diff(current, {
                nombre,
                descripcion: body.descripcion?.trim(),
                permisos,
                mfaObligatorio: body.mfaObligatorio,
              }).despues,
            );
            if (permisos)
              refuseIf(
                canWritePermissions(actor, current.nombre, current.permisos, permisos),
                'permisos',
                attempt,
              );
            const renamed = nombre !== undefined && nombre !== current.nombre;
            const described =
              body.descripcion !== undefined && body.descripcion.trim() !== current.descripcion;
            // Issue #16: requiring a second factor of a role is managing it, as a rename is.
            const mfaChanged =
              body.mfaObligatorio !== undefined && body.mfaObligatorio !== current.mfaObligatorio;
            if (renamed || described || mfaChanged)
              refuseIf(
                canManageRole(actor, current),
                renamed ? 'nombre' : described ? 'descripcion' : 'mfaObligatorio',
                attempt,
              );
            if (current.version !== body.version) throw versionConflict();
            if (current.nombre === ADMIN_ROLE) {
              const renamed = nombre !== undefined && nombre !== ADMIN_ROLE;
              const repermitted = permisos !== undefined && permisos.length > 0;
              if (renamed || repermitted) throw conflict(ADMIN_MESSAGES.adminRoleFixed);
            }
            if (renamed) {
              const other = await findRolByNombreCi(tx, nombre);
              if (other && other.id !== id) throw conflict(ADMIN_MESSAGES.roleNameTaken);
            }
            const next = {
              nombre: nombre ?? current.nombre,
              descripcion: body.descripcion?.trim() ?? current.descripcion,
              mfaObligatorio: body.mfaObligatorio ?? current.mfaObligatorio ?? false,
            };
            if (!(await updateRolVersioned(tx, id, body.version, next))) throw versionConflict();
            // Issue #16: switched on — holders without a factor are signed out, and their next
            // sign-in walks them through enrolment.
            const sesionesCerradas =
              next.mfaObligatorio && !current.mfaObligatorio
                ? await closeSessionsOfRoleLackingFactor(tx, id)
                : 0;
            if (permisos && current.nombre !== ADMIN_ROLE) await replacePermisos(tx, id, permisos);
            if (next.nombre !== current.nombre) {
              if ((await getAjuste(tx, 'rol_por_defecto')) === current.nombre)
                await setAjuste(tx, 'rol_por_defecto', next.nombre);
            }
            const updated = await mustFind(tx, id);
            await audit(
              {
                accion: 'roles.editar',
                objetivoTipo: 'rol',
                objetivoId: id,
                cambios: {
                  ...diff(current, {
                    nombre: updated.nombre,
                    descripcion: updated.descripcion,
                    permisos: updated.permisos,
                    mfaObligatorio: updated.mfaObligatorio,
                  }),
                  ...(sesionesCerradas > 0 ? { sesionesCerradas } : {}),
                },
              },
              tx,
            );
            return updated;
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.roleNameTaken);
        throw err;
      }
    },

    /**
     * DELETE /api/roles/:id?reemplazo=<nombre>&rolPorDefecto=<nombre>. Holders get the
     * replacement first. Deleting the default role of self-registration needs `rolPorDefecto`,
     * the new default named by the caller; the default never moves silently (issue #13 rule 4).
     * `rolPorDefecto` is ignored when the role is not the default.
     * @throws 400 (bad replacement; unknown or same new default), 403 (rule 3: a role with
     *   permissions the actor lacks; rules 1 and 4: a replacement or default the actor may not
     *   give, or `admin`), 404, 409 CONFLICT (admin; in use without replacement; default role
     *   without `rolPorDefecto`).
     */
    async remove(id: number, query: DeleteRolQuery, caller: SignedInCaller): Promise<void> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      const reemplazo = query.reemplazo?.trim() || undefined;
      const porDefecto = query.rolPorDefecto?.trim() || undefined;
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          const attempt = attemptOn(id, {
            eliminar: current.nombre,
            ...(reemplazo ? { reemplazo } : {}),
            ...(porDefecto ? { rolPorDefecto: porDefecto } : {}),
          });
          if (current.nombre === ADMIN_ROLE) throw conflict(ADMIN_MESSAGES.adminRoleFixed);
          refuseIf(canManageRole(actor, current), 'id', attempt);
          let replacement: Rol | undefined;
          if (reemplazo !== undefined) {
            replacement = await findRolByNombre(tx, reemplazo);
            if (!replacement || replacement.id === id) {
              throw validationError([
                { field: 'reemplazo', message: ADMIN_MESSAGES.invalidReplacement },
              ]);
            }
            refuseIf(canUseAsReplacement(actor, replacement), 'reemplazo', attempt);
          }
          const isDefault = (await getAjuste(tx, 'rol_por_defecto')) === current.nombre;
          let newDefault: Rol | undefined;
          if (isDefault && porDefecto !== undefined) {
            if (porDefecto === current.nombre)
              throw validationError([
                { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleDeleted },
              ]);
            newDefault = await findRolByNombre(tx, porDefecto);
            if (!newDefault)
              throw validationError([
                { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleUnknown },
              ]);
            refuseIf(canUseAsDefault(actor, newDefault), 'rolPorDefecto', attempt);
          }
          if (!replacement && current.usuarios > 0) throw conflict(ADMIN_MESSAGES.roleInUse);
          if (isDefault && !newDefault) throw conflict(ADMIN_MESSAGES.roleIsDefault);
          if (replacement) await addReplacementRole(tx, id, replacement.id);
          if (newDefault) await setAjuste(tx, 'rol_por_defecto', newDefault.nombre);
          await deleteRol(tx, id);
          await audit(
            {
              accion: 'roles.eliminar',
              objetivoTipo: 'rol',
              objetivoId: id,
              cambios: {
                antes: {
                  nombre: current.nombre,
                  descripcion: current.descripcion,
                  permisos: current.permisos,
                  usuarios: current.usuarios,
                },
                ...(replacement ? { reemplazo: replacement.nombre } : {}),
                ...(newDefault ? { rolPorDefecto: newDefault.nombre } : {}),
              },
            },
            tx,
          );
        }),
      );
    },
  };
}
