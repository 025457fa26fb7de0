/**
 * Hardening found by generated and hostile input (issue #13), on every database of DATABASES:
 * bounded page numbers, NUL in search words and filter values (lists, CSV exports, saved
 * reports), exports that fail before their first byte, the audit filter's literal `%` and `_`,
 * and the database unchanged by every refusal.
 */
import {
  ERROR_CODES,
  FILTRADO_MESSAGES,
  LISTAS_MESSAGES,
  PAGE_MAX,
  formatFiltradoMessage,
  type Informe,
} from '@gestion/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { insertAudit } from '../src/repositories/auditoria-repository';
import { csvStream } from '../src/services/csv';
import { createEvento, createPeriodo } from './eventos-fixtures';
import { listTables, snapshot, snapshotChanges } from './fuzz-requests';
import {
  ADMIN,
  DATABASES,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  type TestDatabase,
} from './helper';

/** Batches whose first query fails as SQLite does on a value it refuses (a 400). */
const FAILING_QUERY: AsyncIterable<string[]> = {
  [Symbol.asyncIterator]: () => ({
    next: () =>
      Promise.reject(Object.assign(new Error('datatype mismatch'), { code: 'SQLITE_MISMATCH' })),
  }),
};

/** What a CSV export sends first; an error answer must not hold it. */
const BOM = '\uFEFF';

/** Asserts a 400 naming `field` (and its message when given), answered as JSON, not CSV. */
function expectRefused(res: LightMyRequestResponse, field: string, message?: string) {
  const body = expectErrorShape(res, 400, ERROR_CODES.validation);
  expect(res.body.startsWith(BOM)).toBe(false);
  expect(res.headers['content-disposition']).toBeUndefined();
  const details = body.details as { field: string; message: string }[];
  expect(details.map((d) => d.field)).toContain(field);
  if (message) expect(details).toContainEqual({ field, message });
  return body;
}

describe.each(DATABASES)('hostile input on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let eventoId: number;
  let tables: string[];
  const schema = () => (db.config.kind === 'postgres' ? db.config.schema : undefined);

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db, {
      setup: (a) => {
        // An export whose first query fails the way a value the database refuses does.
        a.get('/api/prueba/export-roto', (_req, reply) =>
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment')
            .send(csvStream(['a'], FAILING_QUERY, (r: string) => [r]) as never),
        );
      },
    }));
    admin = bearer((await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token);
    const evento = await createEvento(app, admin, { nombre: 'Feria\u0007Norte de Ávila' });
    eventoId = evento.id;
    await createPeriodo(app, admin, eventoId, {
      nombre: 'Mañana',
      fechaInicio: '2026-03-01T09:00:00Z',
      fechaFin: '2026-03-01T13:00:00Z',
    });
    tables = await listTables(app, schema());
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: admin });
  const filtrado = (payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/filtrado',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  /** Runs `fn` and asserts no table changed (no audit row either: refusals happen first). */
  async function unchanged(fn: () => Promise<void>) {
    const before = await snapshot(app, tables, schema());
    await fn();
    const after = await snapshot(app, tables, schema());
    expect(snapshotChanges(before, after, new Set())).toEqual([]);
  }

  const LISTS = () => [
    '/api/usuarios',
    '/api/usuarios/export',
    '/api/roles',
    '/api/auditoria',
    '/api/auditoria/export',
    '/api/eventos',
    '/api/eventos/export',
    `/api/eventos/${eventoId}/periodos`,
    '/api/informes',
  ];

  describe('ids in the path', () => {
    it('answers 400 naming the parameter for ids beyond 2^31 − 1, Infinity or 1e400, on both databases', async () => {
      await unchanged(async () => {
        const urls = (bad: string) => [
          [`/api/usuarios/${bad}`, 'id'],
          [`/api/roles/${bad}`, 'id'],
          [`/api/eventos/${bad}`, 'id'],
          [`/api/eventos/${bad}/periodos`, 'id'],
          [`/api/eventos/${eventoId}/periodos/${bad}`, 'periodoId'],
          [`/api/informes/${bad}`, 'id'],
        ];
        for (const bad of ['2147483648', '99999999999', 'Infinity', '1e400']) {
          for (const [url, field] of urls(bad)) {
            const res = await get(url!);
            expect([url, res.statusCode]).toEqual([url, 400]);
            expectRefused(res, field!);
          }
        }
      });
    });

    it('refuses a NUL in the role filter of the users list naming rol', async () => {
      expectRefused(await get('/api/usuarios?rol=ad%00min'), 'rol');
      expectRefused(await get('/api/usuarios/export?rol=ad%00min'), 'rol');
    });
  });

  describe('page numbers', () => {
    const HOSTILE_PAGES = [
      '1e400',
      'Infinity',
      '99999999999',
      '99999999999999999999',
      String(PAGE_MAX + 1),
      '1e7',
    ];

    it('answers 400 naming page, never 500 nor an echoed float, on every list', async () => {
      await unchanged(async () => {
        for (const url of LISTS().filter((u) => !u.endsWith('/export'))) {
          for (const page of HOSTILE_PAGES) {
            const res = await get(`${url}?page=${page}`);
            expect([url, page, res.statusCode]).toEqual([url, page, 400]);
            expectRefused(res, 'page', `Debe ser menor o igual que ${PAGE_MAX}`);
            expect(res.body).not.toMatch(/e\+|Infinity|99999999999/);
          }
        }
      });
    });

    it('accepts PAGE_MAX itself and echoes it as an integer', async () => {
      for (const url of LISTS().filter((u) => !u.endsWith('/export'))) {
        const res = await get(`${url}?page=${PAGE_MAX}`);
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.json<{ page: number; items: unknown[] }>()).toMatchObject({
          page: PAGE_MAX,
          items: [],
        });
      }
    });

    it("bounds a report's result page and POST /api/filtrado's page the same way", async () => {
      const informe = (
        await app.inject({
          method: 'POST',
          url: '/api/informes',
          headers: admin,
          payload: { nombre: 'Por estado', tipo: 'eventos-por-estado' },
        })
      ).json<Informe>();
      await unchanged(async () => {
        for (const page of HOSTILE_PAGES) {
          expectRefused(await get(`/api/informes/${informe.id}/resultado?page=${page}`), 'page');
        }
        // JSON.parse reads 1e400 as Infinity: refused as a number that is no integer.
        expectRefused(await filtrado('{"entidad":"eventos","filtros":[],"page":1e400}'), 'page');
        expectRefused(
          await filtrado('{"entidad":"eventos","filtros":[],"pageSize":1e400}'),
          'pageSize',
        );
        expectRefused(
          await filtrado({ entidad: 'eventos', filtros: [], page: PAGE_MAX + 1 }),
          'page',
        );
      });
      const last = await filtrado({ entidad: 'eventos', filtros: [], page: PAGE_MAX });
      expect(last.json()).toMatchObject({ items: [], page: PAGE_MAX });
    });
  });

  describe('NUL in search words', () => {
    // 3+ characters reach the trigram paths (FTS5 on SQLite, pg_trgm on PostgreSQL).
    const WORDS = ['ab%00c', '%00%00%00', 'jos%00e%20garcia', '%00'];

    it('answers 400 naming q on every list and export, before any CSV byte', async () => {
      await unchanged(async () => {
        for (const url of LISTS()) {
          for (const q of WORDS) {
            const res = await get(`${url}?q=${q}`);
            expect([url, q, res.statusCode]).toEqual([url, q, 400]);
            expectRefused(res, 'q', LISTAS_MESSAGES.textoConNul);
          }
        }
        for (const param of ['actor', 'accion', 'objetivo']) {
          expectRefused(await get(`/api/auditoria?${param}=usu%00arios`), param);
        }
      });
    });

    it('searches other control characters literally', async () => {
      // Stored and compared by both databases: a BEL in a name is found by a BEL in the word.
      const found = await get('/api/eventos?q=feria%07norte');
      expect(found.statusCode).toBe(200);
      expect(found.json<{ items: { id: number }[] }>().items.map((e) => e.id)).toEqual([eventoId]);
      for (const url of LISTS()) {
        const res = await get(`${url}?q=a%01b%02c%1F`);
        expect([url, res.statusCode]).toEqual([url, 200]);
      }
    });
  });

  describe('NUL in filter values', () => {
    const CASES = [
      { entidad: 'usuarios', campo: 'nombre', operador: 'contiene', valor: 'adm\u0000in' },
      { entidad: 'usuarios', campo: 'email', operador: 'empieza', valor: '\u0000\u0000\u0000' },
      { entidad: 'usuarios', campo: 'rol', operador: 'eq', valor: 'admin\u0000' },
      { entidad: 'eventos', campo: 'nombre', operador: 'eq', valor: 'Feria\u0000' },
      { entidad: 'eventos', campo: 'lugar', operador: 'contiene', valor: 'pal\u0000acio' },
      { entidad: 'periodos', campo: 'descripcion', operador: 'ne', valor: '\u0000' },
    ];

    it('answers 400 naming the value on POST /api/filtrado', async () => {
      await unchanged(async () => {
        for (const c of CASES) {
          const res = await filtrado({
            entidad: c.entidad,
            filtros: [{ campo: c.campo, operador: c.operador, valor: c.valor }],
          });
          expectRefused(
            res,
            'filtros[0].valor',
            formatFiltradoMessage(FILTRADO_MESSAGES.valorConNul, { campo: c.campo }),
          );
        }
        const en = await filtrado({
          entidad: 'usuarios',
          filtros: [{ campo: 'rol', operador: 'en', valor: ['admin', 'ges\u0000tor'] }],
        });
        expectRefused(en, 'filtros[0].valor[1]');
      });
    });

    it('refuses to save a report with one (400 naming it, nothing written)', async () => {
      await unchanged(async () => {
        for (const c of CASES) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/informes',
            headers: admin,
            payload: {
              nombre: 'Con NUL',
              tipo: 'listado',
              filtros: {
                entidad: c.entidad,
                filtros: [{ campo: c.campo, operador: c.operador, valor: c.valor }],
              },
            },
          });
          expectRefused(res, 'filtros.filtros[0].valor');
        }
      });
    });

    it('answers 400 (JSON, no CSV byte) for a report stored with one before the rule', async () => {
      for (const c of CASES) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/informes',
          headers: admin,
          payload: {
            nombre: 'Antiguo',
            tipo: 'listado',
            filtros: {
              entidad: c.entidad,
              filtros: [{ campo: c.campo, operador: 'ne', valor: 'x' }],
            },
          },
        });
        const informe = res.json<Informe>();
        // As an older version could have stored it (JSON text escapes NUL as \u0000).
        const filtros = {
          entidad: c.entidad,
          filtros: [{ campo: c.campo, operador: c.operador, valor: c.valor }],
        };
        await app.db
          .updateTable('informes')
          .set({ filtros: JSON.stringify(filtros) })
          .where('id', '=', informe.id)
          .execute();
        await unchanged(async () => {
          for (const path of ['resultado', 'resultado.csv']) {
            const run = await get(`/api/informes/${informe.id}/${path}`);
            expectRefused(run, 'filtros.filtros[0].valor');
          }
        });
      }
    });
  });

  it('answers an export whose first query fails with the error, not a 200 cut short', async () => {
    const res = await get('/api/prueba/export-roto');
    expectErrorShape(res, 400, ERROR_CODES.validation);
    expect(res.body.startsWith(BOM)).toBe(false);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  describe('the audit filter accion', () => {
    beforeAll(async () => {
      for (const accion of [
        'usuarios.crear',
        'usuarios.editar',
        'usuariosx.crear',
        'roles.crear',
      ]) {
        await insertAudit(app.db, {
          actorId: null,
          actorEmail: 'hostil@example.org',
          accion,
          objetivoTipo: 'prueba',
          ip: '127.0.0.1',
          at: Date.UTC(2026, 0, 1),
        });
      }
    });

    const acciones = async (accion: string) => {
      const res = await get(
        `/api/auditoria?actor=hostil&accion=${encodeURIComponent(accion)}&pageSize=100`,
      );
      expect(res.statusCode).toBe(200);
      return res
        .json<{ items: { accion: string }[] }>()
        .items.map((i) => i.accion)
        .sort();
    };

    it('matches a resource prefix, and % and _ only as themselves', async () => {
      expect(await acciones('usuarios')).toEqual(['usuarios.crear', 'usuarios.editar']);
      expect(await acciones('%')).toEqual([]);
      expect(await acciones('usuario_')).toEqual([]);
      expect(await acciones('usuarios%')).toEqual([]);
      expect(await acciones('_')).toEqual([]);
      expect(await acciones('usuarios.crear')).toEqual(['usuarios.crear']);
    });

    it('reads an actor of digits beyond the integer range as e-mail text, not as an id', async () => {
      for (const actor of ['2147483648', '99999999999999999999']) {
        const res = await get(`/api/auditoria?actor=${actor}`);
        expect([actor, res.statusCode]).toEqual([actor, 200]);
        expect(res.json<{ total: number }>().total).toBe(0);
      }
    });
  });
});
