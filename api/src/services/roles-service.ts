/**
 * Role administration (issue #4, DESIGN.md §4): create, rename, change permissions, delete with
 * an optional replacement. `admin` holds every permission implicitly (SPEC §6), so it can be
 * neither deleted, renamed nor given a permission list. Each write is audited in its transaction.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
  isPermissionName,
  ROL_NOMBRE_MAX_LENGTH,
  type CreateRol,
  type ErrorDetail,
  type Rol,
  type UpdateRol,
} from '@gestion/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { isUniqueViolation, notFound, validationError } from '../lib/http-errors';
import { getAjuste, setAjuste } from '../repositories/ajustes-repository';
import {
  addReplacementRole,
  deleteRol,
  findRol,
  findRolByNombre,
  insertRol,
  listRoles,
  listPermisos,
  replacePermisos,
  updateRolVersioned,
} from '../repositories/roles-admin-repository';
import type { Db } from '../repositories/usuarios-repository';
import { conflict, diff, versionConflict, type Auditor } from './usuarios-service';

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

/** The use cases over one database. */
export function createRolesService(deps: { db: Kysely<Database>; now: () => number }) {
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

    /** POST /api/roles. @throws 400 (nombre, permisos), 409 (nombre taken). */
    async create(body: CreateRol, audit: Auditor): Promise<Rol> {
      const nombre = body.nombre.trim();
      const permisos = [...new Set(body.permisos)];
      const details: ErrorDetail[] = [];
      checkNombre(nombre, details);
      checkPermisos(permisos, details);
      if (details.length > 0) throw validationError(details);
      try {
        return await db.transaction().execute(async (tx) => {
          if (await findRolByNombre(tx, nombre)) throw conflict(ADMIN_MESSAGES.roleNameTaken);
          const id = await insertRol(tx, {
            nombre,
            descripcion: body.descripcion?.trim() ?? '',
            now: now(),
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
     * self-registration moves the setting along.
     * @throws 400, 404, 409 VERSION_CONFLICT, 409 CONFLICT (admin is fixed; nombre taken).
     */
    async update(id: number, body: UpdateRol, audit: Auditor): Promise<Rol> {
      const nombre = body.nombre?.trim();
      const permisos = body.permisos && [...new Set(body.permisos)];
      const details: ErrorDetail[] = [];
      if (nombre !== undefined) checkNombre(nombre, details);
      if (permisos) checkPermisos(permisos, details);
      if (details.length > 0) throw validationError(details);
      try {
        return await db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          if (current.version !== body.version) throw versionConflict();
          if (current.nombre === ADMIN_ROLE) {
            const renamed = nombre !== undefined && nombre !== ADMIN_ROLE;
            const repermitted = permisos !== undefined && permisos.length > 0;
            if (renamed || repermitted) throw conflict(ADMIN_MESSAGES.adminRoleFixed);
          }
          if (nombre !== undefined && nombre !== current.nombre) {
            if (nombre === ADMIN_ROLE || (await findRolByNombre(tx, nombre)))
              throw conflict(ADMIN_MESSAGES.roleNameTaken);
          }
          const next = {
            nombre: nombre ?? current.nombre,
            descripcion: body.descripcion?.trim() ?? current.descripcion,
          };
          if (!(await updateRolVersioned(tx, id, body.version, next))) throw versionConflict();
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
              cambios: diff(current, {
                nombre: updated.nombre,
                descripcion: updated.descripcion,
                permisos: updated.permisos,
              }),
            },
            tx,
          );
          return updated;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.roleNameTaken);
        throw err;
      }
    },

    /**
     * DELETE /api/roles/:id?reemplazo=<nombre>. Holders get the replacement first; the default
     * role of self-registration moves to the replacement too.
     * @throws 400 (bad replacement), 404, 409 CONFLICT (admin; in use without replacement;
     *   default role without replacement).
     */
    async remove(id: number, reemplazo: string | undefined, audit: Auditor): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const current = await mustFind(tx, id);
        if (current.nombre === ADMIN_ROLE) throw conflict(ADMIN_MESSAGES.adminRoleFixed);
        let replacement: Rol | undefined;
        if (reemplazo !== undefined && reemplazo.trim() !== '') {
          replacement = await findRolByNombre(tx, reemplazo.trim());
          if (!replacement || replacement.id === id) {
            throw validationError([
              { field: 'reemplazo', message: ADMIN_MESSAGES.invalidReplacement },
            ]);
          }
        }
        const isDefault = (await getAjuste(tx, 'rol_por_defecto')) === current.nombre;
        if (!replacement && current.usuarios > 0) throw conflict(ADMIN_MESSAGES.roleInUse);
        if (isDefault && (!replacement || replacement.nombre === ADMIN_ROLE))
          throw conflict(ADMIN_MESSAGES.roleIsDefault);
        if (replacement) await addReplacementRole(tx, id, replacement.id);
        if (isDefault && replacement) await setAjuste(tx, 'rol_por_defecto', replacement.nombre);
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
            },
          },
          tx,
        );
      });
    },
  };
}
