/**
 * POST /api/eventos/import (DESIGN.md §3 CSV convention): a per-row report with ?dryRun=1, all
 * rows or none without it, the same rules and Spanish messages as POST /api/eventos, and an
 * export that imports back — on every database.
 */
import {
  ERROR_CODES,
  EVENTOS_IMPORT_MESSAGES,
  EVENTOS_MESSAGES,
  type EventoImportReport,
  type EventoList,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { createEvento, signInRoles, type Who } from './eventos-fixtures';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('eventos import on %s', (dialect) => {
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

  const upload = (csv: string, dryRun: boolean, who: Who = 'gestor') =>
    app.inject({
      method: 'POST',
      url: `/api/eventos/import${dryRun ? '?dryRun=1' : ''}`,
      headers: { ...as[who], 'content-type': 'text/csv' },
      payload: csv,
    });
  const count = async (q: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/eventos?q=${q}`, headers: as.gestor })
    ).json<EventoList>().total;

  const GOOD = [
    'nombre,lugar,fechaInicio,fechaFin,estado',
    'imp Congreso,Málaga,2026-05-01T09:00:00Z,2026-05-02T18:00:00Z,publicado',
    'imp Taller,Sevilla,2026-05-03T09:00:00+02:00,2026-05-03T13:00:00+02:00,',
  ].join('\r\n');

  it('reports every row on a dry run and writes nothing', async () => {
    const csv = [
      GOOD,
      'imp Malo,,2026-05-01T09:00:00,2026-04-01T09:00:00Z,archivado',
      '"imp Fechas",Cádiz,2026-05-02T09:00:00Z,2026-05-01T09:00:00Z,borrador',
    ].join('\r\n');
    const res = await upload(csv, true);
    expect(res.statusCode).toBe(200);
    const report = res.json<EventoImportReport>();
    expect(report.aplicado).toBe(false);
    expect(report.resumen).toEqual({ creados: 2, rechazados: 2 });
    expect(report.filas.map((f) => [f.fila, f.resultado])).toEqual([
      [2, 'creado'],
      [3, 'creado'],
      [4, 'rechazado'],
      [5, 'rechazado'],
    ]);
    expect(report.filas[2]!.errores).toEqual([
      { field: 'lugar', message: EVENTOS_MESSAGES.lugarRequired },
      { field: 'fechaInicio', message: EVENTOS_MESSAGES.dateWithoutZone },
      { field: 'estado', message: EVENTOS_IMPORT_MESSAGES.invalidEstado },
    ]);
    expect(report.filas[3]!.errores).toEqual([
      { field: 'fechaFin', message: EVENTOS_MESSAGES.startBeforeEnd },
    ]);
    expect(await count('imp')).toBe(0);
  });

  it('writes nothing and lists the rejected rows when applying a file with errors', async () => {
    const res = await upload(`${GOOD}\r\nimp Malo,Sede,ayer,mañana,`, false);
    const body = expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(body.message).toBe(EVENTOS_IMPORT_MESSAGES.rejected);
    expect(body.details).toEqual([
      { field: 'fila 4', message: expect.stringContaining('fechaInicio') },
    ]);
    expect(await count('imp')).toBe(0);
  });

  it('creates every row of a clean file, audited once', async () => {
    const res = await upload(GOOD, false);
    expect(res.statusCode).toBe(200);
    const report = res.json<EventoImportReport>();
    expect(report).toMatchObject({ aplicado: true, resumen: { creados: 2, rechazados: 0 } });
    expect(report.filas.every((f) => typeof f.id === 'number')).toBe(true);
    const list = await app.inject({ method: 'GET', url: '/api/eventos?q=imp', headers: as.gestor });
    expect(list.json<EventoList>().items.map((e) => [e.nombre, e.estado, e.fechaInicio])).toEqual([
      ['imp Congreso', 'publicado', '2026-05-01T09:00:00.000Z'],
      ['imp Taller', 'borrador', '2026-05-03T07:00:00.000Z'],
    ]);
    const audit = await listAudit(app.db, { accion: 'eventos.importar' });
    expect(JSON.parse(audit[0]!.cambios!)).toEqual({
      creados: 2,
      ids: report.filas.map((f) => f.id),
    });
  });

  it('imports an export back (extra columns ignored)', async () => {
    await createEvento(app, as.gestor, {
      nombre: 'ida =vuelta',
      descripcion: 'Con, coma\ny salto',
    });
    const exported = await app.inject({
      method: 'GET',
      url: '/api/eventos/export?q=vuelta',
      headers: as.gestor,
    });
    const res = await upload(exported.body, true);
    expect(res.statusCode).toBe(200);
    expect(res.json<EventoImportReport>().filas).toEqual([
      { fila: 2, nombre: 'ida =vuelta', resultado: 'creado' },
    ]);
  });

  it('refuses a file without the required columns, an empty one and one that is not CSV', async () => {
    const cols = await upload('nombre,fechaInicio\r\nx,2026-05-01T09:00:00Z', true);
    expect(expectErrorShape(cols, 400, ERROR_CODES.validation).details).toEqual([
      { field: 'cabecera', message: 'Faltan columnas obligatorias: lugar, fechaFin' },
    ]);
    const empty = await upload('nombre,lugar,fechaInicio,fechaFin\r\n', true);
    expect(expectErrorShape(empty, 400).details).toEqual([
      { field: 'archivo', message: EVENTOS_IMPORT_MESSAGES.empty },
    ]);
    const broken = await upload('nombre,lugar\r\n"sin cerrar,x', true);
    expect(expectErrorShape(broken, 400).details).toEqual([
      { field: 'archivo', message: EVENTOS_IMPORT_MESSAGES.invalidCsv },
    ]);
  });

  it('checks responsableId against the users', async () => {
    const csv =
      'nombre,lugar,fechaInicio,fechaFin,responsableId\r\nimp R,S,2026-05-01T09:00:00Z,2026-05-01T10:00:00Z,999999\r\nimp Q,S,2026-05-01T09:00:00Z,2026-05-01T10:00:00Z,abc';
    const report = (await upload(csv, true)).json<EventoImportReport>();
    expect(report.filas.map((f) => f.errores)).toEqual([
      [{ field: 'responsableId', message: EVENTOS_MESSAGES.responsableNotFound }],
      [{ field: 'responsableId', message: EVENTOS_IMPORT_MESSAGES.invalidResponsable }],
    ]);
  });

  it('needs eventos:crear: 403 for a usuario, 401 anonymous', async () => {
    expectErrorShape(await upload(GOOD, true, 'usuario'), 403, ERROR_CODES.forbidden);
    expectErrorShape(await upload(GOOD, true, 'anonimo'), 401, ERROR_CODES.unauthenticated);
  });
});
