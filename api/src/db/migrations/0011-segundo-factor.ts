/**
 * The second factor (issue #16): TOTP and recovery codes, the two-step sign-in, the per-role
 * requirement and step-up. Everything a replica needs lives here, so any replica completes a
 * second step another one started.
 *
 * - `roles.mfa_obligatorio`: holders must sign in with a second factor. Default 0 for EVERY role,
 *   `admin` included, in this round: the issue wants the seeded `admin` role on, but that switch
 *   is flipped in the next round together with the browser enrolment page (without it an admin
 *   could not reach the console) and the browser tests that sign in as admin. That round flips
 *   it with a new migration and the seed, never by editing this one.
 * - `mfa_totp`: one row per user. `secreto` is the base32 secret encrypted with AES-256-GCM
 *   (lib/mfa-crypto.ts; the key from MFA_ENCRYPTION_KEY or the data directory); `activo` 0 while
 *   the enrolment waits for its first code, 1 after; `ultimo_paso` the last accepted RFC 6238
 *   time step, so a step is accepted once per user (a conditional UPDATE … WHERE ultimo_paso <
 *   :paso decides races by its row count).
 * - `mfa_codigos_recuperacion`: the 10 recovery codes, each an argon2id hash like a password;
 *   `selector` (the code's first four characters, not secret) finds the one row to verify, so a
 *   use costs one argon2id, not ten; `usado_en` spends it.
 * - `mfa_desafios`: second-step and enrolment tokens (SHA-256 only), 5 minutes, `intentos` wrong
 *   codes (spent at 5), `configurar` 1 for the enrolment step of a user who must enrol.
 * - `mfa_fallos`: consecutive failed second factors per user; at 10, `bloqueado_hasta` locks the
 *   second factor for 15 minutes.
 * - `sesiones.reautenticado_en`: when the password or a factor was last entered in this session
 *   (step-up, 10 minutes); null means "at sign-in", i.e. `creada_en`.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

const flag = (name: string) => sql`${sql.ref(name)} in (0, 1)`;

export function segundoFactor(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('roles')
        .addColumn('mfa_obligatorio', 'integer', (c) =>
          c.notNull().defaultTo(0).check(flag('mfa_obligatorio')),
        )
        .execute();
      await db.schema.alterTable('sesiones').addColumn('reautenticado_en', 'bigint').execute();

      await db.schema
        .createTable('mfa_totp')
        .addColumn('usuario_id', 'integer', (c) =>
          c.primaryKey().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('secreto', 'varchar(200)', (c) => c.notNull())
        .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(0).check(flag('activo')))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('activado_en', 'bigint')
        .addColumn('ultimo_paso', 'bigint', (c) => c.notNull().defaultTo(-1))
        .execute();

      await idColumn(dialect)(db.schema.createTable('mfa_codigos_recuperacion'))
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('selector', 'varchar(8)', (c) => c.notNull())
        .addColumn('hash', 'varchar(200)', (c) => c.notNull())
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('usado_en', 'bigint')
        .execute();
      await db.schema
        .createIndex('mfa_codigos_usuario_idx')
        .on('mfa_codigos_recuperacion')
        .columns(['usuario_id', 'selector'])
        .execute();

      await idColumn(dialect)(db.schema.createTable('mfa_desafios'))
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('configurar', 'integer', (c) =>
          c.notNull().defaultTo(0).check(flag('configurar')),
        )
        .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('usado_en', 'bigint')
        .execute();
      await db.schema
        .createIndex('mfa_desafios_usuario_idx')
        .on('mfa_desafios')
        .column('usuario_id')
        .execute();

      await db.schema
        .createTable('mfa_fallos')
        .addColumn('usuario_id', 'integer', (c) =>
          c.primaryKey().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('fallos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bloqueado_hasta', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['mfa_fallos', 'mfa_desafios', 'mfa_codigos_recuperacion', 'mfa_totp'])
        await db.schema.dropTable(t).ifExists().execute();
      await db.schema.alterTable('sesiones').dropColumn('reautenticado_en').execute();
      await db.schema.alterTable('roles').dropColumn('mfa_obligatorio').execute();
    },
  };
}
