/**
 * GET /api/informes/:id/resultado and /resultado.csv (issue #6): every report type on seeded
 * data with known answers (zeros where the contract includes them, UTC month and day edges), the
 * saved filter applied, the chart's serie, paging, the counter kept by triggers, and the CSV
 * (BOM, CRLF, both separators, RFC 4180 quoting, OWASP formula neutralising, the whole result
 * over several batches) — on every database of DATABASES.
 */
import {
  EVENTO_ESTADOS,
  type Informe,
  type InformeResultado,
  type InformeTipo,
} from '@gestion/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { insertEvento, type EventoRow } from '../src/repositories/eventos-repository';
import { signInRoles, type Who } from './eventos-fixtures';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  registerUser,
  type TestClock,
  type TestDatabase,
} from './helper';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

describe.each(DATABASES)('informes: resultado on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let as: Record<Who, Record<string, string>>;
  /** The seeded events: feria, congreso, taller, jornadas. */
  const ev: Record<string, EventoRow> = {};

  async function evento(
    key: string,
    nombre: string,
    estado: string,
    inicio: string,
    lugar: string,
    descripcion = '',
  ) {
    const fechaInicio = at(inicio);
    ev[key] = await insertEvento(app.db, {
      nombre,
      descripcion,
      lugar,
      fechaInicio,
      fechaFin: fechaInicio + DAY,
      estado: estado as never,
      responsableId: null,
      at: clock.now(),
    });
    return ev[key];
  }

  async function periodos(e: EventoRow, nombres: string[]) {
    for (const [i, nombre] of nombres.entries()) {
      await app.db
        .insertInto('periodos')
        .values({
          evento_id: e.id,
          nombre,
          fecha_inicio: e.fecha_inicio + i * HOUR,
          fecha_fin: e.fecha_inicio + (i + 1) * HOUR,
          creado_en: clock.now(),
          actualizado_en: clock.now(),
        })
        .execute();
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app, clock } = await buildTestApp(db));
    as = await signInRoles(app);
    const feria = await evento(
      'feria',
      'Feria de abril',
      'publicado',
      '2025-12-15T10:00:00Z',
      'Sevilla',
    );
    const congreso = await evento(
      'congreso',
      'Congreso',
      'publicado',
      '2026-01-31T23:59:59.999Z',
      'Málaga',
    );
    const taller = await evento('taller', 'Taller', 'borrador', '2026-02-01T00:00:00Z', 'Sevilla');
    await evento('jornadas', 'Jornadas', 'cancelado', '2026-02-20T08:00:00Z', 'Cádiz');
    await periodos(feria, ['Mañana', 'Tarde', 'Mañana 2']);
    await periodos(congreso, ['Tarde']);
    await periodos(taller, ['Mañana', 'Noche', 'Tarde']);
    // A role nobody holds, and one inactive user (role usuario).
    await app.db
      .insertInto('roles')
      .values({ nombre: 'auditor', descripcion: '', creado_en: clock.now() })
      .execute();
    const inactivo = await registerUser(app, 'inactivo');
    await app.db.updateTable('usuarios').set({ activo: 0 }).where('id', '=', inactivo.id).execute();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  async function informe(tipo: InformeTipo, filtros?: unknown, nombre = `Informe ${tipo}`) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/informes',
      headers: as.admin,
      payload: { nombre, tipo, ...(filtros === undefined ? {} : { filtros }) },
    });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Informe>();
  }

  async function resultado(id: number, query = '', who: Who = 'admin') {
    const res = await app.inject({
      method: 'GET',
      url: `/api/informes/${id}/resultado${query ? `?${query}` : ''}`,
      headers: as[who],
    });
    if (res.statusCode !== 200) throw new Error(`resultado: ${res.statusCode} ${res.body}`);
    return res.json<InformeResultado>();
  }

  async function csv(id: number, query = '') {
    const res = await app.inject({
      method: 'GET',
      url: `/api/informes/${id}/resultado.csv${query ? `?${query}` : ''}`,
      headers: as.admin,
    });
    expect(res.statusCode).toBe(200);
    return res;
  }

  describe('eventos-por-estado', () => {
    it('counts every estado in the contract order, zeros included; serie as bars', async () => {
      const r = await resultado((await informe('eventos-por-estado')).id);
      expect(r.columnas).toEqual([
        { campo: 'estado', titulo: 'Estado', tipo: 'texto' },
        { campo: 'total', titulo: 'Total', tipo: 'numero' },
      ]);
      expect(r.filas).toEqual([
        { estado: 'borrador', total: 1 },
        { estado: 'publicado', total: 2 },
        { estado: 'cancelado', total: 1 },
        { estado: 'finalizado', total: 0 },
      ]);
      expect(r.filas.map((f) => f.estado)).toEqual([...EVENTO_ESTADOS]);
      expect(r.serie).toEqual([
        { etiqueta: 'borrador', valor: 1 },
        { etiqueta: 'publicado', valor: 2 },
        { etiqueta: 'cancelado', valor: 1 },
        { etiqueta: 'finalizado', valor: 0 },
      ]);
      expect(r).toMatchObject({ grafico: 'barras', total: 4, page: 1, pageSize: 50 });
    });

    it('counts only the events its saved filter matches', async () => {
      const filtro = {
        entidad: 'eventos',
        filtros: [{ campo: 'lugar', operador: 'contiene', valor: 'sevilla' }],
      };
      const r = await resultado((await informe('eventos-por-estado', filtro)).id);
      expect(r.filas).toEqual([
        { estado: 'borrador', total: 1 },
        { estado: 'publicado', total: 1 },
        { estado: 'cancelado', total: 0 },
        { estado: 'finalizado', total: 0 },
      ]);
    });
  });

  describe('eventos-por-mes', () => {
    it('counts per UTC month of fechaInicio, oldest first (23:59:59.999 stays in its month)', async () => {
      const r = await resultado((await informe('eventos-por-mes')).id);
      expect(r.filas).toEqual([
        { mes: '2025-12', total: 1 },
        { mes: '2026-01', total: 1 },
        { mes: '2026-02', total: 2 },
      ]);
      expect(r.serie).toEqual([
        { etiqueta: '2025-12', valor: 1 },
        { etiqueta: '2026-01', valor: 1 },
        { etiqueta: '2026-02', valor: 2 },
      ]);
      expect(r).toMatchObject({ grafico: 'lineas', total: 3 });
    });

    it('applies its filter and pages the months', async () => {
      const filtro = {
        entidad: 'eventos',
        filtros: [{ campo: 'estado', operador: 'eq', valor: 'publicado' }],
      };
      const { id } = await informe('eventos-por-mes', filtro);
      expect((await resultado(id)).filas).toEqual([
        { mes: '2025-12', total: 1 },
        { mes: '2026-01', total: 1 },
      ]);
      const p2 = await resultado(id, 'page=2&pageSize=1');
      expect(p2).toMatchObject({ filas: [{ mes: '2026-01', total: 1 }], total: 2, page: 2 });
      // The serie is the whole result, not the page.
      expect(p2.serie).toHaveLength(2);
    });
  });

  describe('periodos-por-evento', () => {
    it('lists events with periods, most first, ties by id; events without periods left out', async () => {
      const r = await resultado((await informe('periodos-por-evento')).id);
      expect(r.columnas.map((c) => c.campo)).toEqual(['eventoId', 'evento', 'total']);
      expect(r.filas).toEqual([
        { eventoId: ev.feria!.id, evento: 'Feria de abril', total: 3 },
        { eventoId: ev.taller!.id, evento: 'Taller', total: 3 },
        { eventoId: ev.congreso!.id, evento: 'Congreso', total: 1 },
      ]);
      expect(r.serie).toEqual([
        { etiqueta: 'Feria de abril', valor: 3 },
        { etiqueta: 'Taller', valor: 3 },
        { etiqueta: 'Congreso', valor: 1 },
      ]);
      expect(r).toMatchObject({ grafico: 'barras', total: 3 });
    });

    it('pages with the total over all pages', async () => {
      const { id } = await informe('periodos-por-evento');
      expect(await resultado(id, 'page=2&pageSize=2')).toMatchObject({
        filas: [{ eventoId: ev.congreso!.id, total: 1 }],
        total: 3,
        page: 2,
        pageSize: 2,
      });
      expect((await resultado(id, 'page=3&pageSize=2')).filas).toEqual([]);
    });

    it('counts only the periods its saved filter matches', async () => {
      const filtro = {
        entidad: 'periodos',
        filtros: [{ campo: 'nombre', operador: 'empieza', valor: 'mañana' }],
      };
      const r = await resultado((await informe('periodos-por-evento', filtro)).id);
      expect(r.filas).toEqual([
        { eventoId: ev.feria!.id, evento: 'Feria de abril', total: 2 },
        { eventoId: ev.taller!.id, evento: 'Taller', total: 1 },
      ]);
      expect(r.total).toBe(2);
    });
  });

  describe('usuarios-por-rol', () => {
    it('counts every role by nombre, zeros included', async () => {
      const r = await resultado((await informe('usuarios-por-rol')).id);
      expect(r.columnas).toEqual([
        { campo: 'rol', titulo: 'Rol', tipo: 'texto' },
        { campo: 'total', titulo: 'Usuarios', tipo: 'numero' },
      ]);
      expect(r.filas).toEqual([
        { rol: 'admin', total: 1 },
        { rol: 'auditor', total: 0 },
        { rol: 'gestor', total: 1 },
        { rol: 'usuario', total: 2 },
      ]);
      expect(r.serie.map((p) => p.valor)).toEqual([1, 0, 1, 2]);
    });

    it('counts only the users its saved filter matches', async () => {
      const filtro = {
        entidad: 'usuarios',
        filtros: [{ campo: 'activo', operador: 'eq', valor: false }],
      };
      const r = await resultado((await informe('usuarios-por-rol', filtro)).id);
      expect(r.filas).toEqual([
        { rol: 'admin', total: 0 },
        { rol: 'auditor', total: 0 },
        { rol: 'gestor', total: 0 },
        { rol: 'usuario', total: 1 },
      ]);
    });
  });

  describe('actividad', () => {
    it('counts audit events per UTC day, oldest first, as lines', async () => {
      const { id } = await informe('actividad');
      await app.db.deleteFrom('auditoria').execute();
      for (const t of [
        '2025-12-31T23:59:59.999Z',
        '2025-12-31T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z',
        '1969-12-31T23:00:00.000Z',
      ]) {
        await app.db
          .insertInto('auditoria')
          .values({ accion: 'auth.login', creado_en: at(t), actor_id: null, actor_email: null })
          .execute();
      }
      const r = await resultado(id);
      expect(r.columnas.map((c) => c.campo)).toEqual(['dia', 'total']);
      expect(r.filas).toEqual([
        { dia: '1969-12-31', total: 1 },
        { dia: '2025-12-31', total: 2 },
        { dia: '2026-01-01', total: 1 },
      ]);
      expect(r.serie[1]).toEqual({ etiqueta: '2025-12-31', valor: 2 });
      expect(r).toMatchObject({ grafico: 'lineas', total: 3 });
    });
  });

  describe('listado', () => {
    it('lists the filtered events in their list shape and order; serie per estado', async () => {
      const filtro = {
        entidad: 'eventos',
        filtros: [{ campo: 'estado', operador: 'en', valor: ['publicado', 'borrador'] }],
        sort: '-fechaInicio',
      };
      const { id } = await informe('listado', filtro);
      const r = await resultado(id);
      expect(r.columnas.map((c) => c.campo)).toEqual([
        'id',
        'nombre',
        'descripcion',
        'lugar',
        'estado',
        'fechaInicio',
        'fechaFin',
        'responsableId',
        'creadoEn',
        'actualizadoEn',
      ]);
      expect(r.columnas[5]).toEqual({
        campo: 'fechaInicio',
        titulo: 'Fecha de inicio',
        tipo: 'fecha',
      });
      expect(r.filas.map((f) => f.nombre)).toEqual(['Taller', 'Congreso', 'Feria de abril']);
      expect(r.filas[1]).toMatchObject({
        id: ev.congreso!.id,
        lugar: 'Málaga',
        estado: 'publicado',
        fechaInicio: '2026-01-31T23:59:59.999Z',
        responsableId: null,
      });
      expect(r.serie).toEqual([
        { etiqueta: 'borrador', valor: 1 },
        { etiqueta: 'publicado', valor: 2 },
        { etiqueta: 'cancelado', valor: 0 },
        { etiqueta: 'finalizado', valor: 0 },
      ]);
      expect(r).toMatchObject({ grafico: 'barras', total: 3 });
      expect(await resultado(id, 'page=2&pageSize=2')).toMatchObject({
        filas: [{ nombre: 'Feria de abril' }],
        total: 3,
      });
    });

    it('lists periods with a serie per event', async () => {
      const filtro = {
        entidad: 'periodos',
        filtros: [{ campo: 'eventoId', operador: 'en', valor: [ev.feria!.id, ev.congreso!.id] }],
      };
      const r = await resultado((await informe('listado', filtro)).id);
      expect(r.filas.map((f) => [f.eventoId, f.nombre])).toEqual([
        [ev.feria!.id, 'Mañana'],
        [ev.feria!.id, 'Tarde'],
        [ev.feria!.id, 'Mañana 2'],
        [ev.congreso!.id, 'Tarde'],
      ]);
      expect(r.serie).toEqual([
        { etiqueta: 'Feria de abril', valor: 3 },
        { etiqueta: 'Congreso', valor: 1 },
      ]);
    });

    it('lists users with their roles as text; serie activo / inactivo', async () => {
      const filtro = { entidad: 'usuarios', filtros: [], sort: 'creadoEn' };
      const r = await resultado((await informe('listado', filtro)).id);
      expect(r.columnas.find((c) => c.campo === 'roles')).toEqual({
        campo: 'roles',
        titulo: 'Roles',
        tipo: 'texto',
      });
      expect(r.columnas.find((c) => c.campo === 'activo')?.tipo).toBe('booleano');
      expect(r.filas[0]).toMatchObject({ email: 'admin@test.local', roles: 'admin', activo: true });
      expect(r.total).toBe(4);
      expect(r.serie).toEqual([
        { etiqueta: 'activo', valor: 3 },
        { etiqueta: 'inactivo', valor: 1 },
      ]);
    });
  });

  describe('CSV', () => {
    let nasty: Record<string, EventoRow>;
    let listado: Informe;
    beforeAll(async () => {
      nasty = {};
      const cases: [string, string, string, string][] = [
        ['formula', '=HYPERLINK("http://x")', 'Sala 1, planta 2', 'línea 1\nlínea 2'],
        ['plus', '+34 600 000 000', 'Inyección', 'dice "hola"'],
        ['minus', '-5', 'Inyección', ''],
        ['at', '@SUM(A1)', 'Inyección', 'Uno; dos'],
        ['tab', '\tTabulado', 'Inyección', ''],
        ['cr', '\rRetorno', 'Inyección', 'fin\r\n'],
      ];
      for (const [key, nombre, lugar, descripcion] of cases) {
        nasty[key] = await evento(
          key,
          nombre,
          'finalizado',
          '2024-06-01T10:00:00Z',
          lugar,
          descripcion,
        );
      }
      listado = await informe(
        'listado',
        { entidad: 'eventos', filtros: [{ campo: 'estado', operador: 'eq', valor: 'finalizado' }] },
        'Informe «Año» / prueba',
      );
    });

    it('starts with a BOM and the titles, ends lines with CRLF, names the file from the report', async () => {
      const res = await csv(listado.id);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Informe-Ano-prueba-${day}.csv"; ` +
          `filename*=UTF-8''Informe%20%C2%ABA%C3%B1o%C2%BB%20%2F%20prueba-${day}.csv`,
      );
      expect(res.body.startsWith('\uFEFFId,Nombre,Descripción,Lugar,Estado,Fecha de inicio,')).toBe(
        true,
      );
      expect(res.body.endsWith('\r\n')).toBe(true);
      expect(res.body.split('\r\n')[0]).toBe(
        '\uFEFFId,Nombre,Descripción,Lugar,Estado,Fecha de inicio,Fecha de fin,Responsable (id),Creado,Actualizado',
      );
    });

    it('quotes separators, quotes and newlines, and neutralises formula starts (OWASP)', async () => {
      const body = (await csv(listado.id)).body;
      const line = (e: EventoRow) => body.split('\r\n').find((l) => l.startsWith(`${e.id},`));
      expect(line(nasty.formula!)).toMatch(
        new RegExp(
          `^${nasty.formula!.id},"'=HYPERLINK\\(""http://x""\\)","línea 1\\nlínea 2","Sala 1, planta 2",finalizado,`,
        ),
      );
      expect(line(nasty.plus!)).toMatch(/^\d+,"'\+34 600 000 000","dice ""hola""",Inyección,/);
      expect(line(nasty.minus!)).toMatch(/^\d+,"'-5",,Inyección,/);
      expect(line(nasty.at!)).toMatch(/^\d+,"'@SUM\(A1\)",Uno; dos,Inyección,/);
      expect(line(nasty.tab!)).toMatch(/^\d+,"'\tTabulado",,/);
      // A spreadsheet reading the file sees every cell as text, the value intact after the '.
      const rows: string[][] = parse(body, { bom: true });
      const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
      expect(byId.get(nasty.cr!.id)?.slice(1, 3)).toEqual(["'\rRetorno", 'fin\r\n']);
      expect(byId.get(nasty.formula!.id)?.[3]).toBe('Sala 1, planta 2');
      expect(rows).toHaveLength(1 + 6);
    });

    it('uses ; when asked: then a ; is quoted and a , is not', async () => {
      const body = (await csv(listado.id, 'separador=%3B')).body;
      expect(body.split('\r\n')[0]).toBe(
        '\uFEFFId;Nombre;Descripción;Lugar;Estado;Fecha de inicio;Fecha de fin;Responsable (id);Creado;Actualizado',
      );
      const line = (e: EventoRow) => body.split('\r\n').find((l) => l.startsWith(`${e.id};`));
      expect(line(nasty.at!)).toMatch(/^\d+;"'@SUM\(A1\)";"Uno; dos";Inyección;finalizado;/);
      const rows: string[][] = parse(body, { bom: true, delimiter: ';' });
      const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
      expect(byId.get(nasty.formula!.id)?.slice(1, 4)).toEqual([
        `'=HYPERLINK("http://x")`,
        'línea 1\nlínea 2',
        'Sala 1, planta 2',
      ]);
      expect(body).toContain(';Sala 1, planta 2;');
    });

    it('refuses another separator (400) and records the export in the audit log', async () => {
      const bad = await app.inject({
        method: 'GET',
        url: `/api/informes/${listado.id}/resultado.csv?separador=%7C`,
        headers: as.admin,
      });
      expect(bad.statusCode).toBe(400);
      await csv(listado.id, 'separador=%3B');
      const [audit] = await listAudit(app.db, { accion: 'informes.exportar', limit: 1 });
      expect(audit).toMatchObject({ objetivo_tipo: 'informe', objetivo_id: String(listado.id) });
      expect(JSON.parse(audit!.cambios!)).toEqual({ separador: ';' });
    });

    it('exports a count with its titles', async () => {
      const body = (await csv((await informe('eventos-por-estado')).id)).body;
      expect(body).toBe(
        '\uFEFFEstado,Total\r\nborrador,1\r\npublicado,2\r\ncancelado,1\r\nfinalizado,6\r\n',
      );
    });

    it('exports the whole result, not a page, read in batches without repeats or gaps', async () => {
      const N = 1234;
      const base = at('2030-01-01T00:00:00Z');
      const rows = Array.from({ length: N }, (_, i) => ({
        nombre: `Masivo ${String(i).padStart(4, '0')}`,
        descripcion: '',
        lugar: 'Masivo',
        busqueda: `masivo ${i} masivo`,
        fecha_inicio: base + i * HOUR,
        fecha_fin: base + i * HOUR + 60_000,
        estado: 'publicado',
        responsable_id: null,
        version: 1,
        creado_en: clock.now(),
        actualizado_en: clock.now(),
      }));
      const ids = (await app.db.insertInto('eventos').values(rows).returning('id').execute()).map(
        (r) => r.id,
      );
      // One period each: the counter then holds 1 237 events, most of them tied at 1.
      await app.db
        .insertInto('periodos')
        .values(
          ids.map((id, i) => ({
            evento_id: id,
            nombre: 'Único',
            fecha_inicio: base + i * HOUR,
            fecha_fin: base + i * HOUR + 60_000,
            creado_en: clock.now(),
            actualizado_en: clock.now(),
          })),
        )
        .execute();

      const masivo = await informe('listado', {
        entidad: 'eventos',
        filtros: [{ campo: 'lugar', operador: 'eq', valor: 'Masivo' }],
        sort: 'nombre',
      });
      const page = await resultado(masivo.id);
      expect(page.filas).toHaveLength(50);
      expect(page.total).toBe(N);
      const lines: string[][] = parse((await csv(masivo.id)).body, { bom: true });
      expect(lines).toHaveLength(N + 1);
      expect(lines.slice(1).map((l) => l[1])).toEqual(rows.map((r) => r.nombre));

      const porEvento = await informe('periodos-por-evento');
      const all: string[][] = parse((await csv(porEvento.id)).body, { bom: true });
      expect(all[0]).toEqual(['Evento (id)', 'Evento', 'Periodos']);
      expect(all).toHaveLength(1 + 3 + N);
      const eventoIds = all.slice(1).map((l) => Number(l[0]));
      expect(new Set(eventoIds).size).toBe(3 + N);
      expect(eventoIds.slice(0, 3)).toEqual([ev.feria!.id, ev.taller!.id, ev.congreso!.id]);
      expect(eventoIds.slice(3)).toEqual(ids);
      expect((await resultado(porEvento.id)).total).toBe(3 + N);
    });
  });

  describe('the periods-per-event counter', () => {
    it('follows period inserts and deletes, and an event deleted with its periods', async () => {
      const { id } = await informe('periodos-por-evento');
      const top = async () =>
        (await resultado(id, 'pageSize=3')).filas.map((f) => [f.evento, f.total]);
      const del = (url: string) => app.inject({ method: 'DELETE', url, headers: as.admin });
      const feriaPeriodos = await app.db
        .selectFrom('periodos')
        .select('id')
        .where('evento_id', '=', ev.feria!.id)
        .execute();
      expect(
        (await del(`/api/eventos/${ev.feria!.id}/periodos/${feriaPeriodos[0]!.id}`)).statusCode,
      ).toBe(204);
      expect(await top()).toEqual([
        ['Taller', 3],
        ['Feria de abril', 2],
        ['Congreso', 1],
      ]);
      expect((await del(`/api/eventos/${ev.taller!.id}`)).statusCode).toBe(204);
      await periodos(ev.jornadas!, ['a', 'b', 'c', 'd']);
      expect(await top()).toEqual([
        ['Jornadas', 4],
        ['Feria de abril', 2],
        ['Congreso', 1],
      ]);
      for (const p of feriaPeriodos.slice(1)) {
        await del(`/api/eventos/${ev.feria!.id}/periodos/${p.id}`);
      }
      const left = await app.db
        .selectFrom('periodos_por_evento')
        .select('n')
        .where('evento_id', 'in', [ev.feria!.id, ev.taller!.id])
        .execute();
      expect(left).toEqual([]);
    });
  });
  describe('months and days far apart', () => {
    it('buckets instants before 1970 into their own UTC month and day, and spans over a century', async () => {
      await evento('antiguo', 'Antiguo', 'finalizado', '1901-03-01T12:00:00Z', 'Siglos');
      await evento('nochevieja', 'Nochevieja', 'finalizado', '1969-12-31T23:59:59.999Z', 'Siglos');
      await evento('nuevo', 'Nuevo', 'finalizado', '2026-05-01T00:00:00Z', 'Siglos');
      const filtro = {
        entidad: 'eventos',
        filtros: [{ campo: 'lugar', operador: 'eq', valor: 'Siglos' }],
      };
      const r = await resultado((await informe('eventos-por-mes', filtro)).id);
      expect(r.filas).toEqual([
        { mes: '1901-03', total: 1 },
        { mes: '1969-12', total: 1 },
        { mes: '2026-05', total: 1 },
      ]);
      const cercanos = {
        entidad: 'eventos',
        filtros: [
          { campo: 'lugar', operador: 'eq', valor: 'Siglos' },
          { campo: 'fechaInicio', operador: 'gt', valor: '1950-01-01T00:00:00Z' },
        ],
      };
      expect((await resultado((await informe('eventos-por-mes', cercanos)).id)).filas).toEqual([
        { mes: '1969-12', total: 1 },
        { mes: '2026-05', total: 1 },
      ]);
    });
  });
});
