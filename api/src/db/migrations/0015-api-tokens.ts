/**
 * Personal API tokens (issue #17): `api_tokens`, one row per token, only the SHA-256 of the
 * secret stored (as sessions, DESIGN.md §3).
 *
 * - `token_hash` unique: the auth hot path looks a `gdu_pat_` bearer up by it (one index probe).
 * - `api_tokens_usuario_idx` (usuario_id, creado_en): "my tokens" newest first, the live-token
 *   count at creation, and the cascade when a user is deleted.
 * - `api_tokens_recordatorio_idx` (expira_en) where the reminder is not sent yet: the periodic
 *   sweep reads only tokens still owed a reminder, a range scan whatever the table's size.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

export function apiTokens(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(dialect)(db.schema.createTable('api_tokens'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('prefijo', 'varchar(20)', (c) => c.notNull())
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('nombre', 'varchar(100)', (c) => c.notNull())
        .addColumn('permisos', 'varchar(2000)', (c) => c.notNull())
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_uso', 'bigint')
        .addColumn('recordatorio_enviado', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('api_tokens_usuario_idx')
        .on('api_tokens')
        .columns(['usuario_id', 'creado_en'])
        .execute();
      await db.schema
        .createIndex('api_tokens_recordatorio_idx')
        .on('api_tokens')
        .column('expira_en')
        .where(sql.ref('recordatorio_enviado'), '=', 0)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
