/**
 * Active-user splits of the user counters, so the reports and filters of issue #6 that only
 * filter by `activo` (and a single `rol`) answer from counters instead of counting a million
 * users (bench/results/informes.md: listado of the active users 0.3–2.4 s p95, usuarios-por-rol
 * by activo 0.5–1.5 s, `rol eq` + `activo eq` 0.65–3.3 s).
 *
 * - `usuarios_total.activos` (0002 keeps `n`): how many users have `activo = 1`.
 * - `usuarios_rol_total.activos` (0004 keeps `n`): how many holders of each role are active.
 *
 * Both are backfilled from the existing rows, then kept exact by triggers on `usuarios` (insert,
 * delete, update of activo) and `usuario_roles` (insert, delete — including the cascade of
 * deleting a user or a role — and update):
 *
 * - SQLite (row-level triggers): a link's trigger reads its user's `activo`. When a user is
 *   deleted, a BEFORE DELETE trigger takes the user out of their roles' `activos`; the cascade
 *   then deletes the links after the user row is gone, and their trigger finds no user (adds 0).
 * - PostgreSQL (statement-level triggers with transition tables, as 0002/0004): a cascade's
 *   transition table has no user to read, so each link carries a copy of its user's `activo`
 *   (`usuario_roles.activo`, set by a BEFORE INSERT row trigger, rewritten when the user's
 *   `activo` changes). The counters are read from the transition tables alone. Counter rows are
 *   touched in rol_id order and, within one statement, the per-role rows before `usuarios_total`
 *   — the order a user's deletion takes them (the cascade's trigger runs before the user table's
 *   statement trigger) — so two transactions take the locks in the same order.
 *   A user update that leaves `activo` alone touches no counter (a sign-in writes
 *   `ultimo_acceso`; it must not queue on `usuarios_total`).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

/** The SQLite triggers 0002/0004 created and this migration replaces. */
const SQLITE_OLD = [
  'usuarios_total_ai',
  'usuarios_total_ad',
  'usuarios_rol_total_ai',
  'usuarios_rol_total_ad',
  'usuarios_rol_total_au',
];
const SQLITE_NEW = ['usuarios_activo_au', 'usuarios_rol_activos_bd'];

async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios_total add column activos bigint not null default 0`.execute(db);
  await sql`alter table usuarios_rol_total add column activos bigint not null default 0`.execute(
    db,
  );
  await sql`update usuarios_total set activos = (select count(*) from usuarios where activo = 1)
    where id = 1`.execute(db);
  await sql`update usuarios_rol_total set activos = (select count(*) from usuario_roles ur
    join usuarios u on u.id = ur.usuario_id
    where ur.rol_id = usuarios_rol_total.rol_id and u.activo = 1)`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const t of SQLITE_OLD) await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  await sql`create trigger usuarios_total_ai after insert on usuarios begin
    update usuarios_total set n = n + 1, activos = activos + new.activo where id = 1;
  end`.execute(db);
  await sql`create trigger usuarios_total_ad after delete on usuarios begin
    update usuarios_total set n = n - 1, activos = activos - old.activo where id = 1;
  end`.execute(db);
  await sql`create trigger usuarios_activo_au after update of activo on usuarios
    when new.activo <> old.activo begin
    update usuarios_total set activos = activos + new.activo - old.activo where id = 1;
    update usuarios_rol_total set activos = activos + new.activo - old.activo
      where rol_id in (select rol_id from usuario_roles where usuario_id = new.id);
  end`.execute(db);
  // Before the row goes: the cascade deletes the links after it, when their trigger can no
  // longer read the user's activo.
  await sql`create trigger usuarios_rol_activos_bd before delete on usuarios
    when old.activo = 1 begin
    update usuarios_rol_total set activos = activos - 1
      where rol_id in (select rol_id from usuario_roles where usuario_id = old.id);
  end`.execute(db);
  const activo = (id: string) =>
    sql.raw(`coalesce((select u.activo from usuarios u where u.id = ${id}), 0)`);
  await sql`create trigger usuarios_rol_total_ai after insert on usuario_roles begin
    insert into usuarios_rol_total (rol_id, n, activos) values (new.rol_id, 1, ${activo('new.usuario_id')})
      on conflict (rol_id) do update set n = n + 1, activos = activos + excluded.activos;
  end`.execute(db);
  await sql`create trigger usuarios_rol_total_ad after delete on usuario_roles begin
    update usuarios_rol_total set n = n - 1, activos = activos - ${activo('old.usuario_id')}
      where rol_id = old.rol_id;
  end`.execute(db);
  await sql`create trigger usuarios_rol_total_au after update of rol_id, usuario_id on usuario_roles
    when new.rol_id is not old.rol_id or new.usuario_id is not old.usuario_id begin
    update usuarios_rol_total set n = n - 1, activos = activos - ${activo('old.usuario_id')}
      where rol_id = old.rol_id;
    insert into usuarios_rol_total (rol_id, n, activos) values (new.rol_id, 1, ${activo('new.usuario_id')})
      on conflict (rol_id) do update set n = n + 1, activos = activos + excluded.activos;
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The link's copy of its user's activo (see the header): set on insert from the user row.
  await sql`alter table usuario_roles add column activo smallint not null default 0`.execute(db);
  await sql`update usuario_roles ur set activo = 1 from usuarios u
    where u.id = ur.usuario_id and u.activo = 1`.execute(db);
  await sql`create function usuario_roles_activo() returns trigger language plpgsql as $$
    declare a smallint;
    begin
      -- FOR SHARE waits for a concurrent change of the user's activo (its UPDATE holds the row),
      -- and makes that change wait for this link: its trigger then sees the link to rewrite.
      -- The foreign key's KEY SHARE lock alone does not conflict with an UPDATE of activo.
      select u.activo into a from usuarios u where u.id = new.usuario_id for share;
      new.activo := coalesce(a, 0);
      return new;
    end $$`.execute(db);
  await sql`create trigger usuario_roles_activo_bi before insert on usuario_roles
    for each row execute function usuario_roles_activo()`.execute(db);

  // 0004's functions, now with activos (same triggers call them).
  await sql`create or replace function usuarios_rol_total_sumar() returns trigger
    language plpgsql as $$
    begin
      insert into usuarios_rol_total as t (rol_id, n, activos)
        select rol_id, count(*), sum(activo) from nuevas group by rol_id order by rol_id
        on conflict (rol_id) do update set n = t.n + excluded.n,
          activos = t.activos + excluded.activos;
      return null;
    end $$`.execute(db);
  await sql`create or replace function usuarios_rol_total_restar() returns trigger
    language plpgsql as $$
    declare r record;
    begin
      for r in select rol_id, count(*) as c, sum(activo) as a from viejas
          group by rol_id order by rol_id loop
        update usuarios_rol_total set n = n - r.c, activos = activos - r.a
          where rol_id = r.rol_id;
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create or replace function usuarios_rol_total_mover() returns trigger
    language plpgsql as $$
    declare r record;
    begin
      for r in
        select rol_id, sum(d) as d, sum(a) as a from (
          select rol_id, -1 as d, -activo as a from viejas
          union all select rol_id, 1, activo from nuevas) x
        group by rol_id having sum(d) <> 0 or sum(a) <> 0 order by rol_id
      loop
        insert into usuarios_rol_total as t (rol_id, n, activos) values (r.rol_id, r.d, r.a)
          on conflict (rol_id) do update set n = t.n + excluded.n,
            activos = t.activos + excluded.activos;
      end loop;
      return null;
    end $$`.execute(db);

  // 0002's functions, now with activos.
  await sql`create or replace function usuarios_total_ins() returns trigger language plpgsql as $$
    begin
      update usuarios_total set n = n + (select count(*) from nuevas),
        activos = activos + (select coalesce(sum(activo), 0) from nuevas) where id = 1;
      return null;
    end $$`.execute(db);
  await sql`create or replace function usuarios_total_del() returns trigger language plpgsql as $$
    begin
      update usuarios_total set n = n - (select count(*) from viejas),
        activos = activos - (select coalesce(sum(activo), 0) from viejas) where id = 1;
      return null;
    end $$`.execute(db);

  // A change of activo: the links' copies first (their trigger moves the per-role counters in
  // rol_id order), then usuarios_total — the order a deletion takes them.
  await sql`create function usuarios_activo_mover() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from nuevas nu join viejas vi on vi.id = nu.id
                     where nu.activo <> vi.activo) then
        return null;
      end if;
      update usuario_roles ur set activo = nu.activo
        from nuevas nu join viejas vi on vi.id = nu.id
        where nu.activo <> vi.activo and ur.usuario_id = nu.id;
      update usuarios_total set activos = activos + (select sum(nu.activo - vi.activo)
        from nuevas nu join viejas vi on vi.id = nu.id) where id = 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger usuarios_activo_au after update on usuarios
    referencing old table as viejas new table as nuevas for each statement
    execute function usuarios_activo_mover()`.execute(db);
}

export function informesContadores(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        // Backfilled after the link copies, with every trigger in place in the same transaction.
        await postgresTriggers(db);
        await backfill(db);
      } else {
        await backfill(db);
        await sqliteTriggers(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const t of [...SQLITE_OLD, ...SQLITE_NEW]) {
          await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
        }
        // 0002's and 0004's triggers as they were.
        await sql`create trigger usuarios_total_ai after insert on usuarios begin
          update usuarios_total set n = n + 1 where id = 1;
        end`.execute(db);
        await sql`create trigger usuarios_total_ad after delete on usuarios begin
          update usuarios_total set n = n - 1 where id = 1;
        end`.execute(db);
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
      } else {
        await sql`drop trigger if exists usuarios_activo_au on usuarios`.execute(db);
        await sql`drop function if exists usuarios_activo_mover()`.execute(db);
        await sql`drop trigger if exists usuario_roles_activo_bi on usuario_roles`.execute(db);
        await sql`drop function if exists usuario_roles_activo()`.execute(db);
        // 0002's and 0004's function bodies as they were.
        await sql`create or replace function usuarios_rol_total_sumar() returns trigger
          language plpgsql as $$
          begin
            insert into usuarios_rol_total as t (rol_id, n)
              select rol_id, count(*) from nuevas group by rol_id order by rol_id
              on conflict (rol_id) do update set n = t.n + excluded.n;
            return null;
          end $$`.execute(db);
        await sql`create or replace function usuarios_rol_total_restar() returns trigger
          language plpgsql as $$
          declare r record;
          begin
            for r in select rol_id, count(*) as c from viejas group by rol_id order by rol_id loop
              update usuarios_rol_total set n = n - r.c where rol_id = r.rol_id;
            end loop;
            return null;
          end $$`.execute(db);
        await sql`create or replace function usuarios_rol_total_mover() returns trigger
          language plpgsql as $$
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
        await sql`create or replace function usuarios_total_ins() returns trigger
          language plpgsql as $$
          begin
            update usuarios_total set n = n + (select count(*) from nuevas) where id = 1;
            return null;
          end $$`.execute(db);
        await sql`create or replace function usuarios_total_del() returns trigger
          language plpgsql as $$
          begin
            update usuarios_total set n = n - (select count(*) from viejas) where id = 1;
            return null;
          end $$`.execute(db);
        await sql`alter table usuario_roles drop column if exists activo`.execute(db);
      }
      await sql`alter table usuarios_rol_total drop column activos`.execute(db);
      await sql`alter table usuarios_total drop column activos`.execute(db);
    },
  };
}
