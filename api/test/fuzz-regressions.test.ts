/**
 * Answers the property-based fuzz test (fuzz.test.ts, issue #7) found wrong, pinned one by one:
 * each was a 500 for bad input (DESIGN.md §3: "No 500 for bad input").
 */
import { ERROR_CODES } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { createEvento } from './eventos-fixtures';
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

describe.each(DATABASES)('bad input found by fuzzing, on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db));
    admin = bearer((await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: admin });

  it('answers 400 for a page number beyond what the database can skip', async () => {
    // "Infinity" passes the integer schema: query coercion turns it into a number after the
    // type check, so the database is where it stops.
    expectErrorShape(await get('/api/auditoria?page=Infinity'), 400, ERROR_CODES.validation);
    expectErrorShape(
      await get('/api/auditoria?page=99999999999999999999'),
      400,
      ERROR_CODES.validation,
    );
  });

  it('answers 400, never 500, for ids beyond the database integer range', async () => {
    for (const url of [
      '/api/roles/99999999999999999999999',
      '/api/eventos/2147483648',
      '/api/informes/9007199254740993',
    ]) {
      const res = await get(url);
      // The path schema bounds ids by PostgreSQL's integer (ID_MAX) on both databases; before
      // it, SQLite answered 404 and PostgreSQL 400 for the same request.
      expect([url, res.statusCode]).toEqual([url, 400]);
      expectErrorShape(res, 400, ERROR_CODES.validation);
    }
  });

  it('answers 400 for a responsable id beyond the integer range in a PATCH', async () => {
    const evento = await createEvento(app, admin);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/eventos/${evento.id}`,
      headers: admin,
      payload: { responsableId: 2_147_483_648, version: evento.version },
    });
    expectErrorShape(res, 400, ERROR_CODES.validation);
  });
});
