/**
 * The user list's fast paths (issue #4 benchmark, migration 0004) keep their answers exact:
 * the per-role counters follow creates, deletes, role changes, imports and role deletion with a
 * replacement; the migration counts existing links; pages picked walking backwards from the end
 * equal the same rows walked forwards; a search's total is exact up to `TOTAL_MAX` and says
 * `TOTAL_MAX` above it.
 */
import type { Rol, UsuariosPage } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { usuariosRendimiento } from '../src/db/migrations/0004-usuarios-rendimiento';
import { TOTAL_MAX } from '../src/repositories/usuarios-list-repository';
import { DATABASES, uniqueEmail } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

describe.each(DATABASES)('user list totals and pages on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;

  withAdminWorld(dialect, (x) => ({ w, app, admin } = x));

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(app, admin, { method, url, ...(payload === undefined ? {} : { payload }) });
  const list = async (qs: string) => {
    const res = await req('GET', `/api/usuarios?${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json<UsuariosPage>();
  };
  /** What the api says for `?rol=` and what a count over usuario_roles says. */
  const totals = async (rol: string) => {
    const counted = await sql<{ n: number }>`select count(*) as n from usuario_roles ur
      join roles r on r.id = ur.rol_id where r.nombre = ${rol}`.execute(app.db);
    return {
      api: (await list(`rol=${encodeURIComponent(rol)}&pageSize=1`)).total,
      real: Number(counted.rows[0]!.n),
    };
  };
  const expectExact = async (...roles: string[]) => {
    for (const rol of roles) {
      const t = await totals(rol);
      expect({ rol, n: t.api }).toEqual({ rol, n: t.real });
    }
  };

  it('role totals follow creates, role changes and deletes', async () => {
    const before = await totals('gestor');
    const a = await createUser(app, admin, { roles: ['gestor', 'usuario'] });
    const b = await createUser(app, admin, { roles: ['gestor'] });
    expect((await totals('gestor')).api).toBe(before.api + 2);
    await expectExact('gestor', 'usuario', 'admin');

    expect((await req('PUT', `/api/usuarios/${a.id}/roles`, { roles: ['admin'] })).statusCode).toBe(
      200,
    );
    await expectExact('gestor', 'usuario', 'admin');
    expect((await req('PUT', `/api/usuarios/${b.id}/roles`, { roles: [] })).statusCode).toBe(200);
    expect((await totals('gestor')).api).toBe(before.api);

    expect((await req('DELETE', `/api/usuarios/${a.id}`)).statusCode).toBe(204);
    await expectExact('gestor', 'usuario', 'admin');
    // A role nobody ever held, and one that does not exist: 0, not an error.
    expect((await list('rol=inexistente')).total).toBe(0);
  });

  it('role totals follow an import that creates users and replaces roles', async () => {
    const nuevo = uniqueEmail('imp');
    const existente = await createUser(app, admin, { roles: ['usuario'] });
    const before = await totals('gestor');
    const res = await call(app, admin, {
      method: 'POST',
      url: '/api/usuarios/import',
      payload: `email,nombre,roles\r\n${nuevo},Importada,gestor|usuario\r\n${existente.email},Existente,gestor\r\n`,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(res.statusCode).toBe(200);
    expect((await totals('gestor')).api).toBe(before.api + 2);
    await expectExact('gestor', 'usuario', 'admin');
  });

  it('role totals follow a role deleted with a replacement, and direct updates', async () => {
    const rol = (
      await req('POST', '/api/roles', { nombre: 'efimero', permisos: ['eventos:ver'] })
    ).json<Rol>();
    const u1 = await createUser(app, admin, { roles: ['efimero'] });
    await createUser(app, admin, { roles: ['efimero', 'gestor'] });
    await expectExact('efimero', 'gestor');
    expect((await list('rol=efimero')).total).toBe(2);

    expect((await req('DELETE', `/api/roles/${rol.id}?reemplazo=gestor`)).statusCode).toBe(204);
    await expectExact('efimero', 'gestor', 'usuario');

    // An UPDATE of usuario_roles (no route does one today; the trigger must still count it).
    const ids = await sql<{ id: number }>`select id from roles where nombre in ('gestor', 'usuario')
      order by nombre`.execute(app.db);
    const [gestorId, usuarioId] = ids.rows.map((r) => r.id);
    await sql`update usuario_roles set rol_id = ${usuarioId} where usuario_id = ${u1.id}
      and rol_id = ${gestorId}`.execute(app.db);
    await expectExact('gestor', 'usuario');
  });

  it('role totals stay exact when two users swap roles at once, and neither fails', async () => {
    const a = await createUser(app, admin, { roles: ['gestor'] });
    const b = await createUser(app, admin, { roles: ['usuario'] });
    for (let round = 0; round < 4; round++) {
      const [ra, rb] = round % 2 ? [['gestor'], ['usuario']] : [['usuario'], ['gestor']];
      const res = await Promise.all([
        req('PUT', `/api/usuarios/${a.id}/roles`, { roles: ra }),
        req('PUT', `/api/usuarios/${b.id}/roles`, { roles: rb }),
      ]);
      expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    await expectExact('gestor', 'usuario');
  });

  it('the migration counts the links that exist when it runs (backfill), and goes down', async () => {
    const m = usuariosRendimiento(dialect);
    const roleId = async (nombre: string) =>
      (await sql<{ id: number }>`select id from roles where nombre = ${nombre}`.execute(app.db))
        .rows[0]!.id;
    const [gestor, usuario] = [await roleId('gestor'), await roleId('usuario')];
    const u = w.ids.usuario;
    await m.down!(app.db);
    // Written while no trigger counts (straight SQL: the api expects the migration in place).
    await sql`insert into usuario_roles (usuario_id, rol_id) values (${u}, ${gestor})`.execute(
      app.db,
    );
    await sql`delete from usuario_roles where usuario_id = ${u} and rol_id = ${usuario}`.execute(
      app.db,
    );
    await m.up(app.db);
    await expectExact('gestor', 'usuario', 'admin');
    // And the triggers count again from there.
    await sql`delete from usuario_roles where usuario_id = ${u} and rol_id = ${gestor}`.execute(
      app.db,
    );
    await sql`insert into usuario_roles (usuario_id, rol_id) values (${u}, ${usuario})`.execute(
      app.db,
    );
    await expectExact('gestor', 'usuario', 'admin');
  });

  it('every page equals the same rows walked forwards, from either end', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    // A search with few matches sorts the ids it counted; a role's total is exact (counter), so
    // its pages in the second half are walked back from the end.
    const rol = `r${tag}`;
    expect((await req('POST', '/api/roles', { nombre: rol, permisos: [] })).statusCode).toBe(201);
    const names = ['Ana', 'Bea', 'Ángel', 'Carla', 'Diego', 'Eva', 'Félix'];
    for (const [i, n] of names.entries()) {
      const { email } = await createUser(app, admin, { nombre: `${n} ${tag}`, roles: [rol] });
      // Some users signed in (ultimo_acceso set), some never did (null, last either way).
      if (i % 2 === 0) await signIn(app, email);
    }
    const sorts = ['nombre', '-nombre', 'email', '-creadoEn', 'ultimoAcceso', '-ultimoAcceso'];
    for (const filter of [`q=${tag}`, `rol=${rol}`]) {
      for (const sort of sorts) {
        const all = await list(`${filter}&sort=${sort}&pageSize=100`);
        expect(all.total).toBe(names.length);
        const paged: number[] = [];
        for (let page = 1; page <= 4; page++) {
          const p = await list(`${filter}&sort=${sort}&page=${page}&pageSize=2`);
          expect(p.total).toBe(names.length);
          paged.push(...p.items.map((x) => x.id));
        }
        expect({ filter, sort, ids: paged }).toEqual({
          filter,
          sort,
          ids: all.items.map((x) => x.id),
        });
        expect((await list(`${filter}&sort=${sort}&page=5&pageSize=2`)).items).toEqual([]);
      }
    }
    // Unfiltered: the last page (walked backwards) ends with the last user of the order.
    const total = (await list('pageSize=1')).total;
    const last = await list(`sort=nombre&page=${total}&pageSize=1`);
    const lastDesc = await list('sort=-nombre&pageSize=1');
    expect(last.items.map((x) => x.id)).toEqual(lastDesc.items.map((x) => x.id));
  });

  it(`a search's total is exact up to ${TOTAL_MAX} and says ${TOTAL_MAX} above`, async () => {
    // Letters only, so the digits searched below come from the row numbers alone.
    const tag = `tm${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const n = TOTAL_MAX + 5;
    // Straight into the table: creating thousands of users through the api takes minutes.
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})
      insert into usuarios (email, nombre, nombre_norm, busqueda, password_hash, activo, version,
        creado_en, actualizado_en, ultimo_acceso)
      select t || i || '@x.es', t || ' ' || i, t || ' ' || i, t || ' ' || i || ' ' || t || i || '@x.es',
        'x', 1, 1, 0, 0, null
      from s, (select cast(${tag} as varchar(40)) as t) k`.execute(app.db);
    expect((await list(`q=${tag}`)).total).toBe(TOTAL_MAX);
    expect((await list(`q=${tag} 12`)).total).toBe(
      // i containing "12" among 1…n.
      Array.from({ length: n }, (_, i) => String(i + 1)).filter((s) => s.includes('12')).length,
    );
    expect((await list(`q=${tag}&activo=false`)).total).toBe(0);
    // Pages past the cap still come, walked from the start (a capped total places nothing).
    const deep = await list(`q=${tag}&sort=nombre&page=${TOTAL_MAX / 5 + 1}&pageSize=5`);
    expect(deep.total).toBe(TOTAL_MAX);
    expect(deep.items).toHaveLength(5);
    const byName = await list(`q=${tag}&sort=-nombre&pageSize=1`);
    expect(byName.items[0]!.nombre.startsWith(tag)).toBe(true);
    // The unfiltered total stays exact (trigger-kept), far above the cap.
    const counted = await sql<{ n: number }>`select count(*) as n from usuarios`.execute(app.db);
    expect((await list('pageSize=1')).total).toBe(Number(counted.rows[0]!.n));
  });
});
