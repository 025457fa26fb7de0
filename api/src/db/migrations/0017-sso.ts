/**
 * Single sign-on with OpenID Connect (issue #18).
 *
 * - `sso_proveedores`: one provider; nombre unique ignoring case; `client_secret_cifrado` is
 *   AES-256-GCM (lib/sso-crypto.ts, the key of the TOTP secrets); `metadatos` the discovery
 *   document as JSON (stored when the issuer is saved, so a sign-in needs no discovery round);
 *   `scopes` and `dominios` JSON arrays; `rol_por_defecto_id` loses its role (set null) when
 *   the role is deleted.
 * - `sso_mapeo_grupos` (proveedor_id, grupo, rol_id): deleting the role or the provider removes
 *   the line.
 * - `sso_identidades`: the link (proveedor, sub) → usuario, unique both ways per provider (one
 *   identity per account and provider); `issuer` kept so the link is readable on its own.
 * - `sso_estados`: a sign-in round (state hashed, nonce, PKCE verifier, redirect), 10 minutes,
 *   spent once; in the database so any replica finishes a round another one started.
 * - `sso_resultados`: the one-time value the callback hands to /login/sso (hashed), 60 s.
 * - `sso_roles_usuario`: which `usuario_roles` rows a provider's group mapping gave, so the next
 *   sign-in removes only those and leaves roles given by hand alone. Its foreign key to
 *   `usuario_roles` cascades: removing the role by hand forgets the mark. The session lookup
 *   reads `usuario_roles` as before; nothing else changes for effective roles.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

export function sso(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('sso_proveedores'))
        .addColumn('nombre', 'varchar(80)', (c) => c.notNull())
        .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('client_secret_cifrado', 'text', (c) => c.notNull())
        .addColumn('metadatos', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('dominios', 'text', (c) => c.notNull())
        .addColumn('crear_usuarios', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rol_por_defecto_id', 'integer', (c) =>
          c.references('roles.id').onDelete('set null'),
        )
        .addColumn('claim_grupos', 'varchar(100)', (c) => c.notNull().defaultTo('groups'))
        .addColumn('obligatorio', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .execute();
      await sql`create unique index sso_proveedores_nombre_lower_uq on sso_proveedores (lower(nombre))`.execute(
        db,
      );

      await db.schema
        .createTable('sso_mapeo_grupos')
        .addColumn('proveedor_id', 'integer', (c) =>
          c.notNull().references('sso_proveedores.id').onDelete('cascade'),
        )
        .addColumn('grupo', 'varchar(255)', (c) => c.notNull())
        .addColumn('rol_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('sso_mapeo_grupos_pk', ['proveedor_id', 'grupo', 'rol_id'])
        .execute();
      await db.schema
        .createIndex('sso_mapeo_grupos_rol_idx')
        .on('sso_mapeo_grupos')
        .column('rol_id')
        .execute();

      await withId(db.schema.createTable('sso_identidades'))
        .addColumn('proveedor_id', 'integer', (c) =>
          c.notNull().references('sso_proveedores.id').onDelete('cascade'),
        )
        .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
        .addColumn('sub', 'varchar(255)', (c) => c.notNull())
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_uso_en', 'bigint')
        .addUniqueConstraint('sso_identidades_sub_uq', ['proveedor_id', 'sub'])
        .addUniqueConstraint('sso_identidades_usuario_uq', ['proveedor_id', 'usuario_id'])
        .execute();
      await db.schema
        .createIndex('sso_identidades_usuario_idx')
        .on('sso_identidades')
        .column('usuario_id')
        .execute();

      await withId(db.schema.createTable('sso_estados'))
        .addColumn('estado_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('proveedor_id', 'integer', (c) =>
          c.notNull().references('sso_proveedores.id').onDelete('cascade'),
        )
        .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
        .addColumn('verificador', 'varchar(200)', (c) => c.notNull())
        .addColumn('redirect', 'varchar(2000)', (c) => c.notNull())
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('usado_en', 'bigint')
        .execute();

      await withId(db.schema.createTable('sso_resultados'))
        .addColumn('valor_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('proveedor_id', 'integer', (c) =>
          c.notNull().references('sso_proveedores.id').onDelete('cascade'),
        )
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('usado_en', 'bigint')
        .execute();

      await db.schema
        .createTable('sso_roles_usuario')
        .addColumn('usuario_id', 'integer', (c) => c.notNull())
        .addColumn('rol_id', 'integer', (c) => c.notNull())
        .addColumn('proveedor_id', 'integer', (c) =>
          c.notNull().references('sso_proveedores.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('sso_roles_usuario_pk', ['usuario_id', 'rol_id', 'proveedor_id'])
        .addForeignKeyConstraint(
          'sso_roles_usuario_fk',
          ['usuario_id', 'rol_id'],
          'usuario_roles',
          ['usuario_id', 'rol_id'],
          (c) => c.onDelete('cascade'),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'sso_roles_usuario',
        'sso_resultados',
        'sso_estados',
        'sso_identidades',
        'sso_mapeo_grupos',
        'sso_proveedores',
      ])
        await db.schema.dropTable(t).ifExists().execute();
    },
  };
}
