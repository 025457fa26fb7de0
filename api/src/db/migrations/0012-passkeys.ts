/**
 * Passkeys (issue #16): WebAuthn credentials and their single-use challenges.
 *
 * - `passkeys`: one row per registered credential. `credencial_id` is the credential id in
 *   base64url (WebAuthn allows up to 1023 bytes, 1364 characters), unique across every account,
 *   so a sign-in without a password finds its one owner; `clave_publica` the COSE public key in
 *   base64url; `contador` the last signature counter seen (a 32-bit unsigned value, hence
 *   `bigint`), which must grow — a conditional UPDATE on it decides races; `transportes` the
 *   transports the browser reported, comma-separated (hints for the next ceremony);
 *   `sincronizada` WebAuthn's backup-state flag.
 * - `passkey_desafios`: the challenges of registration (`tipo` 'registro', bound to the user and,
 *   for the enrolment step, to its `mfa_desafios` row) and of authentication ('autenticacion',
 *   bound to a user only when it is the second step of that user's sign-in). Random 32 bytes, 5
 *   minutes, spent by a conditional UPDATE (`usado_en IS NULL AND expira_en > now`) whose row
 *   count decides, so a challenge is used once on either database and across replicas. Expired
 *   rows are pruned as new ones are issued (the `expira_en` index).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

export function passkeys(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(dialect)(db.schema.createTable('passkeys'))
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('credencial_id', 'varchar(1400)', (c) => c.notNull().unique())
        .addColumn('clave_publica', 'text', (c) => c.notNull())
        .addColumn('contador', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transportes', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('nombre', 'varchar(60)', (c) => c.notNull())
        .addColumn('sincronizada', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`sincronizada in (0, 1)`),
        )
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_uso_en', 'bigint')
        .execute();
      await db.schema
        .createIndex('passkeys_usuario_idx')
        .on('passkeys')
        .column('usuario_id')
        .execute();

      await idColumn(dialect)(db.schema.createTable('passkey_desafios'))
        .addColumn('desafio', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('tipo', 'varchar(20)', (c) =>
          c.notNull().check(sql`tipo in ('registro', 'autenticacion')`),
        )
        .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id').onDelete('cascade'))
        .addColumn('mfa_desafio_id', 'integer', (c) =>
          c.references('mfa_desafios.id').onDelete('cascade'),
        )
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('usado_en', 'bigint')
        .execute();
      await db.schema
        .createIndex('passkey_desafios_expira_idx')
        .on('passkey_desafios')
        .column('expira_en')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey_desafios').ifExists().execute();
      await db.schema.dropTable('passkeys').ifExists().execute();
    },
  };
}
