/**
 * /api/eventos/:id/periodos (issue #5): the period rules — start before end, inside the event,
 * no overlap within one event (touching is allowed) — including 10 concurrent overlapping
 * inserts of which exactly one is stored; version conflicts; 404s; audit — on every database.
 */
import {
  ERROR_CODES,
  EVENTOS_ERROR_CODES,
  EVENTOS_MESSAGES,
  type Evento,
  type Periodo,
  type PeriodoList,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { findOverlapping, insertPeriodo } from '../src/repositories/periodos-repository';
import { withEventoLock } from '../src/services/eventos-rules';
import { createEvento, createPeriodo, signInRoles, type Who } from './eventos-fixtures';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  type TestDatabase,
} from './helper';

const OVERLAP = (nombre: string) => `El periodo se solapa con «${nombre}»`;
const OUTSIDE = 'El periodo debe estar dentro de las fechas del evento';

describe.each(DATABASES)('periodos on %s', (dialect) => {
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

  /** An event from 2026-03-01T00:00Z to 2026-03-10T00:00Z. */
  const evento = () =>
    createEvento(app, as.gestor, {
      fechaInicio: '2026-03-01T00:00:00Z',
      fechaFin: '2026-03-10T00:00:00Z',
    });
  const post = (eventoId: number, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/eventos/${eventoId}/periodos`,
      headers: as.gestor,
      payload,
    });
  const day = (d: number, h = 0) =>
    `2026-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;

  describe('POST', () => {
    it('creates a period with UTC ISO dates and version 1, audited', async () => {
      const ev = await evento();
      const res = await post(ev.id, {
        nombre: 'Mañana',
        descripcion: 'Sesión inicial',
        fechaInicio: '2026-03-02T10:00:00+01:00',
        fechaFin: '2026-03-02T13:00:00+01:00',
      });
      expect(res.statusCode).toBe(201);
      const p = res.json<Periodo>();
      expect(p).toEqual({
        id: expect.any(Number),
        eventoId: ev.id,
        nombre: 'Mañana',
        descripcion: 'Sesión inicial',
        fechaInicio: '2026-03-02T09:00:00.000Z',
        fechaFin: '2026-03-02T12:00:00.000Z',
        version: 1,
      });
      const audit = (await listAudit(app.db, { accion: 'periodos.crear' })).find(
        (a) => a.objetivo_id === String(p.id),
      );
      expect(audit).toMatchObject({ objetivo_tipo: 'periodo' });
      expect(JSON.parse(audit!.cambios!)).toMatchObject({
        antes: null,
        despues: { nombre: 'Mañana', eventoId: ev.id },
      });
    });

    it('refuses start not before end, naming fechaFin', async () => {
      const ev = await evento();
      const res = await post(ev.id, { nombre: 'X', fechaInicio: day(3), fechaFin: day(3) });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'fechaFin', message: EVENTOS_MESSAGES.startBeforeEnd },
      ]);
    });

    it('refuses dates without zone and a blank nombre', async () => {
      const ev = await evento();
      const res = await post(ev.id, {
        nombre: ' ',
        fechaInicio: '2026-03-03T10:00',
        fechaFin: day(4),
      });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'nombre', message: 'El nombre es obligatorio' },
        { field: 'fechaInicio', message: EVENTOS_MESSAGES.dateWithoutZone },
      ]);
    });

    it('refuses a period outside the event, naming the field(s) outside', async () => {
      const ev = await evento();
      const before = await post(ev.id, {
        nombre: 'Antes',
        fechaInicio: '2026-02-28T23:00:00Z',
        fechaFin: day(2),
      });
      let body = expectErrorShape(before, 400, EVENTOS_ERROR_CODES.periodOutOfRange);
      expect(body.message).toBe(OUTSIDE);
      expect(body.details).toEqual([{ field: 'fechaInicio', message: OUTSIDE }]);
      const after = await post(ev.id, {
        nombre: 'Después',
        fechaInicio: day(9),
        fechaFin: '2026-03-10T00:00:01Z',
      });
      body = expectErrorShape(after, 400, EVENTOS_ERROR_CODES.periodOutOfRange);
      expect(body.details).toEqual([{ field: 'fechaFin', message: OUTSIDE }]);
      const both = await post(ev.id, {
        nombre: 'Todo',
        fechaInicio: '2026-02-01T00:00:00Z',
        fechaFin: '2026-04-01T00:00:00Z',
      });
      expect(expectErrorShape(both, 400).details).toEqual([
        { field: 'fechaInicio', message: OUTSIDE },
        { field: 'fechaFin', message: OUTSIDE },
      ]);
      // exactly the event's span is inside
      const whole = await post(ev.id, { nombre: 'Entero', fechaInicio: day(1), fechaFin: day(10) });
      expect(whole.statusCode).toBe(201);
    });

    it('refuses overlaps naming the other period and the field inside it; touching is allowed', async () => {
      const ev = await evento();
      await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'Bloque A',
        fechaInicio: day(2),
        fechaFin: day(4),
      });
      // touching at both ends is fine: [4, 5) after [2, 4); [1, 2) before it
      expect(
        (await post(ev.id, { nombre: 'B', fechaInicio: day(4), fechaFin: day(5) })).statusCode,
      ).toBe(201);
      expect(
        (await post(ev.id, { nombre: 'C', fechaInicio: day(1), fechaFin: day(2) })).statusCode,
      ).toBe(201);

      const startInside = await post(ev.id, { nombre: 'X', fechaInicio: day(3), fechaFin: day(6) });
      let body = expectErrorShape(startInside, 409, EVENTOS_ERROR_CODES.periodOverlap);
      expect(body.message).toBe(OVERLAP('Bloque A'));
      expect(body.details).toEqual([
        { field: 'fechaInicio', message: OVERLAP('Bloque A') },
        { field: 'fechaFin', message: OVERLAP('B') },
      ]);

      const endInside = await post(ev.id, { nombre: 'X', fechaInicio: day(5), fechaFin: day(6) });
      expect(endInside.statusCode).toBe(201);
      const endOnly = await post(ev.id, { nombre: 'Y', fechaInicio: day(6), fechaFin: day(6, 12) });
      expect(endOnly.statusCode).toBe(201);
      const swallow = await post(ev.id, { nombre: 'Z', fechaInicio: day(6, 6), fechaFin: day(8) });
      body = expectErrorShape(swallow, 409, EVENTOS_ERROR_CODES.periodOverlap);
      expect(body.details).toEqual([{ field: 'fechaInicio', message: OVERLAP('Y') }]);
      const around = await post(ev.id, { nombre: 'W', fechaInicio: day(7), fechaFin: day(9) });
      expect(around.statusCode).toBe(201);
      const cover = await post(ev.id, {
        nombre: 'V',
        fechaInicio: day(6, 13),
        fechaFin: day(9, 12),
      });
      body = expectErrorShape(cover, 409, EVENTOS_ERROR_CODES.periodOverlap);
      expect(body.details).toEqual([
        { field: 'fechaInicio', message: OVERLAP('W') },
        { field: 'fechaFin', message: OVERLAP('W') },
      ]);
    });

    it('lets two events hold periods at the same time', async () => {
      const a = await evento();
      const b = await evento();
      const body = { nombre: 'Mismo', fechaInicio: day(2), fechaFin: day(3) };
      expect((await post(a.id, body)).statusCode).toBe(201);
      expect((await post(b.id, body)).statusCode).toBe(201);
    });

    it('stores exactly one of 10 concurrent overlapping inserts; the rest get 409, none a 5xx', async () => {
      const ev = await evento();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(ev.id, {
            nombre: `Concurrente ${i}`,
            fechaInicio: day(2, i),
            fechaFin: day(3, i),
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json()).toMatchObject({ code: EVENTOS_ERROR_CODES.periodOverlap });
      }
      const stored = await app.db
        .selectFrom('periodos')
        .select('id')
        .where('evento_id', '=', ev.id)
        .execute();
      expect(stored).toHaveLength(1);
    });

    it('withEventoLock makes check-then-insert atomic even with a pause between them', async () => {
      const ev = await evento();
      const attempt = (n: number) =>
        withEventoLock({ db: app.db, dialect: app.database.dialect }, ev.id, async (tx) => {
          const clash = await findOverlapping(tx, ev.id, Date.parse(day(2)), Date.parse(day(3)));
          // Without the lock, every attempt would see "no overlap" during this pause.
          await new Promise((r) => setTimeout(r, 30));
          if (clash.length) return false;
          await insertPeriodo(tx, {
            eventoId: ev.id,
            nombre: `Lento ${n}`,
            descripcion: '',
            fechaInicio: Date.parse(day(2)),
            fechaFin: Date.parse(day(3)),
            at: Date.now(),
          });
          return true;
        });
      const results = await Promise.all([1, 2, 3, 4].map(attempt));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('stores every one of 10 concurrent non-overlapping inserts', async () => {
      const ev = await evento();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(ev.id, { nombre: `Día ${i + 1}`, fechaInicio: day(i + 1), fechaFin: day(i + 2) }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    });

    it('answers 404 for an unknown event, before looking at the body', async () => {
      const res = await post(999_999, { nombre: 'X', fechaInicio: day(2), fechaFin: day(1) });
      const body = expectErrorShape(res, 404, ERROR_CODES.notFound);
      expect(body.message).toBe(EVENTOS_MESSAGES.eventoNotFound);
    });
  });

  describe('GET list and one', () => {
    let ev: Evento;
    let ids: number[];
    beforeAll(async () => {
      ev = await evento();
      ids = [];
      for (const [n, d] of [
        ['Tarde', 3],
        ['Apertura', 1],
        ['Cierre', 5],
      ] as const) {
        ids.push(
          (
            await createPeriodo(app, as.gestor, ev.id, {
              nombre: n,
              fechaInicio: day(d),
              fechaFin: day(d, 12),
            })
          ).id,
        );
      }
    });

    it('lists the event periods by fechaInicio with {items,total,page,pageSize}', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}/periodos`,
        headers: as.usuario,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<PeriodoList>();
      expect(body).toMatchObject({ total: 3, page: 1, pageSize: 100 });
      expect(body.items.map((p) => p.nombre)).toEqual(['Apertura', 'Tarde', 'Cierre']);
    });

    it('sorts, searches and pages', async () => {
      const get = (q: string) =>
        app.inject({
          method: 'GET',
          url: `/api/eventos/${ev.id}/periodos?${q}`,
          headers: as.usuario,
        });
      const names = async (q: string) =>
        (await get(q)).json<PeriodoList>().items.map((p) => p.nombre);
      expect(await names('sort=-nombre')).toEqual(['Tarde', 'Cierre', 'Apertura']);
      expect(await names('q=CIER')).toEqual(['Cierre']);
      expect(await names('pageSize=2&page=2')).toEqual(['Cierre']);
      expectErrorShape(await get('pageSize=1001'), 400, ERROR_CODES.validation);
    });

    it('answers one period, and 404 for an unknown event or period', async () => {
      const one = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}/periodos/${ids[0]}`,
        headers: as.usuario,
      });
      expect(one.json()).toMatchObject({ id: ids[0], nombre: 'Tarde', eventoId: ev.id });
      const unknownEvent = await app.inject({
        method: 'GET',
        url: '/api/eventos/999999/periodos',
        headers: as.usuario,
      });
      expect(expectErrorShape(unknownEvent, 404).message).toBe(EVENTOS_MESSAGES.eventoNotFound);
      const other = await evento();
      const wrongEvent = await app.inject({
        method: 'GET',
        url: `/api/eventos/${other.id}/periodos/${ids[0]}`,
        headers: as.usuario,
      });
      expect(expectErrorShape(wrongEvent, 404).message).toBe(EVENTOS_MESSAGES.periodoNotFound);
    });
  });

  describe('PATCH and DELETE', () => {
    const patch = (eventoId: number, id: number, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/eventos/${eventoId}/periodos/${id}`,
        headers: as.gestor,
        payload,
      });

    it('edits with version, re-checking overlap (itself excluded) and range; audited', async () => {
      const ev = await evento();
      const a = await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'A',
        fechaInicio: day(2),
        fechaFin: day(3),
      });
      await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'B',
        fechaInicio: day(4),
        fechaFin: day(5),
      });
      // moving inside its own old span is no overlap with itself
      const moved = await patch(ev.id, a.id, { version: 1, fechaFin: day(4), nombre: 'A2' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        nombre: 'A2',
        fechaFin: '2026-03-04T00:00:00.000Z',
        version: 2,
      });
      const overlap = await patch(ev.id, a.id, { version: 2, fechaFin: day(4, 1) });
      expect(expectErrorShape(overlap, 409, EVENTOS_ERROR_CODES.periodOverlap).details).toEqual([
        { field: 'fechaFin', message: OVERLAP('B') },
      ]);
      const outside = await patch(ev.id, a.id, { version: 2, fechaInicio: '2026-02-27T00:00:00Z' });
      expect(expectErrorShape(outside, 400, EVENTOS_ERROR_CODES.periodOutOfRange).details).toEqual([
        { field: 'fechaInicio', message: OUTSIDE },
      ]);
      const order = await patch(ev.id, a.id, { version: 2, fechaInicio: day(4) });
      expect(expectErrorShape(order, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'fechaInicio', message: EVENTOS_MESSAGES.startBeforeEnd },
      ]);
      const audit = (await listAudit(app.db, { accion: 'periodos.editar' })).find(
        (x) => x.objetivo_id === String(a.id),
      );
      expect(JSON.parse(audit!.cambios!)).toEqual({
        antes: { nombre: 'A', fechaFin: '2026-03-03T00:00:00.000Z' },
        despues: { nombre: 'A2', fechaFin: '2026-03-04T00:00:00.000Z' },
      });
    });

    it('answers 409 VERSION_CONFLICT on a stale version', async () => {
      const ev = await evento();
      const a = await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'A',
        fechaInicio: day(2),
        fechaFin: day(3),
      });
      expect((await patch(ev.id, a.id, { version: 1, nombre: 'Uno' })).statusCode).toBe(200);
      const stale = await patch(ev.id, a.id, { version: 1, nombre: 'Dos' });
      expectErrorShape(stale, 409, ERROR_CODES.versionConflict);
    });

    it('deletes a period (audited), then 404; unknown event or period 404', async () => {
      const ev = await evento();
      const a = await createPeriodo(app, as.gestor, ev.id, {
        nombre: 'A',
        fechaInicio: day(2),
        fechaFin: day(3),
      });
      const del = () =>
        app.inject({
          method: 'DELETE',
          url: `/api/eventos/${ev.id}/periodos/${a.id}`,
          headers: as.gestor,
        });
      const res = await del();
      expect(res.statusCode).toBe(204);
      expectErrorShape(await del(), 404, ERROR_CODES.notFound);
      const audit = (await listAudit(app.db, { accion: 'periodos.eliminar' })).find(
        (x) => x.objetivo_id === String(a.id),
      );
      expect(JSON.parse(audit!.cambios!)).toMatchObject({ antes: { nombre: 'A' }, despues: null });
      const unknown = await app.inject({
        method: 'DELETE',
        url: `/api/eventos/999999/periodos/${a.id}`,
        headers: as.gestor,
      });
      expectErrorShape(unknown, 404, ERROR_CODES.notFound);
      // the freed span can be used again
      expect(
        (await post(ev.id, { nombre: 'Nuevo', fechaInicio: day(2), fechaFin: day(3) })).statusCode,
      ).toBe(201);
    });
  });
});
