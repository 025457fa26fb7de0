/**
 * Groups (issue #17): a group carries roles and every member holds them; a user's effective roles
 * are their own plus their groups'.
 *
 * - `grupos`: nombre unique ignoring case (each database's `lower`, as roles since 0008: no
 *   `Ventas` beside `ventas`); `external_id` the directory's id of the group (SCIM
 *   `externalId`), unique when present; `version` for optimistic edits.
 * - `grupo_roles` (grupo_id, rol_id): deleting a role or a group removes the pair.
 * - `grupo_miembros` (grupo_id, usuario_id): deleting a user or a group removes the membership.
 *   The index on `usuario_id` serves the session lookup's group branch (token → user → their
 *   groups, on every request) and "the groups of a user"; the primary key serves "the members
 *   of a group" and the member count. `grupo_roles_rol_idx` serves deleting a role.
 * - The permissions `grupos:ver` and `grupos:gestionar` in a database seeded before: seeding
 *   inserts every missing catalogue permission at each start, but the migration inserts them too
 *   so such a database is complete the moment it is migrated (the rows are the seed's: nombre,
 *   Spanish descripcion, grupo). A new, empty database gets them from the seed, in catalogue
 *   order. `admin` holds them implicitly, like every permission.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

/** The permissions of this migration, as `seedPermissions` writes them (issue #17). */
const PERMISOS = [
  { nombre: 'grupos:ver', descripcion: 'Ver grupos', grupo: 'grupos' },
  { nombre: 'grupos:gestionar', descripcion: 'Gestionar grupos', grupo: 'grupos' },
];

export function grupos(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(dialect)(db.schema.createTable('grupos'))
        .addColumn('nombre', 'varchar(120)', (c) => c.notNull())
        .addColumn('descripcion', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('external_id', 'varchar(255)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .execute();
      await sql`create unique index grupos_nombre_lower_uq on grupos (lower(nombre))`.execute(db);
      await db.schema
        .createIndex('grupos_external_id_uq')
        .on('grupos')
        .column('external_id')
        .unique()
        .where(sql.ref('external_id'), 'is not', null)
        .execute();

      await db.schema
        .createTable('grupo_roles')
        .addColumn('grupo_id', 'integer', (c) =>
          c.notNull().references('grupos.id').onDelete('cascade'),
        )
        .addColumn('rol_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('grupo_roles_pk', ['grupo_id', 'rol_id'])
        .execute();
      await db.schema
        .createIndex('grupo_roles_rol_idx')
        .on('grupo_roles')
        .column('rol_id')
        .execute();

      await db.schema
        .createTable('grupo_miembros')
        .addColumn('grupo_id', 'integer', (c) =>
          c.notNull().references('grupos.id').onDelete('cascade'),
        )
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('grupo_miembros_pk', ['grupo_id', 'usuario_id'])
        .execute();
      await db.schema
        .createIndex('grupo_miembros_usuario_idx')
        .on('grupo_miembros')
        .columns(['usuario_id', 'grupo_id'])
        .execute();

      // Only in a database seeded before (permisos has rows): a new one is seeded right after
      // the migrations, in catalogue order (GET /api/permisos lists by id).
      for (const p of PERMISOS) {
        await sql`insert into permisos (nombre, descripcion, grupo)
          select ${p.nombre}, ${p.descripcion}, ${p.grupo}
          where exists (select 1 from permisos)
            and not exists (select 1 from permisos where nombre = ${p.nombre})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('grupo_miembros').ifExists().execute();
      await db.schema.dropTable('grupo_roles').ifExists().execute();
      await db.schema.dropTable('grupos').ifExists().execute();
      await sql`delete from permisos where nombre in ('grupos:ver', 'grupos:gestionar')`.execute(
        db,
      );
    },
  };
}
