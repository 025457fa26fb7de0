/**
 * Who sees and changes which saved report (issue #13, "Saved reports"), on every database of
 * DATABASES: the list holds only the reports the caller may run (their data permission:
 * eventos:ver, periodos:ver, usuarios:ver, auditoria:ver); a report's stored filter is withheld
 * from whoever may not read its data; only its author or an admin edits or deletes it (403
 * FORBIDDEN with a Spanish message otherwise), and a refusal changes nothing.
 */
import {
  ERROR_CODES,
  INFORMES_MESSAGES,
  type Informe,
  type InformeList,
  type PermissionName,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { insertRol, replacePermisos } from '../src/repositories/roles-admin-repository';
import { removeAllRoles } from '../src/repositories/roles-repository';
import {
  ADMIN,
  DATABASES,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  registerUser,
  type TestClock,
  type TestDatabase,
} from './helper';

type Caller = 'admin' | 'gestor' | 'otroGestor' | 'usuario' | 'lectorUsuarios';

/** What each report type needs to run, as the caller roles below hold it. */
const GESTOR: PermissionName[] = [
  'eventos:ver',
  'periodos:ver',
  'informes:ver',
  'informes:crear',
  'informes:eliminar',
  'informes:exportar',
  'filtrado:usar',
];

describe.each(DATABASES)('saved reports: visibility and ownership on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  const as = {} as Record<Caller, Record<string, string>>;
  const ids = {} as Record<Caller, number>;

  /** Registers a user holding only a new role with `permisos`. */
  async function userWith(nombre: string, permisos: PermissionName[]) {
    const u = await registerUser(app, nombre);
    await removeAllRoles(app.db, u.id);
    const rolId = await insertRol(app.db, { nombre, descripcion: nombre, now: clock.now() });
    await replacePermisos(app.db, rolId, permisos);
    await app.db.insertInto('usuario_roles').values({ usuario_id: u.id, rol_id: rolId }).execute();
    return { headers: bearer(u.token), id: u.id };
  }

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app, clock } = await buildTestApp(db));
    const admin = await login(app, ADMIN.email, ADMIN.password);
    as.admin = bearer(admin.json<{ token: string }>().token);
    ids.admin = admin.json<{ user: { id: number } }>().user.id;
    for (const [who, permisos] of [
      ['gestor', GESTOR],
      ['otroGestor', GESTOR],
      ['usuario', ['eventos:ver', 'periodos:ver', 'informes:ver']],
      ['lectorUsuarios', ['informes:ver', 'usuarios:ver']],
    ] as const) {
      const u = await userWith(`rol-${who.toLowerCase()}`, [...permisos]);
      as[who] = u.headers;
      ids[who] = u.id;
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const create = async (who: Caller, payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/informes',
      headers: as[who],
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`create informe: ${res.statusCode} ${res.body}`);
    return res.json<Informe>();
  };
  const get = (who: Caller, url: string) => app.inject({ method: 'GET', url, headers: as[who] });
  const stored = (id: number) =>
    app.db.selectFrom('informes').selectAll().where('id', '=', id).executeTakeFirst();

  describe('the list and one report', () => {
    const nombres: Record<string, string> = {};
    beforeAll(async () => {
      await app.db.deleteFrom('informes').execute();
      const reports: [string, Record<string, unknown>][] = [
        ['Por estado', { tipo: 'eventos-por-estado' }],
        ['Periodos', { tipo: 'periodos-por-evento' }],
        ['Por rol', { tipo: 'usuarios-por-rol' }],
        ['Actividad', { tipo: 'actividad' }],
        ['Listado eventos', { tipo: 'listado', filtros: { entidad: 'eventos', filtros: [] } }],
        ['Listado periodos', { tipo: 'listado', filtros: { entidad: 'periodos', filtros: [] } }],
        [
          'Listado usuarios',
          {
            tipo: 'listado',
            filtros: {
              entidad: 'usuarios',
              filtros: [{ campo: 'email', operador: 'contiene', valor: 'direccion-secreta' }],
            },
          },
        ],
      ];
      for (const [nombre, body] of reports) {
        clock.advance(1000);
        nombres[nombre] = String((await create('admin', { nombre, ...body })).id);
      }
    });

    const listed = async (who: Caller, query = 'sort=nombre') => {
      const res = await get(who, `/api/informes?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<InformeList>();
    };

    it.each([
      [
        'admin',
        [
          'Actividad',
          'Listado eventos',
          'Listado periodos',
          'Listado usuarios',
          'Periodos',
          'Por estado',
          'Por rol',
        ],
      ],
      ['usuario', ['Listado eventos', 'Listado periodos', 'Periodos', 'Por estado']],
      ['gestor', ['Listado eventos', 'Listado periodos', 'Periodos', 'Por estado']],
      ['lectorUsuarios', ['Listado usuarios', 'Por rol']],
    ] as const)('lists to %s only the reports they may run', async (who, expected) => {
      const body = await listed(who);
      expect(body.items.map((i) => i.nombre)).toEqual(expected);
      expect(body.total).toBe(expected.length);
      // Every listed report runs for them.
      for (const i of body.items) {
        expect((await get(who, `/api/informes/${i.id}/resultado`)).statusCode).toBe(200);
      }
    });

    it('counts and pages over the visible reports only', async () => {
      const first = await listed('usuario', 'sort=nombre&pageSize=3');
      expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
      const second = await listed('usuario', 'sort=nombre&pageSize=3&page=2');
      expect(second.items.map((i) => i.nombre)).toEqual(['Por estado']);
      expect((await listed('usuario', 'tipo=actividad')).total).toBe(0);
      expect((await listed('usuario', 'q=usuarios')).total).toBe(0);
    });

    it("withholds a report's filter from whoever may not read its data", async () => {
      const id = nombres['Listado usuarios'];
      for (const who of ['usuario', 'gestor'] as const) {
        const res = await get(who, `/api/informes/${id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json<Informe>()).toMatchObject({
          nombre: 'Listado usuarios',
          tipo: 'listado',
          filtros: null,
          filtrosOcultos: true,
        });
        expect(res.body).not.toContain('direccion-secreta');
      }
      for (const who of ['admin', 'lectorUsuarios'] as const) {
        const whole = (await get(who, `/api/informes/${id}`)).json<Informe>();
        expect(whole.filtros?.filtros[0]?.valor).toBe('direccion-secreta');
        expect(whole.filtrosOcultos).toBeUndefined();
      }
    });

    it('answers a report of data one may read whole, and the count types without a filter as they are', async () => {
      const eventos = (
        await get('usuario', `/api/informes/${nombres['Listado eventos']}`)
      ).json<Informe>();
      expect(eventos.filtros).toEqual({ entidad: 'eventos', filtros: [] });
      expect(eventos.filtrosOcultos).toBeUndefined();
      const porRol = (await get('usuario', `/api/informes/${nombres['Por rol']}`)).json<Informe>();
      expect(porRol).toMatchObject({ filtros: null });
      expect(porRol.filtrosOcultos).toBeUndefined();
    });
  });

  describe('edit and delete: the author or an admin', () => {
    const patch = (who: Caller, id: number, payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/informes/${id}`, headers: as[who], payload });
    const del = (who: Caller, id: number) =>
      app.inject({ method: 'DELETE', url: `/api/informes/${id}`, headers: as[who] });
    const POR_MES = { nombre: 'Por mes', tipo: 'eventos-por-mes' };

    it.each([
      ['gestor', 'admin'],
      ['otroGestor', 'gestor'],
    ] as const)(
      'refuses %s editing a report of %s with 403 and keeps it unchanged',
      async (who, autor) => {
        const informe = await create(autor, POR_MES);
        const before = await stored(informe.id);
        const res = await patch(who, informe.id, { nombre: 'Mío ahora', version: 1 });
        const body = expectErrorShape(res, 403, ERROR_CODES.forbidden);
        expect(body.message).toBe(INFORMES_MESSAGES.soloAutorEditar);
        expect(await stored(informe.id)).toEqual(before);
      },
    );

    it.each([
      ['gestor', 'admin'],
      ['otroGestor', 'gestor'],
    ] as const)('refuses %s deleting a report of %s with 403', async (who, autor) => {
      const informe = await create(autor, POR_MES);
      const res = await del(who, informe.id);
      const body = expectErrorShape(res, 403, ERROR_CODES.forbidden);
      expect(body.message).toBe(INFORMES_MESSAGES.soloAutorEliminar);
      expect(await stored(informe.id)).toBeDefined();
    });

    it('lets the author edit and delete their own report', async () => {
      const informe = await create('gestor', POR_MES);
      const edited = await patch('gestor', informe.id, { nombre: 'Renombrado', version: 1 });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<Informe>()).toMatchObject({ nombre: 'Renombrado', version: 2 });
      expect((await del('gestor', informe.id)).statusCode).toBe(204);
      expect(await stored(informe.id)).toBeUndefined();
    });

    it("lets an admin edit and delete anyone's report", async () => {
      const informe = await create('gestor', POR_MES);
      expect(
        (await patch('admin', informe.id, { nombre: 'Del admin', version: 1 })).statusCode,
      ).toBe(200);
      expect((await del('admin', informe.id)).statusCode).toBe(204);
    });

    it('leaves a report whose author was deleted to admins', async () => {
      const autor = await registerUser(app, 'autor-borrado');
      const informe = await create('gestor', POR_MES);
      await app.db
        .updateTable('informes')
        .set({ creado_por: autor.id })
        .where('id', '=', informe.id)
        .execute();
      await app.db.deleteFrom('usuarios').where('id', '=', autor.id).execute();
      expectErrorShape(await del('gestor', informe.id), 403, ERROR_CODES.forbidden);
      expect((await del('admin', informe.id)).statusCode).toBe(204);
    });

    it('still answers 404 before 403 for a report that does not exist', async () => {
      expectErrorShape(await patch('gestor', 999_999, { nombre: 'x', version: 1 }), 404);
      expectErrorShape(await del('gestor', 999_999), 404);
    });
  });
});
