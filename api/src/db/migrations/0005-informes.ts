/**
 * Saved reports (issue #6, shared/src/contracts/informes.ts) and the counter the
 * `periodos-por-evento` report reads.
 *
 * - `informes`: one row per saved report. `filtros` is the saved filter as JSON text (null when
 *   the report has none); `busqueda` is the nombre lower-cased without diacritics (the list's
 *   `q` and its `sort=nombre`, the same on both databases); `creado_por` is set null when the
 *   author is deleted (the contract's `creadoPor: null`). Indexes serve the list's orders and
 *   its `tipo` filter, and the author's deletion (the foreign key's SET NULL looks rows up).
 * - `periodos_por_evento`: how many periods each event has, kept by triggers on `periodos`.
 *   Grouping 1 000 000 periods by event measured ≈ 95 ms on PostgreSQL for the first page and
 *   ≈ 200 ms for counting the events (a busy 2-core machine), over the issue's 200 ms p95 budget
 *   together; read from this table, a page is an index walk of `(n desc, evento_id)` and the
 *   total a count of at most one row per event. Events without periods have no row (a row whose
 *   count reaches 0 is deleted). PostgreSQL uses statement-level triggers with transition
 *   tables, so a bulk insert of periods updates each event's row once.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from './columns';
import type { Dialect } from './index';

/**
 * The report types of issue #6 as they were when this migration was written (a migration never
 * changes with the code: a new type needs a new migration that widens the check).
 */
const TIPOS = [
  'listado',
  'eventos-por-estado',
  'eventos-por-mes',
  'periodos-por-evento',
  'usuarios-por-rol',
  'actividad',
];

async function informesTable(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const tipos = sql.join(TIPOS.map((t) => sql.lit(t)));
  await idColumn(dialect)(db.schema.createTable('informes'))
    .addColumn('nombre', 'varchar(200)', (c) => c.notNull())
    .addColumn('busqueda', 'varchar(200)', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tipo', 'varchar(40)', (c) => c.notNull().check(sql`tipo in (${tipos})`))
    .addColumn('filtros', 'text')
    .addColumn('creado_por', 'integer', (c) => c.references('usuarios.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creado_en', 'bigint', (c) => c.notNull())
    .addColumn('actualizado_en', 'bigint', (c) => c.notNull())
    .execute();
  // Each list order ends in `id`, the tie-breaker of every page.
  const indexes: [string, string[]][] = [
    ['informes_creado_idx', ['creado_en', 'id']],
    ['informes_actualizado_idx', ['actualizado_en', 'id']],
    ['informes_busqueda_idx', ['busqueda', 'id']],
    ['informes_tipo_idx', ['tipo', 'creado_en']],
    ['informes_creado_por_idx', ['creado_por']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('informes').columns(columns).execute();
  }
}

async function periodosPorEventoSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger periodos_por_evento_ai after insert on periodos begin
    insert into periodos_por_evento (evento_id, n) values (new.evento_id, 1)
      on conflict (evento_id) do update set n = n + 1;
  end`.execute(db);
  await sql`create trigger periodos_por_evento_ad after delete on periodos begin
    update periodos_por_evento set n = n - 1 where evento_id = old.evento_id;
    delete from periodos_por_evento where evento_id = old.evento_id and n <= 0;
  end`.execute(db);
  await sql`create trigger periodos_por_evento_au after update of evento_id on periodos
    when old.evento_id <> new.evento_id begin
    insert into periodos_por_evento (evento_id, n) values (new.evento_id, 1)
      on conflict (evento_id) do update set n = n + 1;
    update periodos_por_evento set n = n - 1 where evento_id = old.evento_id;
    delete from periodos_por_evento where evento_id = old.evento_id and n <= 0;
  end`.execute(db);
}

async function periodosPorEventoPostgres(db: Kysely<unknown>): Promise<void> {
  // Adding before subtracting, so an update that keeps evento_id never deletes the row.
  await sql`create function periodos_por_evento_sumar() returns trigger language plpgsql as $$
    begin
      insert into periodos_por_evento (evento_id, n)
        select evento_id, count(*) from nuevas group by evento_id
        on conflict (evento_id) do update set n = periodos_por_evento.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`create function periodos_por_evento_restar() returns trigger language plpgsql as $$
    begin
      update periodos_por_evento p set n = p.n - d.c
        from (select evento_id, count(*) as c from viejas group by evento_id) d
        where p.evento_id = d.evento_id;
      delete from periodos_por_evento
        where n <= 0 and evento_id in (select evento_id from viejas);
      return null;
    end $$`.execute(db);
  await sql`create function periodos_por_evento_mover() returns trigger language plpgsql as $$
    begin
      insert into periodos_por_evento (evento_id, n)
        select nu.evento_id, count(*) from nuevas nu join viejas vi on vi.id = nu.id
        where nu.evento_id <> vi.evento_id group by nu.evento_id
        on conflict (evento_id) do update set n = periodos_por_evento.n + excluded.n;
      update periodos_por_evento p set n = p.n - d.c
        from (select vi.evento_id, count(*) as c from viejas vi join nuevas nu on nu.id = vi.id
              where nu.evento_id <> vi.evento_id group by vi.evento_id) d
        where p.evento_id = d.evento_id;
      delete from periodos_por_evento
        where n <= 0 and evento_id in (select evento_id from viejas);
      return null;
    end $$`.execute(db);
  await sql`create trigger periodos_por_evento_ai after insert on periodos
    referencing new table as nuevas for each statement
    execute function periodos_por_evento_sumar()`.execute(db);
  await sql`create trigger periodos_por_evento_ad after delete on periodos
    referencing old table as viejas for each statement
    execute function periodos_por_evento_restar()`.execute(db);
  await sql`create trigger periodos_por_evento_au after update on periodos
    referencing old table as viejas new table as nuevas for each statement
    execute function periodos_por_evento_mover()`.execute(db);
}

export function informes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await informesTable(db, dialect);

      await sql`create table periodos_por_evento (
        evento_id integer primary key references eventos (id) on delete cascade,
        n bigint not null)`.execute(db);
      await sql`insert into periodos_por_evento (evento_id, n)
        select evento_id, count(*) from periodos group by evento_id`.execute(db);
      // The report's order: most periods first, ties by event id.
      await sql`create index periodos_por_evento_n_idx
        on periodos_por_evento (n desc, evento_id)`.execute(db);
      if (dialect === 'sqlite') await periodosPorEventoSqlite(db);
      else await periodosPorEventoPostgres(db);
    },
    async down(db: Kysely<unknown>) {
      const on = sql.raw(dialect === 'postgres' ? 'on periodos' : '');
      for (const t of [
        'periodos_por_evento_ai',
        'periodos_por_evento_ad',
        'periodos_por_evento_au',
      ]) {
        await sql`drop trigger if exists ${sql.id(t)} ${on}`.execute(db);
      }
      if (dialect === 'postgres') {
        for (const f of ['sumar', 'restar', 'mover']) {
          await sql`drop function if exists ${sql.id(`periodos_por_evento_${f}`)}()`.execute(db);
        }
      }
      await sql`drop table if exists periodos_por_evento`.execute(db);
      await db.schema.dropTable('informes').ifExists().execute();
    },
  };
}
