/**
 * The user list at 1 000 000 users (issue #4 benchmark: p95 ≤ 50 ms on SQLite and PostgreSQL).
 *
 * `usuarios_rol_total(rol_id, n)`: how many users hold each role, kept by triggers on
 * `usuario_roles` (insert, delete — including the cascades of deleting a user or a role — and
 * update), so `GET /api/usuarios?rol=…` answers `total` exactly without counting the holders: a
 * count over the role index measured 46 ms p50 on PostgreSQL and ~100 ms on SQLite for the
 * 700 000 holders of `usuario`. Same pattern as `usuarios_total` (0002): row-level triggers on
 * SQLite, statement-level triggers with transition tables on PostgreSQL so a bulk insert (an
 * import, a replacement role) touches each counter once. A role nobody holds may have no row
 * (read as 0); a deleted role's row goes with it (foreign key, cascade).
 *
 * Existing links are counted once when the migration runs (backfill).
 *
 * `usuarios_nombre_busqueda_idx`: the nombre sort order carrying `busqueda`, so a search page
 * walks it testing each entry without reading the row (index-only): "gonz" (1 % of users)
 * skips ~2 500 entries before its first page is full, each a random row read without it. The
 * narrower `usuarios_nombre_norm_idx` (0002) stays for unfiltered pages, deep ones above all.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

const SQLITE_TRIGGERS = ['usuarios_rol_total_ai', 'usuarios_rol_total_ad', 'usuarios_rol_total_au'];

export function usuariosRendimiento(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index usuarios_nombre_busqueda_idx on usuarios ${sql.raw(
        dialect === 'postgres'
          ? '(nombre_norm, id) include (busqueda)'
          : '(nombre_norm, id, busqueda)',
      )}`.execute(db);

      await sql`create table usuarios_rol_total (
        rol_id integer primary key references roles (id) on delete cascade,
        n bigint not null)`.execute(db);
      await sql`insert into usuarios_rol_total (rol_id, n)
        select rol_id, count(*) from usuario_roles group by rol_id`.execute(db);

      if (dialect === 'sqlite') {
        await sql`create trigger usuarios_rol_total_ai after insert on usuario_roles begin
          insert into usuarios_rol_total (rol_id, n) values (new.rol_id, 1)
            on conflict (rol_id) do update set n = n + 1;
        end`.execute(db);
        await sql`create trigger usuarios_rol_total_ad after delete on usuario_roles begin
          update usuarios_rol_total set n = n - 1 where rol_id = old.rol_id;
        end`.execute(db);
        await sql`create trigger usuarios_rol_total_au after update of rol_id on usuario_roles
          when new.rol_id is not old.rol_id begin
          update usuarios_rol_total set n = n - 1 where rol_id = old.rol_id;
          insert into usuarios_rol_total (rol_id, n) values (new.rol_id, 1)
            on conflict (rol_id) do update set n = n + 1;
        end`.execute(db);
        return;
      }

      // Counters are touched in rol_id order so two transactions changing several roles take
      // the row locks in the same order (no deadlock between them).
      await sql`create function usuarios_rol_total_sumar() returns trigger language plpgsql as $$
        begin
          insert into usuarios_rol_total as t (rol_id, n)
            select rol_id, count(*) from nuevas group by rol_id order by rol_id
            on conflict (rol_id) do update set n = t.n + excluded.n;
          return null;
        end $$`.execute(db);
      await sql`create function usuarios_rol_total_restar() returns trigger language plpgsql as $$
        declare r record;
        begin
          for r in select rol_id, count(*) as c from viejas group by rol_id order by rol_id loop
            update usuarios_rol_total set n = n - r.c where rol_id = r.rol_id;
          end loop;
          return null;
        end $$`.execute(db);
      await sql`create function usuarios_rol_total_mover() returns trigger language plpgsql as $$
        declare r record;
        begin
          for r in
            select rol_id, sum(d) as d from (
              select rol_id, -1 as d from viejas union all select rol_id, 1 from nuevas) x
            group by rol_id having sum(d) <> 0 order by rol_id
          loop
            insert into usuarios_rol_total as t (rol_id, n) values (r.rol_id, r.d)
              on conflict (rol_id) do update set n = t.n + excluded.n;
          end loop;
          return null;
        end $$`.execute(db);
      await sql`create trigger usuarios_rol_total_ai after insert on usuario_roles
        referencing new table as nuevas for each statement
        execute function usuarios_rol_total_sumar()`.execute(db);
      await sql`create trigger usuarios_rol_total_ad after delete on usuario_roles
        referencing old table as viejas for each statement
        execute function usuarios_rol_total_restar()`.execute(db);
      await sql`create trigger usuarios_rol_total_au after update on usuario_roles
        referencing old table as viejas new table as nuevas for each statement
        execute function usuarios_rol_total_mover()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const t of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
      } else {
        for (const t of SQLITE_TRIGGERS)
          await sql`drop trigger if exists ${sql.id(t)} on usuario_roles`.execute(db);
        for (const f of [
          'usuarios_rol_total_sumar',
          'usuarios_rol_total_restar',
          'usuarios_rol_total_mover',
        ])
          await sql`drop function if exists ${sql.id(f)}()`.execute(db);
      }
      await sql`drop table if exists usuarios_rol_total`.execute(db);
      await sql`drop index if exists usuarios_nombre_busqueda_idx`.execute(db);
    },
  };
}
