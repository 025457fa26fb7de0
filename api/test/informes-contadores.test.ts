/**
 * The counter fast paths of issue #6's reports and filters (migration 0007) keep every answer
 * exact: the users' and per-role `activos` follow creates, deletes (and their cascades),
 * activo changes (one user or many in one statement), role changes, imports and a role deleted
 * with a replacement; the migration backfills existing rows; and each fast answer (a filter's
 * total, a listado's total and chart, usuarios-por-rol by activo) equals the same query over the
 * tables — on every database of DATABASES.
 */
import type { FiltradoPage, Informe, InformeResultado, Rol } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { informesContadores } from '../src/db/migrations/0007-informes-contadores';
import { insertEvento } from '../src/repositories/eventos-repository';
import { filtroWhere } from '../src/repositories/filtrado-condiciones';
import {
  periodosPorEvento,
  usuariosPorRol,
} from '../src/repositories/informes-agregados-repository';
import { validateFiltro } from '../src/services/filtrado-service';
import { DATABASES, uniqueEmail } from './helper';
import { call, createUser } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

const ROLES = ['admin', 'gestor', 'usuario'];

describe.each(DATABASES)('informes: counters on %s', (dialect) => {
  let app: FastifyInstance;
  let admin: string;

  withAdminWorld(dialect, (x) => ({ app, admin } = x));

  const req = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => call(app, admin, { method, url, ...(payload === undefined ? {} : { payload }) });

  /** The counters next to the same numbers counted over the tables. */
  async function expectCountersExact(): Promise<void> {
    const total = await sql<{ n: number; activos: number }>`
      select n, activos from usuarios_total where id = 1`.execute(app.db);
    const real = await sql<{ n: number; activos: number }>`select count(*) as n,
      coalesce(sum(activo), 0) as activos from usuarios`.execute(app.db);
    expect(total.rows.map((r) => [Number(r.n), Number(r.activos)])).toEqual(
      real.rows.map((r) => [Number(r.n), Number(r.activos)]),
    );
    const porRol = await sql<{ nombre: string; n: number | null; activos: number | null }>`
      select r.nombre, t.n, t.activos from roles r
      left join usuarios_rol_total t on t.rol_id = r.id order by r.nombre`.execute(app.db);
    const contado = await sql<{ nombre: string; n: number; activos: number }>`
      select r.nombre, count(u.id) as n, coalesce(sum(u.activo), 0) as activos from roles r
      left join usuario_roles ur on ur.rol_id = r.id
      left join usuarios u on u.id = ur.usuario_id
      group by r.nombre order by r.nombre`.execute(app.db);
    expect(porRol.rows.map((r) => [r.nombre, Number(r.n ?? 0), Number(r.activos ?? 0)])).toEqual(
      contado.rows.map((r) => [r.nombre, Number(r.n), Number(r.activos)]),
    );
  }

  /** POST /api/filtrado's total, and the same filter counted over the table. */
  async function expectFiltradoExact(entidad: string, filtros: unknown[]): Promise<number> {
    const res = await req('POST', '/api/filtrado', { entidad, filtros, pageSize: 1 });
    expect(res.statusCode).toBe(200);
    const v = validateFiltro({ entidad, filtros } as never);
    const tabla = entidad === 'usuarios' ? sql`usuarios as u` : sql`periodos as p`;
    const slow = await sql<{ n: number }>`select count(*) as n from ${tabla}
      where ${filtroWhere(v.entidad, v.filtros)}`.execute(app.db);
    const total = res.json<FiltradoPage>().total;
    expect({ entidad, filtros, total }).toEqual({
      entidad,
      filtros,
      total: Number(slow.rows[0]!.n),
    });
    return total;
  }

  const f = (campo: string, operador: string, valor: unknown) => ({ campo, operador, valor });
  /** Every filter with a counter fast path, and neighbours that take the slow one. */
  const USER_FILTERS: unknown[][] = [
    [],
    [f('activo', 'eq', true)],
    [f('activo', 'eq', false)],
    [f('activo', 'ne', true)],
    ...ROLES.flatMap((r) => [
      [f('rol', 'eq', r)],
      [f('rol', 'en', [r])],
      [f('rol', 'eq', r), f('activo', 'eq', true)],
      [f('activo', 'eq', false), f('rol', 'eq', r)],
    ]),
    [f('rol', 'en', ['gestor', 'usuario']), f('activo', 'eq', true)],
    [f('id', 'gte', 1), f('activo', 'eq', true)],
    [f('id', 'gte', 3), f('activo', 'eq', true)],
  ];
  const expectUsersExact = async () => {
    await expectCountersExact();
    for (const filtros of USER_FILTERS) await expectFiltradoExact('usuarios', filtros);
  };

  const setActivo = async (id: number, activo: boolean) => {
    const cur = await req('GET', `/api/usuarios/${id}`);
    const version = cur.json<{ version: number }>().version;
    const res = await req('PATCH', `/api/usuarios/${id}`, { activo, version });
    expect(res.statusCode).toBe(200);
  };

  it('follow creates, activo changes, role changes and deletes', async () => {
    await expectUsersExact();
    const a = await createUser(app, admin, { roles: ['gestor', 'usuario'] });
    const b = await createUser(app, admin, { roles: ['gestor'] });
    const c = await createUser(app, admin, { roles: [] });
    await expectUsersExact();
    await setActivo(a.id, false);
    await setActivo(c.id, false);
    await expectUsersExact();
    // Roles of an inactive user move with their inactivity.
    expect((await req('PUT', `/api/usuarios/${a.id}/roles`, { roles: ['admin'] })).statusCode).toBe(
      200,
    );
    await expectUsersExact();
    await setActivo(a.id, true);
    await setActivo(b.id, false);
    await expectUsersExact();
    // Deleting users deletes their links by cascade: an inactive and an active one.
    expect((await req('DELETE', `/api/usuarios/${b.id}`)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/usuarios/${a.id}`)).statusCode).toBe(204);
    await expectUsersExact();
  });

  it('follow statements over many rows: activo of many users, deletes, link updates', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        (await createUser(app, admin, { roles: i % 2 ? ['gestor'] : ['gestor', 'usuario'] })).id,
      );
    }
    await sql`update usuarios set activo = 0 where id in (${sql.join(ids)})`.execute(app.db);
    await expectUsersExact();
    // One statement activating some and leaving others.
    await sql`update usuarios set activo = case when id = ${ids[0]} then 0 else 1 end
      where id in (${sql.join(ids)})`.execute(app.db);
    await expectUsersExact();
    const roles = await sql<{ id: number; nombre: string }>`select id, nombre from roles`.execute(
      app.db,
    );
    const rolId = (n: string) => roles.rows.find((r) => r.nombre === n)!.id;
    await sql`update usuario_roles set rol_id = ${rolId('admin')}
      where rol_id = ${rolId('gestor')} and usuario_id in (${sql.join(ids.slice(0, 2))})
      and not exists (select 1 from usuario_roles x where x.usuario_id = usuario_roles.usuario_id
        and x.rol_id = ${rolId('admin')})`.execute(app.db);
    await expectUsersExact();
    await sql`delete from usuarios where id in (${sql.join(ids.slice(1))})`.execute(app.db);
    await expectUsersExact();
  });

  it('stay exact when activo changes and role swaps run at once, and none fails', async () => {
    const a = await createUser(app, admin, { roles: ['gestor', 'usuario'] });
    const b = await createUser(app, admin, { roles: ['usuario', 'gestor'] });
    const c = await createUser(app, admin, { roles: ['gestor'] });
    const d = await createUser(app, admin, { roles: ['usuario'] });
    for (let round = 0; round < 4; round++) {
      const activo = round % 2 === 1;
      const [rc, rd] = round % 2 ? [['gestor'], ['usuario']] : [['usuario'], ['gestor']];
      const versions = await Promise.all(
        [a, b].map(
          async (u) =>
            (await req('GET', `/api/usuarios/${u.id}`)).json<{ version: number }>().version,
        ),
      );
      const res = await Promise.all([
        req('PATCH', `/api/usuarios/${a.id}`, { activo, version: versions[0] }),
        req('PATCH', `/api/usuarios/${b.id}`, { activo, version: versions[1] }),
        req('PUT', `/api/usuarios/${c.id}/roles`, { roles: rc }),
        req('PUT', `/api/usuarios/${d.id}/roles`, { roles: rd }),
      ]);
      expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    }
    await expectUsersExact();
  });

  it('follow an import and a role deleted with a replacement', async () => {
    const existente = await createUser(app, admin, { roles: ['usuario'] });
    await setActivo(existente.id, false);
    const res = await call(app, admin, {
      method: 'POST',
      url: '/api/usuarios/import',
      payload: `email,nombre,roles\r\n${uniqueEmail('imp')},Importada,gestor|usuario\r\n${existente.email},Existente,gestor\r\n`,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(res.statusCode).toBe(200);
    await expectUsersExact();

    const rol = (
      await req('POST', '/api/roles', { nombre: 'pasajero', permisos: ['eventos:ver'] })
    ).json<Rol>();
    const u1 = await createUser(app, admin, { roles: ['pasajero'] });
    await createUser(app, admin, { roles: ['pasajero', 'gestor'] });
    await setActivo(u1.id, false);
    await expectUsersExact();
    for (const filtros of [
      [f('rol', 'eq', 'pasajero')],
      [f('rol', 'eq', 'pasajero'), f('activo', 'eq', true)],
    ]) {
      await expectFiltradoExact('usuarios', filtros);
    }
    expect((await req('DELETE', `/api/roles/${rol.id}?reemplazo=gestor`)).statusCode).toBe(204);
    await expectUsersExact();
  });

  it('the migration backfills activos from existing rows, and its triggers count from there', async () => {
    const m = informesContadores(dialect);
    await m.down!(app.db);
    // Written while only 0002/0004 count (n, not activos).
    const extra = await createUser(app, admin, { roles: ['usuario', 'gestor'] });
    await sql`update usuarios set activo = 0 where id = ${extra.id}`.execute(app.db);
    await m.up(app.db);
    await expectUsersExact();
    await sql`update usuarios set activo = 1 where id = ${extra.id}`.execute(app.db);
    await expectUsersExact();
    await sql`delete from usuarios where id = ${extra.id}`.execute(app.db);
    await expectUsersExact();
  });

  describe('reports read the counters with the answers of the tables', () => {
    async function informe(tipo: string, filtros?: unknown): Promise<Informe> {
      const res = await req('POST', '/api/informes', {
        nombre: `contadores ${tipo} ${Math.random()}`,
        tipo,
        ...(filtros === undefined ? {} : { filtros }),
      });
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return res.json<Informe>();
    }
    async function resultado(id: number): Promise<InformeResultado> {
      const res = await req('GET', `/api/informes/${id}/resultado?pageSize=5`);
      expect(res.statusCode).toBe(200);
      return res.json<InformeResultado>();
    }

    beforeAll(async () => {
      // Three events with 3, 1 and 2 periods, and one with none.
      const eventos = [];
      for (const nombre of ['Feria', 'Congreso', 'Taller', 'Vacío']) {
        eventos.push(
          await insertEvento(app.db, {
            nombre,
            descripcion: '',
            lugar: 'Sala',
            fechaInicio: Date.UTC(2024, 0, 1),
            fechaFin: Date.UTC(2024, 0, 2),
            estado: 'publicado',
            responsableId: null,
            at: 0,
          }),
        );
      }
      const plan = [3, 1, 2, 0];
      for (const [k, n] of plan.entries()) {
        for (let i = 0; i < n; i++) {
          await sql`insert into periodos (evento_id, nombre, descripcion, fecha_inicio, fecha_fin,
            version, creado_en, actualizado_en)
            values (${eventos[k]!.id}, ${`P${i}`}, '', ${Date.UTC(2024, 0, 1) + i}, ${Date.UTC(2024, 0, 2)},
              1, 0, 0)`.execute(app.db);
        }
      }
      // Some users inactive, with roles.
      const u = await createUser(app, admin, { roles: ['gestor', 'usuario'] });
      await setActivo(u.id, false);
    });

    it('a listado of every period: total from periodos_por_evento, chart as grouped', async () => {
      for (const filtros of [[f('id', 'gte', 1)], [f('id', 'gt', 0)], [f('id', 'gte', 2)]]) {
        await expectFiltradoExact('periodos', filtros);
        const i = await informe('listado', { entidad: 'periodos', filtros });
        const r = await resultado(i.id);
        const v = validateFiltro({ entidad: 'periodos', filtros });
        const slow = await periodosPorEvento(app.db, {
          where: filtroWhere(v.entidad, v.filtros),
          limit: 100,
        });
        expect(r.serie).toEqual(slow.map((x) => ({ etiqueta: x.evento, valor: x.n })));
      }
      // After more periods and a deleted event (its periods go by cascade).
      const ev = await sql<{ id: number }>`select id from eventos where nombre = 'Feria'`.execute(
        app.db,
      );
      await sql`delete from eventos where id = ${ev.rows[0]!.id}`.execute(app.db);
      await expectFiltradoExact('periodos', [f('id', 'gte', 1)]);
    });

    it('a listado of users by activo/rol: total and chart equal the counted ones', async () => {
      for (const filtros of USER_FILTERS.filter((x) => x.length > 0)) {
        const i = await informe('listado', { entidad: 'usuarios', filtros });
        const r = await resultado(i.id);
        const v = validateFiltro({ entidad: 'usuarios', filtros } as never);
        const slow = await sql<{ a: number; i: number }>`select
          (select count(*) from usuarios as u where u.activo = 1 and ${filtroWhere(v.entidad, v.filtros)}) as a,
          (select count(*) from usuarios as u where u.activo = 0 and ${filtroWhere(v.entidad, v.filtros)}) as i`.execute(
          app.db,
        );
        const { a, i: ina } = slow.rows[0]!;
        expect({ filtros, serie: r.serie, total: r.total }).toEqual({
          filtros,
          serie: [
            { etiqueta: 'activo', valor: Number(a) },
            { etiqueta: 'inactivo', valor: Number(ina) },
          ],
          total: Number(a) + Number(ina),
        });
      }
    });

    it('actividad counted per day range equals grouping by day, across 1970 and day edges', async () => {
      // Created first: its own audit row (today) would widen the span past DAY_RANGES_MAX.
      const i = await informe('actividad');
      await app.db.deleteFrom('auditoria').execute();
      const DAY = 86_400_000;
      const instants = [
        -1,
        0,
        DAY - 1,
        DAY,
        5 * DAY + 7,
        5 * DAY + 8,
        40 * DAY,
        -3 * DAY,
        -3 * DAY - 1,
      ];
      for (const t of instants) {
        await app.db
          .insertInto('auditoria')
          .values({ accion: 'auth.login', creado_en: t, actor_id: null, actor_email: null })
          .execute();
      }
      const res = await req('GET', `/api/informes/${i.id}/resultado?pageSize=100`);
      expect(res.statusCode).toBe(200);
      // Constants as literals: a bound number is a float to SQLite, and `/` would not floor.
      const day = sql.lit(DAY);
      const offset = sql.lit(719_162 * DAY);
      const grouped = await sql<{ d: number; n: number }>`
        select (creado_en + ${offset}) / ${day} as d, count(*) as n from auditoria
        group by (creado_en + ${offset}) / ${day} order by 1`.execute(app.db);
      const expected = grouped.rows.map((x) => ({
        dia: new Date((Number(x.d) - 719_162) * DAY).toISOString().slice(0, 10),
        total: Number(x.n),
      }));
      expect(res.json<InformeResultado>().filas).toEqual(expected);
      expect(expected).toEqual([
        { dia: '1969-12-28', total: 1 },
        { dia: '1969-12-29', total: 1 },
        { dia: '1969-12-31', total: 1 },
        { dia: '1970-01-01', total: 2 },
        { dia: '1970-01-02', total: 1 },
        { dia: '1970-01-06', total: 2 },
        { dia: '1970-02-10', total: 1 },
      ]);
    });

    it('usuarios-por-rol by activo equals the grouped count', async () => {
      for (const filtros of [
        [f('activo', 'eq', true)],
        [f('activo', 'eq', false)],
        [f('activo', 'ne', false), f('id', 'gte', 1)],
        [],
      ]) {
        const i = await informe('usuarios-por-rol', { entidad: 'usuarios', filtros });
        const r = await resultado(i.id);
        const v = validateFiltro({ entidad: 'usuarios', filtros });
        const slow = await usuariosPorRol(
          app.db,
          sql`(${filtroWhere(v.entidad, v.filtros)} and 1 = 1)`,
        );
        expect({ filtros, serie: r.serie }).toEqual({
          filtros,
          serie: slow.slice(0, r.serie.length).map((x) => ({ etiqueta: x.rol, valor: x.n })),
        });
        expect(r.total).toBe(slow.length);
      }
    });
  });
});
