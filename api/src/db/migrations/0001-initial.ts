/**
 * Users, roles, permissions, sessions, audit and settings (issue #2). Indexes are the ones the
 * lookups need: the session hot path goes token_hash → usuario → usuario_roles → rol_permisos.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

export function initial(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('usuarios'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('nombre', 'varchar(120)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('activo', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`activo in (0, 1)`),
        )
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('actualizado_en', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_acceso', 'bigint')
        .execute();

      await withId(db.schema.createTable('roles'))
        .addColumn('nombre', 'varchar(60)', (c) => c.notNull().unique())
        .addColumn('descripcion', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('permisos'))
        .addColumn('nombre', 'varchar(80)', (c) => c.notNull().unique())
        .addColumn('descripcion', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('grupo', 'varchar(60)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rol_permisos')
        .addColumn('rol_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addColumn('permiso_id', 'integer', (c) =>
          c.notNull().references('permisos.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('rol_permisos_pk', ['rol_id', 'permiso_id'])
        .execute();

      await db.schema
        .createTable('usuario_roles')
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('rol_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('usuario_roles_pk', ['usuario_id', 'rol_id'])
        .execute();
      // The primary key serves usuario → roles; this one serves "who holds role X" (the
      // last-admin rule, filtering users by role).
      await db.schema
        .createIndex('usuario_roles_rol_idx')
        .on('usuario_roles')
        .columns(['rol_id', 'usuario_id'])
        .execute();

      await withId(db.schema.createTable('sesiones'))
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('creada_en', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_uso', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(512)')
        .execute();
      // token_hash is indexed by its unique constraint; this one serves "revoke every session of
      // a user" and the foreign-key cascade.
      await db.schema
        .createIndex('sesiones_usuario_idx')
        .on('sesiones')
        .column('usuario_id')
        .execute();
      await db.schema
        .createIndex('sesiones_expira_idx')
        .on('sesiones')
        .column('expira_en')
        .execute();

      await withId(db.schema.createTable('auditoria'))
        .addColumn('actor_id', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
        .addColumn('actor_email', 'varchar(254)')
        .addColumn('accion', 'varchar(60)', (c) => c.notNull())
        .addColumn('objetivo_tipo', 'varchar(60)')
        .addColumn('objetivo_id', 'varchar(254)')
        .addColumn('cambios', 'text')
        .addColumn('ip', 'varchar(64)')
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .execute();
      // The audit log is read newest first and filtered by actor and action.
      await db.schema
        .createIndex('auditoria_creado_idx')
        .on('auditoria')
        .column('creado_en')
        .execute();
      await db.schema
        .createIndex('auditoria_actor_idx')
        .on('auditoria')
        .columns(['actor_id', 'creado_en'])
        .execute();
      await db.schema
        .createIndex('auditoria_accion_idx')
        .on('auditoria')
        .columns(['accion', 'creado_en'])
        .execute();

      await db.schema
        .createTable('ajustes')
        .addColumn('clave', 'varchar(60)', (c) => c.primaryKey())
        .addColumn('valor', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'ajustes',
        'auditoria',
        'sesiones',
        'usuario_roles',
        'rol_permisos',
        'permisos',
        'roles',
        'usuarios',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
