/**
 * Events and their periods (issue #5). Dates are UTC epoch ms (`bigint`), like every other
 * table. Indexes serve the list queries of GET /api/eventos (state filter, date order and range,
 * search) and one event's periods ordered by start (also the overlap check).
 *
 * Two steps, registered in index.ts as `0003-eventos` (`eventos`) and `0003-eventos-busqueda`
 * (`eventosBusqueda`, the search and duration indexes measured afterwards).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

/**
 * On PostgreSQL, a trigram GIN index makes `busqueda LIKE '%palabra%'` an index scan. pg_trgm
 * ships with PostgreSQL and is a trusted extension (13+), but a role may still lack the right to
 * create it: then the search works by scanning, just slower. Created in `public`, never in a
 * per-test schema whose `drop … cascade` would take the extension away from everyone.
 */
async function trigramIndex(db: Kysely<unknown>): Promise<void> {
  const find = () =>
    sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  let found = await find();
  if (found.rows.length === 0) {
    // A savepoint, because a refused CREATE EXTENSION would abort the migration's transaction.
    await sql`savepoint eventos_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint eventos_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint eventos_trgm`.execute(db);
    }
    found = await find();
  }
  const schema = found.rows[0]?.schema;
  if (!schema) return;
  await sql`create index eventos_busqueda_trgm_idx on eventos
    using gin (busqueda ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}

export function eventos(dialect: Dialect): Migration {
  const withId = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('eventos'))
        .addColumn('nombre', 'varchar(200)', (c) => c.notNull())
        .addColumn('descripcion', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lugar', 'varchar(200)', (c) => c.notNull())
        // `nombre lugar` lower-cased without diacritics, written by the repository: the search
        // is case- and accent-insensitive the same way on both databases.
        .addColumn('busqueda', 'varchar(401)', (c) => c.notNull())
        .addColumn('fecha_inicio', 'bigint', (c) => c.notNull())
        .addColumn('fecha_fin', 'bigint', (c) => c.notNull())
        .addColumn('estado', 'varchar(20)', (c) =>
          c
            .notNull()
            .defaultTo('borrador')
            .check(sql`estado in ('borrador', 'publicado', 'cancelado', 'finalizado')`),
        )
        .addColumn('responsable_id', 'integer', (c) =>
          c.references('usuarios.id').onDelete('set null'),
        )
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('actualizado_en', 'bigint', (c) => c.notNull())
        .addCheckConstraint('eventos_fechas_chk', sql`fecha_inicio < fecha_fin`)
        .execute();
      // The default order and the `desde`/`hasta` range start from fecha_inicio; the state
      // filter (chips) comes first when present.
      await db.schema
        .createIndex('eventos_fecha_inicio_idx')
        .on('eventos')
        .columns(['fecha_inicio', 'id'])
        .execute();
      await db.schema
        .createIndex('eventos_estado_idx')
        .on('eventos')
        .columns(['estado', 'fecha_inicio'])
        .execute();
      await db.schema
        .createIndex('eventos_responsable_idx')
        .on('eventos')
        .column('responsable_id')
        .execute();
      if (dialect === 'postgres') await trigramIndex(db);

      await withId(db.schema.createTable('periodos'))
        .addColumn('evento_id', 'integer', (c) =>
          c.notNull().references('eventos.id').onDelete('cascade'),
        )
        .addColumn('nombre', 'varchar(200)', (c) => c.notNull())
        .addColumn('descripcion', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('fecha_inicio', 'bigint', (c) => c.notNull())
        .addColumn('fecha_fin', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creado_en', 'bigint', (c) => c.notNull())
        .addColumn('actualizado_en', 'bigint', (c) => c.notNull())
        .addCheckConstraint('periodos_fechas_chk', sql`fecha_inicio < fecha_fin`)
        .execute();
      // One event's periods in order (list, timeline), the overlap check and the cascade.
      await db.schema
        .createIndex('periodos_evento_inicio_idx')
        .on('periodos')
        .columns(['evento_id', 'fecha_inicio'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('periodos').execute();
      await db.schema.dropTable('eventos').execute();
    },
  };
}

/**
 * Step `0003-eventos-busqueda` (it was a file of its own, `0003-eventos-busqueda.ts`, until
 * issue #14 gave every file one number; its name as recorded by deployed databases is kept).
 * Indexes measured by the issue #5 benchmark (bench/eventos.mjs, 100 000 events):
 *
 * - SQLite: `LIKE '%palabra%'` scans every row; an FTS5 trigram index over `busqueda` (external
 *   content, kept in step by triggers) finds substrings of three or more characters by index.
 *   PostgreSQL already has its trigram GIN index (0003-eventos).
 * - Both: `(fecha_fin - fecha_inicio)` indexed, so the longest event's duration is one index
 *   probe. The date-range filter uses it to bound `fecha_inicio` from below (an event that ends
 *   after `desde` started at most that long before it), turning a half-table scan into a range.
 *
 * Named to sort right after 0003-eventos.
 */
export function eventosBusqueda(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('eventos_duracion_idx')
        .on('eventos')
        .expression(sql`(fecha_fin - fecha_inicio)`)
        .execute();
      if (dialect !== 'sqlite') return;
      await sql`create virtual table eventos_fts using fts5(
        busqueda, content='eventos', content_rowid='id', tokenize='trigram')`.execute(db);
      await sql`create trigger eventos_fts_ai after insert on eventos begin
        insert into eventos_fts(rowid, busqueda) values (new.id, new.busqueda);
      end`.execute(db);
      await sql`create trigger eventos_fts_ad after delete on eventos begin
        insert into eventos_fts(eventos_fts, rowid, busqueda) values ('delete', old.id, old.busqueda);
      end`.execute(db);
      await sql`create trigger eventos_fts_au after update of busqueda on eventos begin
        insert into eventos_fts(eventos_fts, rowid, busqueda) values ('delete', old.id, old.busqueda);
        insert into eventos_fts(rowid, busqueda) values (new.id, new.busqueda);
      end`.execute(db);
      await sql`insert into eventos_fts(eventos_fts) values ('rebuild')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const t of ['eventos_fts_ai', 'eventos_fts_ad', 'eventos_fts_au']) {
          await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
        }
        await sql`drop table if exists eventos_fts`.execute(db);
      }
      await db.schema.dropIndex('eventos_duracion_idx').execute();
    },
  };
}
