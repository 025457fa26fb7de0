/**
 * The account lifecycle over e-mail (issue #15).
 *
 * - `usuarios` gains four columns: `debe_cambiar_password` (1 after an admin set or generated
 *   the password: ASVS 6.4.6, changed at the first sign-in), `invitacion_pendiente` (1 while an
 *   invited user has not set a password; the hash stored meanwhile matches nothing),
 *   `email_verificado` (0 only for a self-registration made while `verificacionEmail` is on;
 *   users that existed before count as verified, hence the default 1) and `idioma` (the locale
 *   of the user's mails, `es` by default).
 * - `tokens_cuenta`: every mailed single-use token (reset, invitation, verification, e-mail
 *   change, challenged sign-in). Only the SHA-256 of the token is stored (OWASP Forgot Password
 *   Cheat Sheet); `dato` holds what the token applies (the new e-mail of a change, the hashed
 *   code of a challenge); `usado_en` marks it spent. `(usuario_id, tipo)` serves "void the older
 *   ones" and the per-account throttle.
 * - `dispositivos`: the user-agent fingerprints a user has signed in from, so a sign-in from a
 *   new one sends the `new-device` notice.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

const flag = (name: string) => sql`${sql.ref(name)} in (0, 1)`;

export function cicloCuenta(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('usuarios')
        .addColumn('debe_cambiar_password', 'integer', (c) =>
          c.notNull().defaultTo(0).check(flag('debe_cambiar_password')),
        )
        .execute();
      await db.schema
        .alterTable('usuarios')
        .addColumn('invitacion_pendiente', 'integer', (c) =>
          c.notNull().defaultTo(0).check(flag('invitacion_pendiente')),
        )
        .execute();
      await db.schema
        .alterTable('usuarios')
        .addColumn('email_verificado', 'integer', (c) =>
          c.notNull().defaultTo(1).check(flag('email_verificado')),
        )
        .execute();
      await db.schema
        .alterTable('usuarios')
        .addColumn('idioma', 'varchar(5)', (c) => c.notNull().defaultTo('es'))
        .execute();

      await idColumn(dialect)(db.schema.createTable('tokens_cuenta'))
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('tipo', 'varchar(20)', (c) => c.notNull())
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('dato', 'varchar(320)')
        .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('expira_en', 'bigint', (c) => c.notNull())
        .addColumn('usado_en', 'bigint')
        .execute();
      await db.schema
        .createIndex('tokens_cuenta_usuario_idx')
        .on('tokens_cuenta')
        .columns(['usuario_id', 'tipo', 'creado_en'])
        .execute();

      await db.schema
        .createTable('dispositivos')
        .addColumn('usuario_id', 'integer', (c) =>
          c.notNull().references('usuarios.id').onDelete('cascade'),
        )
        .addColumn('huella', 'char(64)', (c) => c.notNull())
        .addColumn('visto_en', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('dispositivos_pk', ['usuario_id', 'huella'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('dispositivos').ifExists().execute();
      await db.schema.dropTable('tokens_cuenta').ifExists().execute();
      for (const col of [
        'idioma',
        'email_verificado',
        'invitacion_pendiente',
        'debe_cambiar_password',
      ])
        await db.schema.alterTable('usuarios').dropColumn(col).execute();
    },
  };
}
