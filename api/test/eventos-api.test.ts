/**
 * /api/eventos (issue #5): create, read, list filters, edit with version, the state machine,
 * date changes that would leave periods outside, delete with its periods, audit — on every
 * database of DATABASES.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  EVENTO_ESTADOS,
  EVENTOS_ERROR_CODES,
  EVENTOS_MESSAGES,
  canTransition,
  type Evento,
  type EventoEstado,
  type EventoList,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { insertEvento } from '../src/repositories/eventos-repository';
import { createEvento, createPeriodo, eventoBody, signInRoles, type Who } from './eventos-fixtures';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('eventos on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let as: Record<Who, Record<string, string>>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db));
    as = await signInRoles(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const patch = (id: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/eventos/${id}`, headers: as.gestor, payload });
  const list = (query: string) =>
    app.inject({ method: 'GET', url: `/api/eventos?${query}`, headers: as.usuario });

  describe('POST /api/eventos', () => {
    it('creates a borrador with UTC ISO dates, version 1 and an audit row', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: as.gestor,
        payload: eventoBody({
          fechaInicio: '2026-03-01T10:00:00+01:00',
          fechaFin: '2026-03-05T18:00:00.000Z',
          descripcion: ' Anual ',
        }),
      });
      expect(res.statusCode).toBe(201);
      const ev = res.json<Evento>();
      expect(ev).toEqual({
        id: expect.any(Number),
        nombre: 'Congreso de Málaga',
        descripcion: 'Anual',
        lugar: 'Palacio de Ferias',
        fechaInicio: '2026-03-01T09:00:00.000Z',
        fechaFin: '2026-03-05T18:00:00.000Z',
        estado: 'borrador',
        responsableId: null,
        version: 1,
        creadoEn: expect.stringMatching(/Z$/),
        actualizadoEn: expect.stringMatching(/Z$/),
      });
      const audit = await listAudit(app.db, { accion: 'eventos.crear' });
      const row = audit.find((a) => a.objetivo_id === String(ev.id));
      expect(row).toMatchObject({
        objetivo_tipo: 'evento',
        actor_email: expect.stringMatching(/^gestor-/),
      });
      expect(JSON.parse(row!.cambios!)).toMatchObject({
        antes: null,
        despues: { nombre: 'Congreso de Málaga', estado: 'borrador' },
      });
    });

    it('takes an explicit estado and an existing responsable', async () => {
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: as.gestor });
      const userId = me.json<{ user: { id: number } }>().user.id;
      const ev = await createEvento(app, as.gestor, { estado: 'publicado', responsableId: userId });
      expect(ev).toMatchObject({ estado: 'publicado', responsableId: userId });
    });

    it('reads descripcion null as empty, on create and on edit', async () => {
      const ev = await createEvento(app, as.gestor, { descripcion: null });
      expect(ev.descripcion).toBe('');
      await patch(ev.id, { version: 1, descripcion: 'Algo' });
      const res = await patch(ev.id, { version: 2, descripcion: null });
      expect(res.json()).toMatchObject({ descripcion: '', version: 3 });
    });

    it('refuses an unknown responsable on responsableId', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: as.gestor,
        payload: eventoBody({ responsableId: 999_999 }),
      });
      const body = expectErrorShape(res, 400, ERROR_CODES.validation);
      expect(body.details).toEqual([
        { field: 'responsableId', message: EVENTOS_MESSAGES.responsableNotFound },
      ]);
    });

    it('refuses fechaFin not after fechaInicio, naming fechaFin', async () => {
      for (const fechaFin of ['2026-03-01T09:00:00Z', '2026-02-28T09:00:00Z']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/eventos',
          headers: as.gestor,
          payload: eventoBody({ fechaFin }),
        });
        const body = expectErrorShape(res, 400, ERROR_CODES.validation);
        expect(body.details).toEqual([
          { field: 'fechaFin', message: 'La fecha de fin debe ser posterior a la de inicio' },
        ]);
      }
    });

    it('refuses dates without a time zone, and impossible dates, on the field', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: as.gestor,
        payload: eventoBody({
          fechaInicio: '2026-03-01T09:00:00',
          fechaFin: '2026-02-30T09:00:00Z',
        }),
      });
      const body = expectErrorShape(res, 400, ERROR_CODES.validation);
      expect(body.details).toEqual([
        { field: 'fechaInicio', message: EVENTOS_MESSAGES.dateWithoutZone },
        { field: 'fechaFin', message: EVENTOS_MESSAGES.dateWithoutZone },
      ]);
    });

    it('refuses blank nombre and lugar, a missing field, an unknown estado and unknown fields', async () => {
      const blank = await app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: as.gestor,
        payload: eventoBody({ nombre: '  ', lugar: '' }),
      });
      expect(expectErrorShape(blank, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'nombre', message: 'El nombre es obligatorio' },
        { field: 'lugar', message: 'El lugar es obligatorio' },
      ]);
      const { lugar: _l, ...sinLugar } = eventoBody();
      const missing = await app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: as.gestor,
        payload: sinLugar,
      });
      expect(expectErrorShape(missing, 400).details).toContainEqual({
        field: 'lugar',
        message: 'Este campo es obligatorio',
      });
      const estado = await app.inject({
        method: 'POST',
        url: '/api/eventos',
        headers: as.gestor,
        payload: eventoBody({ estado: 'archivado', extra: 1 }),
      });
      const details = expectErrorShape(estado, 400).details as { field: string }[];
      expect(details.map((d) => d.field)).toEqual(expect.arrayContaining(['estado', 'extra']));
    });
  });

  describe('GET /api/eventos/:id', () => {
    it('answers the event, 404 with a Spanish message for an unknown id, 400 for a non-number', async () => {
      const ev = await createEvento(app, as.gestor);
      const ok = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}`,
        headers: as.usuario,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual(ev);
      const missing = await app.inject({
        method: 'GET',
        url: '/api/eventos/999999',
        headers: as.usuario,
      });
      expect(expectErrorShape(missing, 404, ERROR_CODES.notFound).message).toBe(
        'El evento no existe',
      );
      const bad = await app.inject({ method: 'GET', url: '/api/eventos/abc', headers: as.usuario });
      expectErrorShape(bad, 400, ERROR_CODES.validation);
    });
  });

  describe('GET /api/eventos (list)', () => {
    let ids: Record<string, number>;
    const TAG = 'zq';

    beforeAll(async () => {
      const mk = async (key: string, over: Record<string, unknown>) =>
        [key, (await createEvento(app, as.gestor, over)).id] as const;
      ids = Object.fromEntries(
        await Promise.all([
          mk('a', {
            nombre: `${TAG} Feria de Ávila`,
            lugar: 'Recinto ferial',
            fechaInicio: '2027-01-10T09:00:00Z',
            fechaFin: '2027-01-12T18:00:00Z',
          }),
          mk('b', {
            nombre: `${TAG} Jornadas`,
            lugar: 'Auditorio de CÓRDOBA',
            fechaInicio: '2027-02-01T09:00:00Z',
            fechaFin: '2027-02-03T18:00:00Z',
            estado: 'publicado',
          }),
          mk('c', {
            nombre: `${TAG} Taller 50%_off`,
            lugar: 'Sala 1',
            fechaInicio: '2027-03-01T09:00:00Z',
            fechaFin: '2027-03-01T18:00:00Z',
            estado: 'cancelado',
          }),
          mk('d', {
            nombre: `${TAG} Asamblea`,
            lugar: 'Sede',
            fechaInicio: '2027-04-01T09:00:00Z',
            fechaFin: '2027-04-30T18:00:00Z',
          }),
        ]),
      );
    });

    const names = (res: { json: () => EventoList }) => res.json().items.map((e) => e.id);

    it('answers {items,total,page,pageSize} sorted by fechaInicio by default', async () => {
      const res = await list(`q=${TAG}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<EventoList>();
      expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(names(res)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    });

    it('searches nombre and lugar ignoring case and accents, every word must match', async () => {
      expect(names(await list(`q=${TAG}%20avila`))).toEqual([ids.a]);
      expect(names(await list(`q=${TAG}%20cordoba`))).toEqual([ids.b]);
      expect(names(await list(`q=${TAG}%20FERIAL`))).toEqual([ids.a]);
      expect(names(await list(`q=${TAG}%20avila%20sede`))).toEqual([]);
      // LIKE wildcards are literal.
      expect(names(await list(`q=${TAG}%20${encodeURIComponent('50%_')}`))).toEqual([ids.c]);
      expect(names(await list(`q=${TAG}%20${encodeURIComponent('%')}`))).toEqual([ids.c]);
    });

    it('filters by one or several estados', async () => {
      expect(names(await list(`q=${TAG}&estado=publicado`))).toEqual([ids.b]);
      expect(names(await list(`q=${TAG}&estado=publicado&estado=cancelado`))).toEqual([
        ids.b,
        ids.c,
      ]);
      expectErrorShape(await list('estado=archivado'), 400, ERROR_CODES.validation);
    });

    it('filters by overlap with desde/hasta (inclusive), with zone or a whole UTC day', async () => {
      expect(
        names(await list(`q=${TAG}&desde=2027-02-03T18:00:00Z&hasta=2027-03-01T09:00:00Z`)),
      ).toEqual([ids.b, ids.c]);
      expect(names(await list(`q=${TAG}&desde=2027-04-15`))).toEqual([ids.d]);
      expect(names(await list(`q=${TAG}&hasta=2027-01-10`))).toEqual([ids.a]);
      expect(
        names(await list(`q=${TAG}&desde=2027-01-13T00:00:00%2B01:00&hasta=2027-01-31T00:00:00Z`)),
      ).toEqual([]);
      const bad = await list('desde=2027-01-13T00:00:00');
      expect(expectErrorShape(bad, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'desde', message: EVENTOS_MESSAGES.dateWithoutZone },
      ]);
    });

    it('finds a long event that started well before desde (the range is bounded by the longest event)', async () => {
      const short = await createEvento(app, as.gestor, {
        nombre: 'xw corto',
        fechaInicio: '2031-06-01T09:00:00Z',
        fechaFin: '2031-06-01T10:00:00Z',
      });
      const long = await createEvento(app, as.gestor, {
        nombre: 'xw largo',
        fechaInicio: '2028-01-01T00:00:00Z',
        fechaFin: '2032-01-01T00:00:00Z',
      });
      const ids = (await list('q=xw&desde=2031-05-31&hasta=2031-06-02')).json<EventoList>().items;
      expect(ids.map((e) => e.id)).toEqual([long.id, short.id]);
      const after = await list('q=xw&desde=2031-12-31T23:00:00Z');
      expect(after.json<EventoList>().items.map((e) => e.id)).toEqual([long.id]);
      await app.inject({ method: 'DELETE', url: `/api/eventos/${long.id}`, headers: as.admin });
      await app.inject({ method: 'DELETE', url: `/api/eventos/${short.id}`, headers: as.admin });
      expect((await list('q=xw')).json<EventoList>().total).toBe(0);
    });

    it('sorts by every sortable field, ascending or descending', async () => {
      expect(names(await list(`q=${TAG}&sort=-fechaInicio`))).toEqual([ids.d, ids.c, ids.b, ids.a]);
      expect(names(await list(`q=${TAG}&sort=nombre`))).toEqual([ids.d, ids.a, ids.b, ids.c]);
      expect(names(await list(`q=${TAG}&sort=-fechaFin`))).toEqual([ids.d, ids.c, ids.b, ids.a]);
      expect(names(await list(`q=${TAG}&sort=estado`))[0]).toBe(ids.a);
      expect(names(await list(`q=${TAG}&sort=-creadoEn`))).toHaveLength(4);
      expectErrorShape(await list('sort=lugar'), 400, ERROR_CODES.validation);
    });

    it('pages through any order consistently: the pages put together are the whole list', async () => {
      for (const sort of [
        'fechaInicio',
        '-fechaInicio',
        'estado',
        '-estado',
        'nombre',
        '-creadoEn',
      ]) {
        const all = (await list(`q=${TAG}&sort=${sort}&pageSize=100`)).json<EventoList>().items;
        for (const size of [1, 2, 3]) {
          const pages: number[] = [];
          for (let page = 1; page <= Math.ceil(all.length / size); page++) {
            const res = await list(`q=${TAG}&sort=${sort}&pageSize=${size}&page=${page}`);
            pages.push(...res.json<EventoList>().items.map((e) => e.id));
          }
          expect([sort, size, pages]).toEqual([sort, size, all.map((e) => e.id)]);
        }
      }
    });

    it('pages a search with many matches the same way from either end', async () => {
      // Over 1 000 matches: the SQLite plan walks the date index and probes the match set;
      // pages past the middle are read backwards.
      const n = 1_100;
      const made: { id: number; fechaInicio: number }[] = [];
      await app.db.transaction().execute(async (tx) => {
        for (let i = 0; i < n; i++) {
          const fechaInicio = Date.UTC(2030, 0, 1) + ((i * 7919) % n) * 3_600_000;
          const row = await insertEvento(tx, {
            nombre: `yy masivo ${i}`,
            descripcion: '',
            lugar: i % 2 ? 'Sede norte' : 'Sede sur',
            fechaInicio,
            fechaFin: fechaInicio + 1_800_000,
            estado: 'borrador',
            responsableId: null,
            at: 0,
          });
          made.push({ id: row.id, fechaInicio });
        }
      });
      const expected = made
        .filter((_, i) => i % 2 === 1)
        .sort((a, b) => a.fechaInicio - b.fechaInicio || a.id - b.id)
        .map((e) => e.id);
      for (const page of [1, 2, 6, 10, 11]) {
        const res = await list(`q=masivo%20norte&pageSize=50&page=${page}`);
        const body = res.json<EventoList>();
        expect(body.total).toBe(n / 2);
        expect([page, body.items.map((e) => e.id)]).toEqual([
          page,
          expected.slice((page - 1) * 50, page * 50),
        ]);
      }
      const all = await list('q=masivo&pageSize=100&page=11&sort=-fechaInicio');
      expect(all.json<EventoList>().items.map((e) => e.id)).toEqual(
        [...made]
          .sort((a, b) => b.fechaInicio - a.fechaInicio || b.id - a.id)
          .slice(1000, 1100)
          .map((e) => e.id),
      );
      await app.db.deleteFrom('eventos').where('nombre', 'like', 'yy masivo %').execute();
    });

    it('pages with page and pageSize (at most 100)', async () => {
      const p2 = await list(`q=${TAG}&pageSize=3&page=2`);
      expect(p2.json()).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(names(p2)).toEqual([ids.d]);
      expect(names(await list(`q=${TAG}&pageSize=3&page=9`))).toEqual([]);
      expectErrorShape(await list('pageSize=101'), 400, ERROR_CODES.validation);
      expectErrorShape(await list('page=0'), 400, ERROR_CODES.validation);
    });
  });

  describe('GET /api/eventos/export', () => {
    it('answers the filtered list as CSV in the list order, across batches, audited', async () => {
      const n = 1_205;
      await app.db.transaction().execute(async (tx) => {
        for (let i = 0; i < n; i++) {
          const fechaInicio = Date.UTC(2035, 0, 1) + ((i * 7919) % n) * 3_600_000;
          await insertEvento(tx, {
            nombre: i === 0 ? '=HYPERLINK("x") exportable' : `exportable ${i}`,
            descripcion: i === 1 ? 'línea 1\nlínea, 2' : '',
            lugar: 'Sede',
            fechaInicio,
            fechaFin: fechaInicio + 1_800_000,
            estado: i % 3 ? 'publicado' : 'borrador',
            responsableId: null,
            at: 0,
          });
        }
      });
      const res = await app.inject({
        method: 'GET',
        url: '/api/eventos/export?q=exportable&estado=publicado&sort=-fechaInicio',
        headers: as.usuario,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="eventos-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(
        res.body.startsWith('\uFEFFid,nombre,descripcion,lugar,fechaInicio,fechaFin,estado,'),
      ).toBe(true);
      const lines = res.body.split('\r\n').filter(Boolean);
      const published = Array.from({ length: n }, (_, i) => i).filter((i) => i % 3);
      // header + one line per published event (one description holds a quoted line break)
      expect(res.body.match(/,publicado,/g)).toHaveLength(published.length);
      const listed = await app.inject({
        method: 'GET',
        url: '/api/eventos?q=exportable&estado=publicado&sort=-fechaInicio&pageSize=100',
        headers: as.usuario,
      });
      const firstIds = listed
        .json<EventoList>()
        .items.slice(0, 5)
        .map((e) => String(e.id));
      expect(lines.slice(1, 6).map((l) => l.split(',')[0])).toEqual(firstIds);
      expect(res.body).toContain('"línea 1\nlínea, 2"');
      const all = await app.inject({
        method: 'GET',
        url: '/api/eventos/export?q=hyperlink',
        headers: as.usuario,
      });
      expect(all.body).toContain(`"'=HYPERLINK(""x"") exportable"`);
      const audit = await listAudit(app.db, { accion: 'eventos.exportar' });
      expect(audit.length).toBeGreaterThanOrEqual(2);
      await app.db
        .deleteFrom('eventos')
        .where('lugar', '=', 'Sede')
        .where('nombre', 'like', '%exportable%')
        .execute();
    });

    it('refuses a bad date filter with 400 before sending anything', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/eventos/export?desde=ayer',
        headers: as.usuario,
      });
      expectErrorShape(res, 400, ERROR_CODES.validation);
    });
  });

  describe('PATCH /api/eventos/:id', () => {
    it('changes fields, bumps the version and audits before/after', async () => {
      const ev = await createEvento(app, as.gestor);
      const res = await patch(ev.id, {
        version: 1,
        nombre: 'Congreso 2026',
        fechaFin: '2026-03-06T18:00:00+00:00',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        nombre: 'Congreso 2026',
        fechaFin: '2026-03-06T18:00:00.000Z',
        version: 2,
      });
      const audit = (await listAudit(app.db, { accion: 'eventos.editar' })).find(
        (a) => a.objetivo_id === String(ev.id),
      );
      expect(JSON.parse(audit!.cambios!)).toEqual({
        antes: { nombre: 'Congreso de Málaga', fechaFin: '2026-03-05T18:00:00.000Z' },
        despues: { nombre: 'Congreso 2026', fechaFin: '2026-03-06T18:00:00.000Z' },
      });
      // the search column follows the new name
      const found = await list('q=congreso%202026');
      expect(found.json<EventoList>().items.map((e) => e.id)).toContain(ev.id);
    });

    it('answers 409 VERSION_CONFLICT on a stale version and keeps the stored event', async () => {
      const ev = await createEvento(app, as.gestor);
      expect((await patch(ev.id, { version: 1, lugar: 'Primero' })).statusCode).toBe(200);
      const stale = await patch(ev.id, { version: 1, lugar: 'Segundo' });
      const body = expectErrorShape(stale, 409, ERROR_CODES.versionConflict);
      expect(body.message).toBe(API_MESSAGES.versionConflict);
      const now = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}`,
        headers: as.gestor,
      });
      expect(now.json()).toMatchObject({ lugar: 'Primero', version: 2 });
    });

    it('requires version, and refuses start not before end on the changed field', async () => {
      const ev = await createEvento(app, as.gestor);
      expect(expectErrorShape(await patch(ev.id, { nombre: 'x' }), 400).details).toContainEqual({
        field: 'version',
        message: 'Este campo es obligatorio',
      });
      const res = await patch(ev.id, { version: 1, fechaInicio: '2026-03-05T18:00:00Z' });
      expect(expectErrorShape(res, 400).details).toEqual([
        { field: 'fechaInicio', message: EVENTOS_MESSAGES.startBeforeEnd },
      ]);
      const noZone = await patch(ev.id, { version: 1, fechaFin: '2026-03-06 18:00' });
      expect(expectErrorShape(noZone, 400).details).toEqual([
        { field: 'fechaFin', message: EVENTOS_MESSAGES.dateWithoutZone },
      ]);
    });

    it('answers 404 for an unknown event', async () => {
      expectErrorShape(
        await patch(999_999, { version: 1, nombre: 'x' }),
        404,
        ERROR_CODES.notFound,
      );
    });
  });

  describe('state machine', () => {
    const pairs = EVENTO_ESTADOS.flatMap((from) =>
      EVENTO_ESTADOS.filter((to) => to !== from).map(
        (to) => [from, to] as [EventoEstado, EventoEstado],
      ),
    );

    it.each(pairs)('%s → %s follows EVENTO_TRANSITIONS', async (from, to) => {
      const ev = await createEvento(app, as.gestor, { estado: from });
      const res = await patch(ev.id, { version: 1, estado: to });
      if (canTransition(from, to)) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ estado: to, version: 2 });
      } else {
        const body = expectErrorShape(res, 409, EVENTOS_ERROR_CODES.invalidTransition);
        expect(body.message).toMatch(/^No se puede pasar un evento de «.+» a «.+»$/);
        expect(body.details).toEqual([{ field: 'estado', message: body.message }]);
      }
    });

    it('walks borrador → publicado → finalizado, and keeping the same state is no change', async () => {
      const ev = await createEvento(app, as.gestor);
      expect((await patch(ev.id, { version: 1, estado: 'publicado' })).json()).toMatchObject({
        estado: 'publicado',
        version: 2,
      });
      const same = await patch(ev.id, { version: 2, estado: 'publicado' });
      expect(same.json()).toMatchObject({ estado: 'publicado', version: 2 });
      expect((await patch(ev.id, { version: 2, estado: 'finalizado' })).json()).toMatchObject({
        estado: 'finalizado',
        version: 3,
      });
      const back = await patch(ev.id, { version: 3, estado: 'borrador' });
      expect(expectErrorShape(back, 409, EVENTOS_ERROR_CODES.invalidTransition).message).toBe(
        'No se puede pasar un evento de «Finalizado» a «Borrador»',
      );
    });
  });

  describe('date changes and periods', () => {
    it('refuses new dates that would leave periods outside and lists them', async () => {
      const ev = await createEvento(app, as.gestor);
      const p1 = await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'Apertura',
        fechaInicio: '2026-03-01T09:00:00Z',
        fechaFin: '2026-03-01T12:00:00Z',
      });
      await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'Central',
        fechaInicio: '2026-03-02T09:00:00Z',
        fechaFin: '2026-03-02T12:00:00Z',
      });
      const p3 = await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'Clausura',
        fechaInicio: '2026-03-05T09:00:00Z',
        fechaFin: '2026-03-05T18:00:00Z',
      });
      const res = await patch(ev.id, {
        version: 1,
        fechaInicio: '2026-03-01T10:00:00Z',
        fechaFin: '2026-03-04T00:00:00Z',
      });
      const body = expectErrorShape(res, 409, EVENTOS_ERROR_CODES.eventDatesExcludePeriods);
      expect(body.message).toBe(EVENTOS_MESSAGES.eventDatesExcludePeriods);
      expect(body.details).toEqual([
        {
          field: 'fechaInicio',
          message: 'El periodo «Apertura» quedaría fuera de las fechas del evento',
          periodoId: p1.id,
          nombre: 'Apertura',
          fechaInicio: '2026-03-01T09:00:00.000Z',
          fechaFin: '2026-03-01T12:00:00.000Z',
        },
        {
          field: 'fechaFin',
          message: 'El periodo «Clausura» quedaría fuera de las fechas del evento',
          periodoId: p3.id,
          nombre: 'Clausura',
          fechaInicio: '2026-03-05T09:00:00.000Z',
          fechaFin: '2026-03-05T18:00:00.000Z',
        },
      ]);
      // Shrinking exactly to the periods' bounds is fine.
      const ok = await patch(ev.id, {
        version: 1,
        fechaInicio: '2026-03-01T09:00:00Z',
        fechaFin: '2026-03-05T18:00:00Z',
      });
      expect(ok.statusCode).toBe(200);
      const tight = await patch(ev.id, { version: 1, fechaFin: '2026-03-05T17:00:00Z' });
      expect(tight.statusCode).toBe(409);
    });
  });

  describe('DELETE /api/eventos/:id', () => {
    it('deletes the event and its periods, audited, then answers 404', async () => {
      const ev = await createEvento(app, as.gestor);
      const per = await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'Única',
        fechaInicio: '2026-03-02T09:00:00Z',
        fechaFin: '2026-03-02T10:00:00Z',
      });
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/eventos/${ev.id}`,
        headers: as.gestor,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const gone = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}`,
        headers: as.gestor,
      });
      expectErrorShape(gone, 404);
      const periodos = await app.db
        .selectFrom('periodos')
        .select('id')
        .where('evento_id', '=', ev.id)
        .execute();
      expect(periodos).toEqual([]);
      const audit = (await listAudit(app.db, { accion: 'eventos.eliminar' })).find(
        (a) => a.objetivo_id === String(ev.id),
      );
      expect(JSON.parse(audit!.cambios!)).toMatchObject({
        antes: { nombre: ev.nombre, periodos: [{ id: per.id, nombre: 'Única' }] },
        despues: null,
      });
      const again = await app.inject({
        method: 'DELETE',
        url: `/api/eventos/${ev.id}`,
        headers: as.gestor,
      });
      expectErrorShape(again, 404, ERROR_CODES.notFound);
    });
  });
});
