/**
 * The administration (issue #4): normalised search columns on `usuarios`, maintained by the
 * repository (`usuarioSearchColumns`), and the indexes the user list sorts by.
 *
 * - `nombre_norm`: the nombre without accents, lowercase — the sort key of `sort=nombre` (so
 *   "Álvaro" sorts among the A's on both databases) and the prefix-search column.
 * - `busqueda`: `nombre_norm` + ' ' + e-mail, lowercase — what `q` matches (accent- and
 *   case-insensitive on SQLite and PostgreSQL alike).
 * Each sort index ends in `id`, the tie-breaker of every page, so a page is an index walk.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { usuarioSearchColumns } from '../../repositories/busqueda';
import type { Dialect } from './index';

export function administracion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('usuarios')
        .addColumn('nombre_norm', 'varchar(120)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('usuarios')
        .addColumn('busqueda', 'varchar(400)', (c) => c.notNull().defaultTo(''))
        .execute();

      // Backfill rows written before this migration (the first admin, registered users).
      const rows = await sql<{ id: number; nombre: string; email: string }>`
        select id, nombre, email from usuarios`.execute(db);
      for (const r of rows.rows) {
        const cols = usuarioSearchColumns(r.nombre, r.email);
        await sql`update usuarios set nombre_norm = ${cols.nombre_norm}, busqueda = ${cols.busqueda}
                   where id = ${r.id}`.execute(db);
      }

      await db.schema
        .createIndex('usuarios_nombre_norm_idx')
        .on('usuarios')
        .columns(['nombre_norm', 'id'])
        .execute();
      await db.schema
        .createIndex('usuarios_creado_idx')
        .on('usuarios')
        .columns(['creado_en', 'id'])
        .execute();
      await db.schema
        .createIndex('usuarios_ultimo_acceso_idx')
        .on('usuarios')
        .columns(['ultimo_acceso', 'id'])
        .execute();
      // The audit log is also filtered by target.
      await db.schema
        .createIndex('auditoria_objetivo_idx')
        .on('auditoria')
        .columns(['objetivo_tipo', 'objetivo_id', 'creado_en'])
        .execute();
      void dialect;
    },
    async down(db: Kysely<unknown>) {
      for (const idx of [
        'auditoria_objetivo_idx',
        'usuarios_ultimo_acceso_idx',
        'usuarios_creado_idx',
        'usuarios_nombre_norm_idx',
      ]) {
        await db.schema.dropIndex(idx).ifExists().execute();
      }
      await db.schema.alterTable('usuarios').dropColumn('busqueda').execute();
      await db.schema.alterTable('usuarios').dropColumn('nombre_norm').execute();
    },
  };
}

/**
 * Indexed substring search for `q` (issue #4 benchmark: p95 ≤ 25 ms at 100 000 users, where a
 * LIKE '%…%' scan of every row measured 37 ms p50 / 88 ms p95 on SQLite):
 * - SQLite: an FTS5 table with the trigram tokenizer over `usuarios.busqueda` (external content,
 *   kept in step by triggers); `LIKE '%mar%'` on it is answered from the trigram index.
 * - PostgreSQL: a GIN `pg_trgm` index on `busqueda`, used by the same LIKE. The extension is
 *   created in `public` when possible (so dropping a per-test schema never drops it); without
 *   the right to create it the search still works, unindexed.
 */
export function administracionBusqueda(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`create virtual table usuarios_busqueda using fts5(
          busqueda, content='usuarios', content_rowid='id', tokenize='trigram')`.execute(db);
        await sql`insert into usuarios_busqueda(usuarios_busqueda) values ('rebuild')`.execute(db);
        await sql`create trigger usuarios_busqueda_ai after insert on usuarios begin
          insert into usuarios_busqueda(rowid, busqueda) values (new.id, new.busqueda);
        end`.execute(db);
        await sql`create trigger usuarios_busqueda_ad after delete on usuarios begin
          insert into usuarios_busqueda(usuarios_busqueda, rowid, busqueda)
            values ('delete', old.id, old.busqueda);
        end`.execute(db);
        await sql`create trigger usuarios_busqueda_au after update of busqueda on usuarios begin
          insert into usuarios_busqueda(usuarios_busqueda, rowid, busqueda)
            values ('delete', old.id, old.busqueda);
          insert into usuarios_busqueda(rowid, busqueda) values (new.id, new.busqueda);
        end`.execute(db);
        return;
      }
      const has = await sql<{ n: number }>`
        select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
      if (Number(has.rows[0]?.n ?? 0) === 0) {
        await sql`savepoint trgm`.execute(db);
        try {
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
          await sql`release savepoint trgm`.execute(db);
        } catch {
          // No right to create it, or a concurrent migration created it first.
          await sql`rollback to savepoint trgm`.execute(db);
          const again = await sql<{ n: number }>`
            select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
          if (Number(again.rows[0]?.n ?? 0) === 0) return;
        }
      }
      await sql`create index usuarios_busqueda_trgm_idx on usuarios
        using gin (busqueda public.gin_trgm_ops)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const t of ['usuarios_busqueda_ai', 'usuarios_busqueda_ad', 'usuarios_busqueda_au'])
          await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
        await sql`drop table if exists usuarios_busqueda`.execute(db);
        return;
      }
      await sql`drop index if exists usuarios_busqueda_trgm_idx`.execute(db);
    },
  };
}

/**
 * `usuarios_total`: the number of users, kept by triggers, so the unfiltered list (the default
 * view of /configuracion/usuarios) answers `total` without counting every row — a `count(*)`
 * measured ≈ 25 ms at 100 000 users on PostgreSQL and grows linearly. PostgreSQL uses
 * statement-level triggers with transition tables, so a bulk insert updates the row once.
 */
export function administracionTotal(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table usuarios_total (
        id integer primary key check (id = 1), n bigint not null)`.execute(db);
      await sql`insert into usuarios_total (id, n) select 1, count(*) from usuarios`.execute(db);
      if (dialect === 'sqlite') {
        await sql`create trigger usuarios_total_ai after insert on usuarios begin
          update usuarios_total set n = n + 1 where id = 1;
        end`.execute(db);
        await sql`create trigger usuarios_total_ad after delete on usuarios begin
          update usuarios_total set n = n - 1 where id = 1;
        end`.execute(db);
        return;
      }
      await sql`create function usuarios_total_ins() returns trigger language plpgsql as $$
        begin
          update usuarios_total set n = n + (select count(*) from nuevas) where id = 1;
          return null;
        end $$`.execute(db);
      await sql`create function usuarios_total_del() returns trigger language plpgsql as $$
        begin
          update usuarios_total set n = n - (select count(*) from viejas) where id = 1;
          return null;
        end $$`.execute(db);
      await sql`create trigger usuarios_total_ai after insert on usuarios
        referencing new table as nuevas for each statement
        execute function usuarios_total_ins()`.execute(db);
      await sql`create trigger usuarios_total_ad after delete on usuarios
        referencing old table as viejas for each statement
        execute function usuarios_total_del()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop trigger if exists usuarios_total_ai ${sql.raw(dialect === 'postgres' ? 'on usuarios' : '')}`.execute(
        db,
      );
      await sql`drop trigger if exists usuarios_total_ad ${sql.raw(dialect === 'postgres' ? 'on usuarios' : '')}`.execute(
        db,
      );
      if (dialect === 'postgres') {
        await sql`drop function if exists usuarios_total_ins()`.execute(db);
        await sql`drop function if exists usuarios_total_del()`.execute(db);
      }
      await sql`drop table if exists usuarios_total`.execute(db);
    },
  };
}
