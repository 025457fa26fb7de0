/**
 * /api/informes (issue #6): saved reports — create, read, list (q, tipo, sort, paging), edit
 * with version, delete, audit, the checks of `filtros` per type, the author's deletion, and the
 * permission matrix (informes:* plus the data permission of each report) — on every database of
 * DATABASES.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  FILTRADO_MESSAGES,
  INFORMES_MESSAGES,
  type Informe,
  type InformeList,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { signInRoles, type Who } from './eventos-fixtures';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  registerUser,
  type TestClock,
  type TestDatabase,
} from './helper';

const LISTADO_EVENTOS = {
  nombre: 'Eventos publicados',
  tipo: 'listado',
  filtros: {
    entidad: 'eventos',
    filtros: [{ campo: 'estado', operador: 'eq', valor: 'publicado' }],
    sort: 'nombre',
  },
};

describe.each(DATABASES)('informes on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let as: Record<Who, Record<string, string>>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app, clock } = await buildTestApp(db));
    as = await signInRoles(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const create = (who: Who, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/informes', headers: as[who], payload });
  const created = async (payload: Record<string, unknown>, who: Who = 'admin') => {
    const res = await create(who, payload);
    if (res.statusCode !== 201) throw new Error(`create informe: ${res.statusCode} ${res.body}`);
    return res.json<Informe>();
  };
  const patch = (id: number, payload: Record<string, unknown>, who: Who = 'gestor') =>
    app.inject({ method: 'PATCH', url: `/api/informes/${id}`, headers: as[who], payload });
  // As admin: the list holds only the reports the caller may run (issue #13), and these tests
  // are about search, sort and paging over all four (informes-visibilidad.test.ts has the rule).
  const list = (query: string, who: Who = 'admin') =>
    app.inject({ method: 'GET', url: `/api/informes?${query}`, headers: as[who] });
  const page = async (query: string) => (await list(query)).json<InformeList>();

  describe('POST /api/informes', () => {
    it('saves a listado with its filter, author, ISO dates, version 1 and an audit row', async () => {
      const res = await create('gestor', { ...LISTADO_EVENTOS, descripcion: '  Para prensa ' });
      expect(res.statusCode).toBe(201);
      const informe = res.json<Informe>();
      expect(informe).toMatchObject({
        nombre: 'Eventos publicados',
        descripcion: 'Para prensa',
        tipo: 'listado',
        filtros: LISTADO_EVENTOS.filtros,
        creadoPor: { id: expect.any(Number), nombre: 'Usuario de prueba' },
        creadoEn: new Date(clock.now()).toISOString(),
        actualizadoEn: new Date(clock.now()).toISOString(),
        version: 1,
      });
      const [audit] = await listAudit(app.db, { accion: 'informes.crear', limit: 1 });
      expect(audit).toMatchObject({ objetivo_tipo: 'informe', objetivo_id: String(informe.id) });
      expect(JSON.parse(audit!.cambios!)).toMatchObject({
        antes: null,
        despues: { nombre: 'Eventos publicados', tipo: 'listado' },
      });
    });

    it('saves a count without filtros (null) and one with a filter over its own entity', async () => {
      const sinFiltro = await created({ nombre: 'Por estado', tipo: 'eventos-por-estado' });
      expect(sinFiltro.filtros).toBeNull();
      expect(sinFiltro.descripcion).toBe('');
      const conFiltro = await created({
        nombre: 'Por estado en Sevilla',
        tipo: 'eventos-por-estado',
        filtros: {
          entidad: 'eventos',
          filtros: [{ campo: 'lugar', operador: 'contiene', valor: 'Sevilla' }],
        },
      });
      expect(conFiltro.filtros?.filtros).toHaveLength(1);
    });

    it('refuses a listado without filtros: "Un listado necesita un filtro"', async () => {
      for (const filtros of [undefined, null]) {
        const res = await create('gestor', { nombre: 'Sin filtro', tipo: 'listado', filtros });
        const body = expectErrorShape(res, 400, ERROR_CODES.validation);
        expect(body.message).toBe(INFORMES_MESSAGES.filtrosRequired);
        expect(body.details).toEqual([
          { field: 'filtros', message: INFORMES_MESSAGES.filtrosRequired },
        ]);
      }
    });

    it('refuses filtros over another entity than the type counts', async () => {
      const res = await create('admin', {
        nombre: 'Mal',
        tipo: 'eventos-por-mes',
        filtros: { entidad: 'periodos', filtros: [] },
      });
      const body = expectErrorShape(res, 400, ERROR_CODES.validation);
      expect(body.message).toBe('El informe «Eventos por mes» solo admite filtros sobre eventos');
      expect(body.details).toEqual([{ field: 'filtros.entidad', message: body.message }]);
    });

    it('refuses filtros on actividad', async () => {
      const res = await create('admin', {
        nombre: 'Actividad filtrada',
        tipo: 'actividad',
        filtros: { entidad: 'eventos', filtros: [] },
      });
      const body = expectErrorShape(res, 400, ERROR_CODES.validation);
      expect(body.message).toBe('El informe «Actividad (auditoría por día)» no admite filtros');
    });

    it('names the bad field, operator or value of the filter under filtros.', async () => {
      const cases = [
        {
          filtros: [{ campo: 'contraseña', operador: 'eq', valor: 'x' }],
          field: 'filtros.filtros[0].campo',
          message: 'Campo no permitido en eventos: «contraseña»',
        },
        {
          filtros: [
            { campo: 'nombre', operador: 'contiene', valor: 'a' },
            { campo: 'estado', operador: 'contiene', valor: 'pub' },
          ],
          field: 'filtros.filtros[1].operador',
          message: 'Operador no permitido para «estado»: «contiene»',
        },
        {
          filtros: [{ campo: 'fechaInicio', operador: 'gt', valor: '2026-01-01' }],
          field: 'filtros.filtros[0].valor',
          message: FILTRADO_MESSAGES.valorNoEsFecha.replace('{campo}', 'fechaInicio'),
        },
      ];
      for (const c of cases) {
        const res = await create('gestor', {
          nombre: 'Malo',
          tipo: 'listado',
          filtros: { entidad: 'eventos', filtros: c.filtros },
        });
        const body = expectErrorShape(res, 400, ERROR_CODES.validation);
        expect(body.message).toBe(c.message);
        expect(body.details).toContainEqual({ field: c.field, message: c.message });
      }
      const entidad = await create('admin', {
        nombre: 'Malo',
        tipo: 'listado',
        filtros: { entidad: 'contraseñas', filtros: [] },
      });
      expect(expectErrorShape(entidad, 400).details).toEqual([
        { field: 'filtros.entidad', message: 'Entidad no permitida: «contraseñas»' },
      ]);
    });

    it('refuses a blank nombre, an unknown tipo and unknown fields', async () => {
      const blank = expectErrorShape(
        await create('gestor', { nombre: '   ', tipo: 'eventos-por-mes' }),
        400,
        ERROR_CODES.validation,
      );
      expect(blank.details).toEqual([
        { field: 'nombre', message: INFORMES_MESSAGES.nombreRequired },
      ]);
      expectErrorShape(await create('gestor', { nombre: 'x', tipo: 'secreto' }), 400);
      expectErrorShape(
        await create('gestor', { nombre: 'x', tipo: 'eventos-por-mes', creadoPor: 1 }),
        400,
      );
    });
  });

  describe('GET /api/informes and /:id', () => {
    let ids: number[];
    beforeAll(async () => {
      await app.db.deleteFrom('informes').execute();
      ids = [];
      for (const [nombre, tipo] of [
        ['Ávila por mes', 'eventos-por-mes'],
        ['zaragoza por estado', 'eventos-por-estado'],
        ['Periodos de Málaga', 'periodos-por-evento'],
        ['actividad diaria', 'actividad'],
      ] as const) {
        clock.advance(60_000);
        ids.push((await created({ nombre, tipo })).id);
      }
    });

    it('lists newest first by default with total, page and pageSize', async () => {
      const res = await list('');
      expect(res.statusCode).toBe(200);
      const body = res.json<InformeList>();
      expect(body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
      expect(body.items.map((i) => i.id)).toEqual([...ids].reverse());
    });

    it('searches nombre ignoring case and accents, and filters by tipo', async () => {
      expect((await page('q=MALAGA')).items.map((i) => i.nombre)).toEqual(['Periodos de Málaga']);
      expect((await page('q=avila%20mes')).total).toBe(1);
      expect((await page('q=100%25')).total).toBe(0);
      expect((await page('tipo=actividad')).items.map((i) => i.id)).toEqual([ids[3]]);
    });

    it('sorts by nombre (accents aside), tipo or date, both ways, and pages', async () => {
      const nombres = async (q: string) => (await page(q)).items.map((i) => i.nombre);
      expect(await nombres('sort=nombre')).toEqual([
        'actividad diaria',
        'Ávila por mes',
        'Periodos de Málaga',
        'zaragoza por estado',
      ]);
      expect((await nombres('sort=-nombre'))[0]).toBe('zaragoza por estado');
      expect((await nombres('sort=tipo'))[0]).toBe('actividad diaria');
      expect(await nombres('sort=creadoEn&page=2&pageSize=3')).toEqual(['actividad diaria']);
      const past = await page('page=9');
      expect(past).toMatchObject({ items: [], total: 4, page: 9 });
      expectErrorShape(await list('sort=secreto'), 400);
      expectErrorShape(await list('pageSize=101'), 400);
    });

    it('answers one report, or 404 "El informe no existe"', async () => {
      const one = await app.inject({
        method: 'GET',
        url: `/api/informes/${ids[0]}`,
        headers: as.usuario,
      });
      expect(one.json<Informe>()).toMatchObject({ id: ids[0], nombre: 'Ávila por mes' });
      const missing = await app.inject({
        method: 'GET',
        url: '/api/informes/999999',
        headers: as.usuario,
      });
      expect(expectErrorShape(missing, 404, ERROR_CODES.notFound).message).toBe(
        INFORMES_MESSAGES.informeNotFound,
      );
    });
  });

  describe('PATCH /api/informes/:id', () => {
    it('edits nombre, descripcion and filtros with the version read, audited field by field', async () => {
      const informe = await created(LISTADO_EVENTOS, 'gestor');
      clock.advance(1000);
      const filtros = { entidad: 'periodos', filtros: [], sort: '-fechaInicio' };
      const res = await patch(informe.id, {
        nombre: 'Todos los periodos',
        filtros,
        version: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Informe>()).toMatchObject({
        nombre: 'Todos los periodos',
        descripcion: '',
        filtros,
        version: 2,
        creadoEn: informe.creadoEn,
        actualizadoEn: new Date(clock.now()).toISOString(),
      });
      const [audit] = await listAudit(app.db, { accion: 'informes.editar', limit: 1 });
      expect(JSON.parse(audit!.cambios!)).toEqual({
        antes: { nombre: 'Eventos publicados', filtros: LISTADO_EVENTOS.filtros },
        despues: { nombre: 'Todos los periodos', filtros },
      });
    });

    it('answers 409 VERSION_CONFLICT for a stale version and keeps the stored report', async () => {
      // Made by the gestor who edits it: only a report's author or an admin edits it (issue #13).
      const informe = await created({ nombre: 'Versión', tipo: 'eventos-por-mes' }, 'gestor');
      expect((await patch(informe.id, { nombre: 'Primera', version: 1 })).statusCode).toBe(200);
      const stale = await patch(informe.id, { nombre: 'Segunda', version: 1 });
      expect(expectErrorShape(stale, 409, ERROR_CODES.versionConflict).message).toBe(
        API_MESSAGES.versionConflict,
      );
      const stored = await app.inject({
        method: 'GET',
        url: `/api/informes/${informe.id}`,
        headers: as.gestor,
      });
      expect(stored.json<Informe>()).toMatchObject({ nombre: 'Primera', version: 2 });
    });

    it('answers the stored report unchanged (same version) when nothing changes', async () => {
      const informe = await created({ nombre: 'Igual', tipo: 'eventos-por-mes' }, 'gestor');
      const res = await patch(informe.id, { nombre: ' Igual ', descripcion: null, version: 1 });
      expect(res.json<Informe>()).toMatchObject({ nombre: 'Igual', version: 1 });
    });

    it('checks filtros against the fixed tipo, 400 before writing; 404 for an unknown report', async () => {
      const informe = await created(LISTADO_EVENTOS, 'gestor');
      const none = await patch(informe.id, { filtros: null, version: 1 });
      expect(expectErrorShape(none, 400).message).toBe(INFORMES_MESSAGES.filtrosRequired);
      const count = await created({ nombre: 'Mes', tipo: 'eventos-por-mes' }, 'gestor');
      const wrong = await patch(count.id, {
        filtros: { entidad: 'eventos', filtros: [{ campo: 'rol', operador: 'eq', valor: 'x' }] },
        version: 1,
      });
      expect(expectErrorShape(wrong, 400).details).toEqual([
        { field: 'filtros.filtros[0].campo', message: 'Campo no permitido en eventos: «rol»' },
      ]);
      expect((await patch(count.id, { tipo: 'actividad', version: 1 })).statusCode).toBe(400);
      expectErrorShape(await patch(999999, { nombre: 'x', version: 1 }), 404);
    });
  });

  describe('DELETE /api/informes/:id', () => {
    it('deletes with an audit row; a second delete is 404', async () => {
      // The gestor deletes a report of their own (only its author or an admin may, issue #13).
      const informe = await created({ nombre: 'Borrar', tipo: 'eventos-por-mes' }, 'gestor');
      const del = () =>
        app.inject({ method: 'DELETE', url: `/api/informes/${informe.id}`, headers: as.gestor });
      expect((await del()).statusCode).toBe(204);
      expectErrorShape(await del(), 404, ERROR_CODES.notFound);
      const [audit] = await listAudit(app.db, { accion: 'informes.eliminar', limit: 1 });
      expect(JSON.parse(audit!.cambios!)).toMatchObject({
        antes: { nombre: 'Borrar', tipo: 'eventos-por-mes' },
        despues: null,
      });
    });
  });

  it('keeps a report whose author is deleted, with creadoPor null', async () => {
    const autor = await registerUser(app, 'autor');
    const informe = await created({ nombre: 'Huérfano', tipo: 'eventos-por-estado' });
    await app.db
      .updateTable('informes')
      .set({ creado_por: autor.id })
      .where('id', '=', informe.id)
      .execute();
    await app.db.deleteFrom('usuarios').where('id', '=', autor.id).execute();
    const res = await app.inject({
      method: 'GET',
      url: `/api/informes/${informe.id}`,
      headers: as.admin,
    });
    expect(res.json<Informe>().creadoPor).toBeNull();
  });

  describe('permissions', () => {
    let eventos: Informe;
    let porRol: Informe;
    let actividad: Informe;
    let listadoUsuarios: Informe;
    beforeAll(async () => {
      eventos = await created({ nombre: 'Por mes', tipo: 'eventos-por-mes' });
      porRol = await created({ nombre: 'Por rol', tipo: 'usuarios-por-rol' });
      actividad = await created({ nombre: 'Actividad', tipo: 'actividad' });
      listadoUsuarios = await created({
        nombre: 'Usuarios',
        tipo: 'listado',
        filtros: {
          entidad: 'usuarios',
          filtros: [{ campo: 'activo', operador: 'eq', valor: true }],
        },
      });
    });

    const call = (
      who: Who,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) => app.inject({ method, url, headers: as[who], ...(payload ? { payload } : {}) });

    it('answers 401 to every endpoint without a session', async () => {
      const id = eventos.id;
      for (const [method, url] of [
        ['GET', '/api/informes'],
        ['POST', '/api/informes'],
        ['GET', `/api/informes/${id}`],
        ['PATCH', `/api/informes/${id}`],
        ['DELETE', `/api/informes/${id}`],
        ['GET', `/api/informes/${id}/resultado`],
        ['GET', `/api/informes/${id}/resultado.csv`],
      ] as const) {
        expectErrorShape(await call('anonimo', method, url, {}), 401);
      }
    });

    it('lets usuario list and run eventos reports, but not create, edit, delete or export', async () => {
      expect((await call('usuario', 'GET', '/api/informes')).statusCode).toBe(200);
      expect(
        (await call('usuario', 'GET', `/api/informes/${eventos.id}/resultado`)).statusCode,
      ).toBe(200);
      expectErrorShape(
        await call('usuario', 'POST', '/api/informes', { nombre: 'x', tipo: 'actividad' }),
        403,
      );
      expectErrorShape(
        await call('usuario', 'PATCH', `/api/informes/${eventos.id}`, { nombre: 'x', version: 1 }),
        403,
      );
      expectErrorShape(await call('usuario', 'DELETE', `/api/informes/${eventos.id}`), 403);
      expectErrorShape(
        await call('usuario', 'GET', `/api/informes/${eventos.id}/resultado.csv`),
        403,
      );
    });

    it('refuses usuario and gestor the reports over usuarios and the audit log (403 after 404)', async () => {
      for (const who of ['usuario', 'gestor'] as const) {
        for (const informe of [porRol, actividad, listadoUsuarios]) {
          expectErrorShape(
            await call(who, 'GET', `/api/informes/${informe.id}/resultado`),
            403,
            ERROR_CODES.forbidden,
          );
        }
        expectErrorShape(await call(who, 'GET', '/api/informes/999999/resultado'), 404);
      }
      for (const informe of [porRol, actividad, listadoUsuarios]) {
        expectErrorShape(
          await call('gestor', 'GET', `/api/informes/${informe.id}/resultado.csv`),
          403,
        );
        expectErrorShape(
          await call('gestor', 'PATCH', `/api/informes/${informe.id}`, { nombre: 'x', version: 1 }),
          403,
        );
      }
    });

    it('lets gestor create and export eventos reports, but not reports over usuarios or the audit log', async () => {
      const own = await create('gestor', { nombre: 'Mío', tipo: 'periodos-por-evento' });
      expect(own.statusCode).toBe(201);
      const csv = await call(
        'gestor',
        'GET',
        `/api/informes/${own.json<Informe>().id}/resultado.csv`,
      );
      expect(csv.statusCode).toBe(200);
      for (const body of [
        { nombre: 'x', tipo: 'usuarios-por-rol' },
        { nombre: 'x', tipo: 'actividad' },
        { nombre: 'x', tipo: 'listado', filtros: { entidad: 'usuarios', filtros: [] } },
      ]) {
        expectErrorShape(await create('gestor', body), 403, ERROR_CODES.forbidden);
      }
      // Turning an eventos listado into a usuarios one needs usuarios:ver too.
      const listado = await created(LISTADO_EVENTOS, 'gestor');
      expectErrorShape(
        await patch(listado.id, { filtros: { entidad: 'usuarios', filtros: [] }, version: 1 }),
        403,
      );
    });

    it('lets admin run and export every report', async () => {
      for (const informe of [eventos, porRol, actividad, listadoUsuarios]) {
        expect(
          (await call('admin', 'GET', `/api/informes/${informe.id}/resultado`)).statusCode,
        ).toBe(200);
        expect(
          (await call('admin', 'GET', `/api/informes/${informe.id}/resultado.csv`)).statusCode,
        ).toBe(200);
      }
    });
  });
});
