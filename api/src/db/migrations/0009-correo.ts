/**
 * The mail outbox (issue #15): `correos`, one row per mail, written in the same transaction as
 * the change that causes it (`enqueueMail`) and delivered by the worker of any api process.
 *
 * - `estado`: `pendiente` (waiting or retrying), `enviado`, `fallido` (gave up after the last
 *   attempt). `intentos` counts attempts started; `proximo_intento` is when the row is next due
 *   (epoch ms; 0 = at once); `bloqueado_hasta` is the lease of the worker that claimed it: until
 *   then no other worker takes the row, after it (the worker died) any worker may.
 * - `cuerpo_html`/`cuerpo_texto` hold the rendered mail until it is sent, then are cleared: they
 *   carry single-use links (see `markSent`).
 * - Indexes: `(estado, proximo_intento)` is the worker's claim query, `(creado_en, id)` the
 *   newest-first listing of Ajustes › Correo.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

export function correo(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(dialect)(db.schema.createTable('correos'))
        .addColumn('destinatario', 'varchar(254)', (c) => c.notNull())
        .addColumn('plantilla', 'varchar(40)', (c) => c.notNull())
        .addColumn('asunto', 'varchar(300)', (c) => c.notNull())
        .addColumn('cuerpo_html', 'text')
        .addColumn('cuerpo_texto', 'text')
        .addColumn('estado', 'varchar(20)', (c) =>
          c
            .notNull()
            .defaultTo('pendiente')
            .check(sql`estado in ('pendiente', 'enviado', 'fallido')`),
        )
        .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('proximo_intento', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('bloqueado_hasta', 'bigint')
        .addColumn('ultimo_error', 'text')
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('enviado_en', 'bigint')
        .execute();
      await db.schema
        .createIndex('correos_pendientes_idx')
        .on('correos')
        .columns(['estado', 'proximo_intento'])
        .execute();
      await db.schema
        .createIndex('correos_creado_idx')
        .on('correos')
        .columns(['creado_en', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('correos').ifExists().execute();
    },
  };
}
