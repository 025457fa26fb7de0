/**
 * Role nombres unique ignoring case (issue #13): no `Admin` beside `admin`, which a reader of the
 * role list, an audit row or a CSV would take for the same role. A unique index on
 * `lower(nombre)` (each database's own `lower`, the one the service's check uses too; SQLite's
 * folds ASCII only).
 *
 * Existing duplicates are renamed before the index is built: within each group of nombres equal
 * ignoring case the oldest role (lowest id) keeps its nombre, every other one becomes
 * `<nombre>-<id>` (cut to the 60-character limit), so no holder loses a role. When the default
 * role of self-registration was one of those, the setting follows it.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

/** Largest role nombre (ROL_NOMBRE_MAX_LENGTH of shared/src/contracts/roles.ts). */
const MAX = 60;

export function rolesNombreUnico(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const { rows } = await sql<{ id: number; nombre: string }>`select r.id, r.nombre
        from roles r
        where exists (select 1 from roles o where lower(o.nombre) = lower(r.nombre) and o.id < r.id)
        order by r.id`.execute(db);
      const porDefecto = await sql<{ valor: string }>`select valor from ajustes
        where clave = 'rol_por_defecto'`.execute(db);
      const defaultNombre = porDefecto.rows[0]?.valor;
      for (const r of rows) {
        const suffix = `-${r.id}`;
        const nombre = `${r.nombre.slice(0, MAX - suffix.length)}${suffix}`;
        await sql`update roles set nombre = ${nombre} where id = ${r.id}`.execute(db);
        if (defaultNombre === JSON.stringify(r.nombre)) {
          await sql`update ajustes set valor = ${JSON.stringify(nombre)}
            where clave = 'rol_por_defecto'`.execute(db);
        }
      }
      await sql`create unique index roles_nombre_lower_uq on roles (lower(nombre))`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('roles_nombre_lower_uq').ifExists().execute();
    },
  };
}
