/**
 * Roles and the permission catalogue. Seeding is insert-if-missing: a restart never duplicates
 * a row, and never undoes what an administrator changed (a role's permissions are only written
 * when the role itself is created).
 */
import {
  ADMIN_ROLE,
  PERMISSION_DESCRIPTIONS,
  ALL_PERMISSIONS,
  SEEDED_ROLES,
  type PermissionName,
} from '@gestion/shared';
import type { Db } from '../db/types';

/** Inserts every catalogue permission that is missing (nombre, Spanish descripcion, grupo). */
export async function seedPermissions(db: Db): Promise<void> {
  await db
    .insertInto('permisos')
    .values(
      ALL_PERMISSIONS.map((nombre: PermissionName) => ({
        nombre,
        descripcion: PERMISSION_DESCRIPTIONS[nombre],
        grupo: nombre.split(':')[0] ?? nombre,
      })),
    )
    .onConflict((oc) => oc.column('nombre').doNothing())
    .execute();
}

/**
 * Creates each seeded role that does not exist yet, with its permissions. `admin` is created
 * requiring a second factor (issue #16; migration 0013 switches it on in older databases); only
 * on creation, so an admin's later decision to switch it off survives restarts.
 */
export async function seedRoles(db: Db, now: number): Promise<void> {
  for (const role of SEEDED_ROLES) {
    const inserted = await db
      .insertInto('roles')
      .values({
        nombre: role.nombre,
        descripcion: role.descripcion,
        version: 1,
        creado_en: now,
        mfa_obligatorio: role.nombre === ADMIN_ROLE ? 1 : 0,
      })
      .onConflict((oc) => oc.column('nombre').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted || role.permisos.length === 0) continue;
    const permisos = await db
      .selectFrom('permisos')
      .select('id')
      .where('nombre', 'in', role.permisos)
      .execute();
    await db
      .insertInto('rol_permisos')
      .values(permisos.map((p) => ({ rol_id: inserted.id, permiso_id: p.id })))
      .onConflict((oc) => oc.columns(['rol_id', 'permiso_id']).doNothing())
      .execute();
  }
}

/** Removes every role from a user (tests; user management later). */
export async function removeAllRoles(db: Db, usuarioId: number): Promise<void> {
  await db.deleteFrom('usuario_roles').where('usuario_id', '=', usuarioId).execute();
}
