/**
 * SCIM 2.0 provisioning (issue #17, RFC 7643/7644).
 *
 * - `scim_conexiones`: one row per bearer token a directory (Entra ID, Okta, …) calls
 *   `/scim/v2` with. `token_hash` is the hex SHA-256 of the token (the token itself is never
 *   stored; 256 random bits need no slow hash), unique; `prefijo` its first characters, shown
 *   to tell tokens apart; `creado_por` the user who created it — the connection acts with that
 *   user's authority (delegation rules, DESIGN.md §8) and stops working when they are
 *   deactivated, deleted or lose `configuracion:gestionar`; `revocado_en` set by a revoke (rows
 *   are kept for the audit's sake); `ultimo_uso_en` written at most every 5 minutes.
 * - `usuarios.external_id`: the directory's own id of the user (SCIM `externalId`), unique when
 *   present (the partial unique index also serves `filter=externalId eq "…"`). Groups have had
 *   theirs since 0014. SCIM's `meta.version` and `meta.lastModified` are the existing `version`
 *   and `actualizado_en` of users; groups gain `actualizado_en` here (null until a write).
 * - `filter=userName eq "…"` is served by the unique index on `usuarios.email` (0001); the
 *   e-mail is stored lowercase and SCIM's userName is compared case-insensitively (RFC 7643
 *   §4.1.1 `caseExact: false`) by lowercasing the literal, so no new index is needed.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

export function scim(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(dialect)(db.schema.createTable('scim_conexiones'))
        .addColumn('nombre', 'varchar(60)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('prefijo', 'varchar(20)', (c) => c.notNull())
        .addColumn('creado_por', 'integer', (c) =>
          c.references('usuarios.id').onDelete('set null'),
        )
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_uso_en', 'bigint')
        .addColumn('revocado_en', 'bigint')
        .execute();

      await db.schema.alterTable('usuarios').addColumn('external_id', 'varchar(255)').execute();
      await db.schema
        .createIndex('usuarios_external_id_uq')
        .on('usuarios')
        .column('external_id')
        .unique()
        .where(sql.ref('external_id'), 'is not', null)
        .execute();

      await db.schema.alterTable('grupos').addColumn('actualizado_en', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('usuarios_external_id_uq').ifExists().execute();
      await db.schema.alterTable('usuarios').dropColumn('external_id').execute();
      await db.schema.alterTable('grupos').dropColumn('actualizado_en').execute();
      await db.schema.dropTable('scim_conexiones').ifExists().execute();
    },
  };
}
