/**
 * POST /api/filtrado (issue #6) on SQLite and PostgreSQL: every operator on each type with known
 * answers over seeded rows, AND, sort/paging/total, the whitelist's 400s, injection strings as
 * values, the permissions, and the keyset stream the CSV exports read.
 */
import type { Evento, Periodo, Usuario } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { streamFiltered, type FiltradoItem } from '../src/repositories/filtrado-repository';
import { validateFiltro, type FiltroInput } from '../src/services/filtrado-service';
import { createEvento, createPeriodo, signInRoles, type Who } from './eventos-fixtures';
import {
  ADMIN,
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  type TestDatabase,
} from './helper';

type Headers = Record<string, string>;

describe.each(DATABASES)('POST /api/filtrado on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let as: Record<Who, Headers>;
  /** Events by key: E1…E5. */
  const ev: Record<string, Evento> = {};
  const pe: Record<string, Periodo> = {};
  const us: Record<string, Usuario> = {};
  let adminId: number;
  const ACCESO = Date.UTC(2026, 0, 10, 12);

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db));
    as = await signInRoles(app);
    adminId = (
      await app.db
        .selectFrom('usuarios')
        .select('id')
        .where('email', '=', ADMIN.email)
        .executeTakeFirstOrThrow()
    ).id;
    ev.E1 = await createEvento(app, as.admin, {
      nombre: 'Congreso de Málaga',
      lugar: 'Palacio de Ferias',
      fechaInicio: '2026-03-01T09:00:00Z',
      fechaFin: '2026-03-05T18:00:00Z',
    });
    ev.E2 = await createEvento(app, as.admin, {
      nombre: 'Feria del Libro',
      lugar: 'Retiro',
      fechaInicio: '2026-05-10T10:00:00Z',
      fechaFin: '2026-05-20T20:00:00Z',
      estado: 'publicado',
      responsableId: adminId,
    });
    ev.E3 = await createEvento(app, as.admin, {
      nombre: 'congreso 100% digital',
      lugar: 'En línea',
      fechaInicio: '2026-06-01T08:00:00Z',
      fechaFin: '2026-06-02T08:00:00Z',
      estado: 'publicado',
    });
    ev.E4 = await createEvento(app, as.admin, {
      nombre: 'Taller_de_Python',
      lugar: 'Aula 1',
      fechaInicio: '2026-09-01T09:00:00Z',
      fechaFin: '2026-09-03T13:00:00Z',
    });
    ev.E5 = await createEvento(app, as.admin, {
      nombre: 'Copias en C:\\temp',
      lugar: "O'Donnell",
      fechaInicio: '2026-10-01T09:00:00Z',
      fechaFin: '2026-10-01T13:00:00Z',
    });
    pe.P1 = await createPeriodo(app, as.admin, ev.E1.id, {
      nombre: 'Apertura',
      fechaInicio: '2026-03-01T09:00:00Z',
      fechaFin: '2026-03-01T12:00:00Z',
    });
    pe.P2 = await createPeriodo(app, as.admin, ev.E1.id, {
      nombre: 'Clausura',
      fechaInicio: '2026-03-05T16:00:00Z',
      fechaFin: '2026-03-05T18:00:00Z',
    });
    pe.P3 = await createPeriodo(app, as.admin, ev.E2.id, {
      nombre: 'Apertura de puertas',
      fechaInicio: '2026-05-10T10:00:00Z',
      fechaFin: '2026-05-10T12:00:00Z',
    });
    for (const [key, body] of [
      ['U1', { email: 'ana@filtro.test', nombre: 'Ana Pérez', roles: ['gestor'] }],
      ['U2', { email: 'alvaro@filtro.test', nombre: 'Álvaro Núñez', roles: [] }],
      ['U3', { email: 'bea_50%@filtro.test', nombre: 'Beatriz', roles: ['usuario', 'gestor'] }],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/usuarios',
        headers: as.admin,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      // POST's own fields: filtrado's items carry the list's columns only.
      const {
        passwordTemporal: _,
        invitacionPendiente: __,
        ...created
      } = res.json<Usuario & { passwordTemporal?: string }>();
      us[key] = created;
    }
    await app.db.updateTable('usuarios').set({ activo: 0 }).where('id', '=', us.U2!.id).execute();
    await app.db
      .updateTable('usuarios')
      .set({ ultimo_acceso: ACCESO })
      .where('id', '=', us.U1!.id)
      .execute();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  function filtrar(body: Record<string, unknown>, headers: Headers = as.admin) {
    return app.inject({ method: 'POST', url: '/api/filtrado', headers, payload: body });
  }

  /** The page's items' nombres (eventos, periodos) or e-mails (usuarios), in order. */
  async function found(
    entidad: string,
    filtros: unknown[],
    extra: Record<string, unknown> = {},
  ): Promise<string[]> {
    const res = await filtrar({ entidad, filtros, pageSize: 100, ...extra });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Record<string, unknown>[]; total: number }>();
    return body.items.map((i) => String(i.email ?? i.nombre));
  }

  const names = (...keys: string[]) => keys.map((k) => ev[k]!.nombre);
  const f = (campo: string, operador: string, valor: unknown) => ({ campo, operador, valor });
  /** Restricts user filters to this file's users (the admin and the role users exist too). */
  const mine = f('email', 'contiene', '@filtro.test');

  describe('eventos', () => {
    it('answers items in GET /api/eventos shape with total, page and pageSize', async () => {
      const res = await filtrar({ entidad: 'eventos', filtros: [f('id', 'eq', ev.E2!.id)] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [ev.E2], total: 1, page: 1, pageSize: 20 });
    });

    it('texto: eq and ne exact, contiene and empieza case-insensitive, en', async () => {
      expect(await found('eventos', [f('nombre', 'eq', 'Feria del Libro')])).toEqual(names('E2'));
      expect(await found('eventos', [f('nombre', 'eq', 'feria del libro')])).toEqual([]);
      expect(await found('eventos', [f('nombre', 'ne', 'Feria del Libro')])).toEqual(
        names('E1', 'E3', 'E4', 'E5'),
      );
      expect(await found('eventos', [f('nombre', 'contiene', 'CONGRESO')])).toEqual(
        names('E1', 'E3'),
      );
      expect(await found('eventos', [f('nombre', 'empieza', 'Congreso d')])).toEqual(names('E1'));
      expect(await found('eventos', [f('lugar', 'empieza', 'aula')])).toEqual(names('E4'));
      expect(await found('eventos', [f('lugar', 'contiene', 'ferias')])).toEqual(names('E1'));
      expect(await found('eventos', [f('lugar', 'en', ['Retiro', 'Aula 1', 'x'])])).toEqual(
        names('E2', 'E4'),
      );
    });

    it('enum: eq, ne, en', async () => {
      expect(await found('eventos', [f('estado', 'eq', 'publicado')])).toEqual(names('E2', 'E3'));
      expect(await found('eventos', [f('estado', 'ne', 'publicado')])).toEqual(
        names('E1', 'E4', 'E5'),
      );
      expect(await found('eventos', [f('estado', 'en', ['publicado', 'cancelado'])])).toEqual(
        names('E2', 'E3'),
      );
    });

    it('fecha: eq, ne, lt, lte, gt, gte, entre, with any zone', async () => {
      const at = '2026-05-10T12:00:00+02:00'; // E2's start
      expect(await found('eventos', [f('fechaInicio', 'eq', at)])).toEqual(names('E2'));
      expect(await found('eventos', [f('fechaInicio', 'ne', at)])).toEqual(
        names('E1', 'E3', 'E4', 'E5'),
      );
      expect(await found('eventos', [f('fechaInicio', 'lt', at)])).toEqual(names('E1'));
      expect(await found('eventos', [f('fechaInicio', 'lte', at)])).toEqual(names('E1', 'E2'));
      expect(await found('eventos', [f('fechaInicio', 'gt', at)])).toEqual(names('E3', 'E4', 'E5'));
      expect(await found('eventos', [f('fechaInicio', 'gte', at)])).toEqual(
        names('E2', 'E3', 'E4', 'E5'),
      );
      expect(
        await found('eventos', [f('fechaFin', 'entre', [at, '2026-06-02T08:00:00.000Z'])]),
      ).toEqual(names('E2', 'E3'));
      expect(await found('eventos', [f('creadoEn', 'lte', new Date().toISOString())])).toHaveLength(
        5,
      );
    });

    it('numero: every operator; ne keeps the rows without a responsable', async () => {
      const [a, b, c] = [ev.E1!.id, ev.E2!.id, ev.E3!.id];
      expect(await found('eventos', [f('id', 'eq', b)])).toEqual(names('E2'));
      expect(await found('eventos', [f('id', 'ne', b)])).toEqual(names('E1', 'E3', 'E4', 'E5'));
      expect(await found('eventos', [f('id', 'lt', b)])).toEqual(names('E1'));
      expect(await found('eventos', [f('id', 'lte', b)])).toEqual(names('E1', 'E2'));
      expect(await found('eventos', [f('id', 'gt', c)])).toEqual(names('E4', 'E5'));
      expect(await found('eventos', [f('id', 'gte', c)])).toEqual(names('E3', 'E4', 'E5'));
      expect(await found('eventos', [f('id', 'entre', [a, b])])).toEqual(names('E1', 'E2'));
      expect(await found('eventos', [f('id', 'en', [a, c, 999_999])])).toEqual(names('E1', 'E3'));
      expect(await found('eventos', [f('responsableId', 'eq', adminId)])).toEqual(names('E2'));
      expect(await found('eventos', [f('responsableId', 'ne', adminId)])).toEqual(
        names('E1', 'E3', 'E4', 'E5'),
      );
      expect(await found('eventos', [f('responsableId', 'gt', 0)])).toEqual(names('E2'));
    });

    it('combines conditions with AND', async () => {
      expect(
        await found('eventos', [
          f('estado', 'eq', 'publicado'),
          f('nombre', 'contiene', 'congreso'),
          f('fechaInicio', 'gte', '2026-01-01T00:00:00Z'),
        ]),
      ).toEqual(names('E3'));
      expect(
        await found('eventos', [f('estado', 'eq', 'publicado'), f('estado', 'eq', 'borrador')]),
      ).toEqual([]);
    });

    it('sorts (ties by id), pages and counts the total over all pages', async () => {
      const res = await filtrar({
        entidad: 'eventos',
        filtros: [f('id', 'gte', ev.E1!.id)],
        sort: '-fechaInicio',
        page: 2,
        pageSize: 2,
      });
      expect(res.json()).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(res.json<{ items: Evento[] }>().items.map((e) => e.nombre)).toEqual(names('E3', 'E2'));
      expect(await found('eventos', [], { sort: 'estado' })).toEqual(
        names('E1', 'E4', 'E5', 'E2', 'E3'),
      );
      expect(await found('eventos', [], { sort: '-responsableId' })).toEqual(
        // Ties go by id in the same direction; events without a responsable go last.
        names('E2', 'E5', 'E4', 'E3', 'E1'),
      );
      const past = await filtrar({ entidad: 'eventos', filtros: [], page: 9, pageSize: 5 });
      expect(past.json()).toEqual({ items: [], total: 5, page: 9, pageSize: 5 });
    });
  });

  describe('periodos', () => {
    const pn = (...keys: string[]) => keys.map((k) => pe[k]!.nombre);

    it('filters by event, name and dates; items in the Periodo shape', async () => {
      const res = await filtrar({ entidad: 'periodos', filtros: [f('id', 'eq', pe.P2!.id)] });
      expect(res.json()).toEqual({ items: [pe.P2], total: 1, page: 1, pageSize: 20 });
      expect(await found('periodos', [f('eventoId', 'eq', ev.E1!.id)])).toEqual(pn('P1', 'P2'));
      expect(await found('periodos', [f('eventoId', 'en', [ev.E2!.id, ev.E3!.id])])).toEqual(
        pn('P3'),
      );
      expect(await found('periodos', [f('nombre', 'empieza', 'APERTURA')])).toEqual(pn('P1', 'P3'));
      expect(await found('periodos', [f('nombre', 'contiene', 'puertas')])).toEqual(pn('P3'));
      expect(
        await found('periodos', [
          f('fechaInicio', 'entre', ['2026-03-01T09:00:00Z', '2026-03-05T16:00:00Z']),
        ]),
      ).toEqual(pn('P1', 'P2'));
      expect(
        await found('periodos', [f('fechaFin', 'gt', '2026-03-05T18:00:00Z')], {
          sort: '-nombre',
        }),
      ).toEqual(pn('P3'));
    });
  });

  describe('usuarios', () => {
    const emails = (...keys: string[]) => keys.map((k) => us[k]!.email);

    it('items in the GET /api/usuarios shape, with their roles', async () => {
      const res = await filtrar({ entidad: 'usuarios', filtros: [f('id', 'eq', us.U3!.id)] });
      const item = res.json<{ items: Usuario[] }>().items[0]!;
      expect(item).toEqual({ ...us.U3, roles: ['gestor', 'usuario'] });
      expect(item).not.toHaveProperty('password_hash');
    });

    it('booleano, rol (eq, ne, en), accent-insensitive names, e-mails, nullable dates', async () => {
      expect(await found('usuarios', [mine, f('activo', 'eq', false)])).toEqual(emails('U2'));
      expect(await found('usuarios', [mine, f('activo', 'ne', false)])).toEqual(emails('U1', 'U3'));
      expect(await found('usuarios', [mine, f('rol', 'eq', 'gestor')])).toEqual(emails('U1', 'U3'));
      expect(await found('usuarios', [mine, f('rol', 'ne', 'gestor')])).toEqual(emails('U2'));
      expect(await found('usuarios', [mine, f('rol', 'en', ['usuario', 'admin'])])).toEqual(
        emails('U3'),
      );
      expect(await found('usuarios', [f('rol', 'eq', 'admin')])).toEqual([ADMIN.email]);
      // A lone `rol eq` is counted from the per-role counters: same total as the rows.
      const gestores = await filtrar({ entidad: 'usuarios', filtros: [f('rol', 'eq', 'gestor')] });
      expect(gestores.json()).toMatchObject({ total: 3, items: [{}, {}, {}] });
      const nadie = await filtrar({ entidad: 'usuarios', filtros: [f('rol', 'eq', 'nadie')] });
      expect(nadie.json()).toMatchObject({ total: 0, items: [] });
      expect(await found('usuarios', [f('nombre', 'contiene', 'alvaro nunez')])).toEqual(
        emails('U2'),
      );
      expect(await found('usuarios', [f('nombre', 'empieza', 'ÁLV')])).toEqual(emails('U2'));
      expect(await found('usuarios', [f('nombre', 'eq', 'Ana Pérez')])).toEqual(emails('U1'));
      expect(await found('usuarios', [f('email', 'empieza', 'ANA@')])).toEqual(emails('U1'));
      // contiene narrows by the indexed search column first (3+ characters), or not (shorter,
      // non-ASCII e-mail text): same answers either way.
      expect(await found('usuarios', [mine, f('email', 'contiene', 'AN')])).toEqual(emails('U1'));
      expect(await found('usuarios', [f('email', 'contiene', 'ALVARO@')])).toEqual(emails('U2'));
      expect(await found('usuarios', [f('email', 'contiene', 'álvaro')])).toEqual([]);
      expect(await found('usuarios', [f('nombre', 'contiene', 'PÉREZ')])).toEqual(emails('U1'));
      expect(await found('usuarios', [f('nombre', 'contiene', 'ez')])).toEqual(
        expect.arrayContaining(emails('U1', 'U2')),
      );
      const acceso = new Date(ACCESO).toISOString();
      expect(await found('usuarios', [mine, f('ultimoAcceso', 'eq', acceso)])).toEqual(
        emails('U1'),
      );
      expect(await found('usuarios', [mine, f('ultimoAcceso', 'ne', acceso)])).toEqual(
        emails('U2', 'U3'),
      );
      expect(await found('usuarios', [mine, f('ultimoAcceso', 'lt', acceso)])).toEqual([]);
    });

    it('sorts a nullable field with the empty ones last, both ways', async () => {
      expect(await found('usuarios', [mine], { sort: '-ultimoAcceso' })).toEqual(
        emails('U1', 'U3', 'U2'),
      );
      expect(await found('usuarios', [mine], { sort: 'nombre' })).toEqual(emails('U2', 'U1', 'U3'));
    });
  });

  describe('the whitelist', () => {
    it.each([
      [{ entidad: 'roles', filtros: [] }, 'entidad', 'Entidad no permitida: «roles»'],
      [
        { entidad: 'usuarios', filtros: [f('busqueda', 'contiene', 'admin')] },
        'filtros[0].campo',
        'Campo no permitido en usuarios: «busqueda»',
      ],
      [
        { entidad: 'eventos', filtros: [f('nombre', 'eq', 'x'), f('nombre', 'regex', '.*')] },
        'filtros[1].operador',
        'Operador no permitido para «nombre»: «regex»',
      ],
      [
        { entidad: 'eventos', filtros: [f('fechaInicio', 'gte', '2026-03-01T09:00:00')] },
        'filtros[0].valor',
        'El valor de «fechaInicio» debe ser una fecha ISO 8601 con zona horaria',
      ],
      [
        { entidad: 'eventos', filtros: [f('id', 'gt', '3')] },
        'filtros[0].valor',
        'El valor de «id» debe ser un número',
      ],
      [
        { entidad: 'eventos', filtros: [f('estado', 'eq', 'borrado')] },
        'filtros[0].valor',
        'Valor no permitido para «estado»: «borrado»',
      ],
      [
        { entidad: 'eventos', filtros: [f('id', 'entre', [1])] },
        'filtros[0].valor',
        '«entre» necesita dos valores: desde y hasta',
      ],
      [
        { entidad: 'eventos', filtros: [f('estado', 'en', [])] },
        'filtros[0].valor',
        '«en» necesita una lista de valores',
      ],
      [
        { entidad: 'periodos', filtros: [], sort: 'descripcion' },
        'sort',
        'No se puede ordenar por «descripcion»',
      ],
    ])('400 %#: names the offending part', async (body, field, message) => {
      const res = await filtrar(body);
      const err = expectErrorShape(res, 400, 'VALIDATION_ERROR');
      expect(err.message).toBe(message);
      expect(err.details).toEqual([{ field, message }]);
    });

    it('refuses a malformed body by its schema (400, unknown property, text for page)', async () => {
      expectErrorShape(await filtrar({ entidad: 'eventos', filtros: [], extra: 1 }), 400);
      expectErrorShape(await filtrar({ entidad: 'eventos', filtros: [], page: '2' }), 400);
      expectErrorShape(await filtrar({ entidad: 'eventos', filtros: [], pageSize: 101 }), 400);
      expectErrorShape(await filtrar({ entidad: 'eventos' }), 400);
    });
  });

  describe('injection strings as values', () => {
    const INJECTIONS = [
      "' OR 1=1 --",
      "'; DROP TABLE usuarios; --",
      '"; DROP TABLE usuarios; --',
      "Feria del Libro' --",
      '1) OR (1=1',
    ];

    it.each(INJECTIONS)('%s matches nothing, whatever the operator', async (valor) => {
      for (const operador of ['eq', 'contiene', 'empieza']) {
        expect(await found('eventos', [f('nombre', operador, valor)])).toEqual([]);
        expect(await found('usuarios', [f('email', operador, valor)])).toEqual([]);
      }
      expect(await found('eventos', [f('lugar', 'en', [valor, 'Retiro'])])).toEqual(names('E2'));
      expect(await found('usuarios', [f('rol', 'eq', valor)])).toEqual([]);
      expect((await found('usuarios', [f('rol', 'ne', valor)])).length).toBeGreaterThan(3);
    });

    it('%, _ and \\ are literal characters in contiene and empieza', async () => {
      expect(await found('eventos', [f('nombre', 'contiene', '%')])).toEqual(names('E3'));
      expect(await found('eventos', [f('nombre', 'contiene', '_')])).toEqual(names('E4'));
      expect(await found('eventos', [f('nombre', 'contiene', '\\')])).toEqual(names('E5'));
      expect(await found('eventos', [f('nombre', 'contiene', 'c:\\t')])).toEqual(names('E5'));
      expect(await found('eventos', [f('nombre', 'empieza', '%')])).toEqual([]);
      expect(await found('eventos', [f('nombre', 'empieza', 'Taller_')])).toEqual(names('E4'));
      expect(await found('eventos', [f('nombre', 'empieza', 'Taller%')])).toEqual([]);
      expect(await found('eventos', [f('lugar', 'contiene', "O'Don")])).toEqual(names('E5'));
      expect(await found('usuarios', [f('email', 'contiene', '_50%@')])).toEqual([us.U3!.email]);
      expect(await found('usuarios', [f('email', 'empieza', '_')])).toEqual([]);
    });

    it('leaves the tables intact', async () => {
      const count = async (t: 'usuarios' | 'eventos' | 'periodos') =>
        Number(
          (
            await app.db
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('usuarios')).toBe(6);
      expect(await count('eventos')).toBe(5);
      expect(await count('periodos')).toBe(3);
      expect((await login(app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    });
  });

  describe('permissions', () => {
    const body = (entidad: string) => ({ entidad, filtros: [] });

    it('401 without a session', async () => {
      expectErrorShape(await filtrar(body('eventos'), {}), 401, 'UNAUTHENTICATED');
      expectErrorShape(await filtrar(body('eventos'), { authorization: 'Bearer x' }), 401);
    });

    it('403 for a user without filtrado:usar, whatever the entity', async () => {
      for (const e of ['eventos', 'periodos', 'usuarios', 'nada']) {
        expectErrorShape(await filtrar(body(e), as.usuario), 403, 'FORBIDDEN');
      }
    });

    it('a gestor filters eventos and periodos but not usuarios (no usuarios:ver)', async () => {
      expect((await filtrar(body('eventos'), as.gestor)).statusCode).toBe(200);
      expect((await filtrar(body('periodos'), as.gestor)).statusCode).toBe(200);
      expectErrorShape(await filtrar(body('usuarios'), as.gestor), 403, 'FORBIDDEN');
      // Not even a bad usuarios filter tells them anything.
      expectErrorShape(
        await filtrar({ entidad: 'usuarios', filtros: [f('x', 'eq', 1)] }, as.gestor),
        403,
      );
    });

    it('an admin filters every entity', async () => {
      for (const e of ['eventos', 'periodos', 'usuarios']) {
        expect((await filtrar(body(e), as.admin)).statusCode).toBe(200);
      }
    });
  });

  describe('streamFiltered (CSV exports)', () => {
    async function all(input: FiltroInput, batch: number): Promise<FiltradoItem[]> {
      const out: FiltradoItem[] = [];
      for await (const b of streamFiltered(app.db, validateFiltro(input), batch)) {
        expect(b.length).toBeLessThanOrEqual(batch);
        out.push(...b);
      }
      return out;
    }

    it('reads every match in the page order, keyset batch by batch', async () => {
      for (const sort of ['nombre', '-fechaInicio', 'estado', '-responsableId', 'responsableId']) {
        const input = { entidad: 'eventos', filtros: [], sort };
        const res = await filtrar({ ...input, pageSize: 100 });
        for (const batch of [1, 2, 100]) {
          expect(await all(input, batch)).toEqual(res.json<{ items: Evento[] }>().items);
        }
      }
      const users = {
        entidad: 'usuarios',
        filtros: [mine],
        sort: '-ultimoAcceso',
      };
      const res = await filtrar({ ...users, pageSize: 100 });
      expect(await all(users, 1)).toEqual(res.json<{ items: Usuario[] }>().items);
      expect(
        await all({ entidad: 'periodos', filtros: [f('nombre', 'empieza', 'apertura')] }, 1),
      ).toEqual([pe.P1, pe.P3]);
    });
  });

  // Last: it adds users. On SQLite a common `activo` value stops choosing usuarios_activo_idx
  // (the page walks its sort's index) and a rare one keeps it; either way the same rows.
  describe('activo, common and rare (the plans of unindexedCampos)', () => {
    it('pages and streams the same users sorted by nombre whichever plan reads them', async () => {
      for (let i = 0; i < 12; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/usuarios',
          headers: as.admin,
          payload: { email: `activo${i}@filtro.test`, nombre: `Zoe ${12 - i}`, roles: [] },
        });
        expect(res.statusCode).toBe(201);
      }
      const rows = await app.db
        .selectFrom('usuarios')
        .select(['email', 'activo', 'nombre_norm', 'id'])
        .where('email', 'like', '%@filtro.test')
        .execute();
      const expected = (activo: number) =>
        rows
          .filter((r) => Number(r.activo) === activo)
          .sort((a, b) =>
            a.nombre_norm === b.nombre_norm ? a.id - b.id : a.nombre_norm < b.nombre_norm ? -1 : 1,
          )
          .map((r) => r.email);
      // Only U2 is inactive: 1 of about 20 users, under the tenth that switches the plan.
      for (const [filtro, activo] of [
        [f('activo', 'eq', true), 1],
        [f('activo', 'ne', true), 0],
        [f('activo', 'eq', false), 0],
      ] as const) {
        expect(await found('usuarios', [mine, filtro], { sort: 'nombre' })).toEqual(
          expected(activo),
        );
        const streamed: string[] = [];
        const input = { entidad: 'usuarios', filtros: [mine, filtro], sort: 'nombre' };
        for await (const b of streamFiltered(app.db, validateFiltro(input), 2)) {
          streamed.push(...b.map((u) => (u as Usuario).email));
        }
        expect(streamed).toEqual(expected(activo));
      }
      expect(expected(1).length).toBeGreaterThan(12);
      expect(expected(0)).toEqual([us.U2!.email]);
    });
  });
});
