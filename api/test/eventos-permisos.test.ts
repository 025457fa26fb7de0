/**
 * The permission matrix of /api/eventos and /api/eventos/:id/periodos (issue #5, DESIGN.md §4):
 * every endpoint × admin, gestor, usuario and anonymous, from one table. The server enforces it
 * (401 without a session, 403 without the permission) and a refused write changes nothing. The
 * table is data in permission-tables/eventos.ts, shared with the cluster suite (issue #7).
 */
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { createEvento, createPeriodo, signInRoles, type Who } from './eventos-fixtures';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  type TestDatabase,
} from './helper';
import { EVENTOS_ENDPOINTS, eventosExpected } from './permission-tables/eventos';

const WHO: Who[] = ['admin', 'gestor', 'usuario', 'anonimo'];
const ENDPOINTS = EVENTOS_ENDPOINTS;
const expected = eventosExpected;

const CASES = ENDPOINTS.flatMap((e) =>
  WHO.map((who) => [`${e.method} ${e.path}`, who, expected(who, e.permission, e.ok), e] as const),
);

describe.each(DATABASES)('eventos permissions on %s', (dialect) => {
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

  it('the table covers usuario as read-only and gestor as full', () => {
    expect(CASES.filter(([, w, s]) => w === 'usuario' && s === 403)).toHaveLength(7);
    expect(CASES.filter(([, w, s]) => w === 'gestor' && s >= 400)).toHaveLength(0);
  });

  it('checks the permission before the body: 401/403 even for an invalid body or unknown id', async () => {
    const anon = await app.inject({ method: 'POST', url: '/api/eventos', payload: { x: 1 } });
    expectErrorShape(anon, 401, ERROR_CODES.unauthenticated);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/eventos/1/periodos',
      headers: { ...as.usuario, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectErrorShape(malformed, 403, ERROR_CODES.forbidden);
    const unknown = await app.inject({
      method: 'DELETE',
      url: '/api/eventos/999999',
      headers: as.usuario,
    });
    expectErrorShape(unknown, 403, ERROR_CODES.forbidden);
  });

  it.each(CASES)('%s as %s → %i', async (_name, who, status, endpoint) => {
    const ev = await createEvento(app, as.admin);
    const per = await createPeriodo(app, as.admin, ev.id, {
      nombre: 'Existente',
      fechaInicio: '2026-03-02T09:00:00Z',
      fechaFin: '2026-03-02T10:00:00Z',
    });
    const url = endpoint.path.replace(':id', String(ev.id)).replace(':periodoId', String(per.id));
    const res = await app.inject({
      method: endpoint.method,
      url,
      headers: {
        ...as[who],
        ...(endpoint.contentType ? { 'content-type': endpoint.contentType } : {}),
      },
      ...(endpoint.body ? { payload: endpoint.body } : {}),
    });
    if (status === 401) {
      expect(expectErrorShape(res, 401, ERROR_CODES.unauthenticated).message).toBe(
        API_MESSAGES.unauthenticated,
      );
    } else if (status === 403) {
      expect(expectErrorShape(res, 403, ERROR_CODES.forbidden).message).toBe(
        API_MESSAGES.forbidden,
      );
    } else {
      expect(res.statusCode).toBe(status);
    }
    if (status >= 400) {
      // A refused call changed nothing.
      const evNow = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}`,
        headers: as.admin,
      });
      expect(evNow.json()).toEqual(ev);
      const perNow = await app.inject({
        method: 'GET',
        url: `/api/eventos/${ev.id}/periodos`,
        headers: as.admin,
      });
      expect(perNow.json()).toMatchObject({ total: 1, items: [per] });
    }
  });
});
