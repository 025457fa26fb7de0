/**
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
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

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
