/**
 * /api/scim/tokens (issue #17) on every database of DATABASES: configuracion:gestionar only; a
 * token shown once (`gdu_scim_`, 256 bits) whose SHA-256 alone is stored; the live connections
 * listed without it; revoke → the next SCIM call 401; two live at once for rotation, at most
 * SCIM_CONEXIONES_MAX; `ultimoUso` written at most every 5 minutes; audited; and a connection
 * dies with its creator's authority.
 */
import {
  ERROR_CODES,
  SCIM_CONEXIONES_MAX,
  SCIM_TOKENS_ERROR_CODES,
  SCIM_TOKENS_MESSAGES,
  type ConexionesScimPage,
  type ScimTokenCreado,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { hashToken } from '../src/repositories/sesiones-repository';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { DATABASES, expectErrorShape } from './helper';
import { withAdminWorld } from './support/admin-world';

describe.each(DATABASES)('/api/scim/tokens on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;
  withAdminWorld(dialect, (x) => ({ w, app, admin } = x));

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    call(app, token, { method, url, ...(payload ? { payload } : {}) });
  const create = async (nombre: string, token = admin) => {
    const res = await req('POST', '/api/scim/tokens', { nombre }, token);
    expect(res.statusCode).toBe(201);
    return res.json<ScimTokenCreado>();
  };
  /** A SCIM call with `token` (inject: the conformance suite covers the wire). */
  const scim = (token: string) =>
    app.inject({ method: 'GET', url: '/scim/v2/Users?count=1', headers: { authorization: `Bearer ${token}` } });
  const revokeAll = async () => {
    const list = (await req('GET', '/api/scim/tokens')).json<ConexionesScimPage>();
    for (const c of list.items) await req('DELETE', `/api/scim/tokens/${c.id}`);
  };

  it('creates a connection: the token once, only its SHA-256 stored, audited', async () => {
    const { token, conexion } = await create('  Entra ID  ');
    expect(token).toMatch(/^gdu_scim_[A-Za-z0-9_-]{43}$/);
    expect(conexion).toEqual({
      id: expect.any(Number),
      nombre: 'Entra ID',
      creadoEn: expect.any(String),
      ultimoUso: null,
      prefijo: token.slice(0, 13),
    });
    const row = await app.db
      .selectFrom('scim_conexiones')
      .select(['token_hash'])
      .where('id', '=', conexion.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    const list = await req('GET', '/api/scim/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json<ConexionesScimPage>().items[0]).toEqual(conexion);
    const audit = (await listAudit(app.db, { accion: 'scim.conexion_creada', limit: 1 }))[0];
    expect(audit).toMatchObject({ objetivo_tipo: 'scim_conexion', objetivo_id: String(conexion.id) });
    expect(audit!.cambios).not.toContain(token);
  });

  it('records the last use at most every 5 minutes', async () => {
    const { token, conexion } = await create('Okta');
    expect((await scim(token)).statusCode).toBe(200);
    const usedAt = () =>
      req('GET', '/api/scim/tokens').then(
        (r) => r.json<ConexionesScimPage>().items.find((c) => c.id === conexion.id)!.ultimoUso,
      );
    const first = await usedAt();
    expect(first).toBe(new Date(w.clock.now()).toISOString());
    w.clock.advance(4 * 60_000);
    await scim(token);
    expect(await usedAt()).toBe(first);
    w.clock.advance(60_000);
    await scim(token);
    expect(await usedAt()).toBe(new Date(w.clock.now()).toISOString());
  });

  it('rotates: two live tokens work together; a revoked one gets 401 at once', async () => {
    const old = await create('Entra (antiguo)');
    const fresh = await create('Entra (nuevo)');
    expect((await scim(old.token)).statusCode).toBe(200);
    expect((await scim(fresh.token)).statusCode).toBe(200);
    const del = await req('DELETE', `/api/scim/tokens/${old.conexion.id}`);
    expect(del.statusCode).toBe(204);
    expect((await scim(old.token)).statusCode).toBe(401);
    expect((await scim(fresh.token)).statusCode).toBe(200);
    const again = await req('DELETE', `/api/scim/tokens/${old.conexion.id}`);
    expectErrorShape(again, 404, SCIM_TOKENS_ERROR_CODES.noEncontrada);
    expect(again.json<{ message: string }>().message).toBe(SCIM_TOKENS_MESSAGES.noEncontrada);
    const ids = (await req('GET', '/api/scim/tokens')).json<ConexionesScimPage>().items.map((c) => c.id);
    expect(ids).not.toContain(old.conexion.id);
    const audit = (await listAudit(app.db, { accion: 'scim.conexion_revocada', limit: 1 }))[0];
    expect(audit?.objetivo_id).toBe(String(old.conexion.id));
  });

  it(`keeps at most ${SCIM_CONEXIONES_MAX} live connections`, async () => {
    await revokeAll();
    for (let i = 0; i < SCIM_CONEXIONES_MAX; i++) await create(`Conexión ${i}`);
    const res = await req('POST', '/api/scim/tokens', { nombre: 'Una más' });
    expectErrorShape(res, 409, SCIM_TOKENS_ERROR_CODES.limite);
    await revokeAll();
  });

  it('refuses an empty nombre or an unknown field (400)', async () => {
    expectErrorShape(await req('POST', '/api/scim/tokens', { nombre: '   ' }), 400, ERROR_CODES.validation);
    expectErrorShape(await req('POST', '/api/scim/tokens', { nombre: '' }), 400, ERROR_CODES.validation);
    expectErrorShape(
      await req('POST', '/api/scim/tokens', { nombre: 'x', token: 'mío' }),
      400,
      ERROR_CODES.validation,
    );
  });

  it('needs configuracion:gestionar (401 without a session, 403 for a gestor)', async () => {
    expectErrorShape(await call(app, undefined, { method: 'GET', url: '/api/scim/tokens' }), 401);
    for (const [m, url] of [
      ['GET', '/api/scim/tokens'],
      ['POST', '/api/scim/tokens'],
      ['DELETE', '/api/scim/tokens/1'],
    ] as const)
      expectErrorShape(await req(m, url, m === 'POST' ? { nombre: 'x' } : undefined, w.tokens.gestor), 403);
  });

  it('stops working when its creator loses configuracion:gestionar or is deactivated', async () => {
    const { id, email } = await createUser(app, admin, { roles: ['admin'], nombre: 'Otra Admin' });
    const other = await signIn(app, email);
    const { token } = await create('De otra admin', other.token);
    expect((await scim(token)).statusCode).toBe(200);
    const res = await call(app, admin, {
      method: 'PATCH',
      url: `/api/usuarios/${id}`,
      payload: { activo: false, version: 1 },
    });
    expect(res.statusCode).toBe(200);
    const r = await scim(token);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
  });
});
