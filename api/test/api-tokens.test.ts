/**
 * Personal API tokens (issue #17) on every database of DATABASES: created, listed and revoked by
 * their owner; `permisos` a subset of the owner's at creation and intersected again with the
 * owner's current permissions at every use; never admin's implicit all; closed to credentials,
 * sessions, tokens and sign-out; dead at once with a deactivated owner, past expiry or revoked;
 * last use recorded at most every five minutes.
 */
import { createHash } from 'node:crypto';
import {
  API_TOKEN_USO_GRANULARIDAD_MS,
  API_TOKENS_ERROR_CODES,
  type ApiToken,
  type ApiTokenCreado,
  type ApiTokensPage,
  type User,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { DATABASES, me, PASSWORD } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

const DAY = 86_400_000;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(DATABASES)('personal API tokens on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;
  withAdminWorld(dialect, (x) => ({ w, app, admin } = x));

  const req = (token: string, method: Method, url: string, payload?: object) =>
    call(app, token, { method, url, ...(payload ? { payload } : {}) });
  const inDays = (d: number) => new Date(w.clock.now() + d * DAY).toISOString();
  const create = (session: string, permisos: string[], expiraEn = inDays(30), nombre = 'CI') =>
    req(session, 'POST', '/api/tokens', { nombre, permisos, expiraEn });
  const mint = async (session: string, permisos: string[], expiraEn = inDays(30)) => {
    const res = await create(session, permisos, expiraEn);
    expect(res.statusCode).toBe(201);
    return res.json<ApiTokenCreado>();
  };
  const mine = async (session: string) =>
    (await req(session, 'GET', '/api/tokens')).json<ApiTokensPage>().items;
  const meOf = async (token: string) => (await me(app, token)).json<{ user: User }>().user;

  it('creates a token shown once (only its SHA-256 stored), lists it and revokes it', async () => {
    const { token, apiToken } = await mint(w.tokens.gestor, ['eventos:ver']);
    expect(token).toMatch(/^gdu_pat_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toEqual({
      id: expect.any(Number),
      nombre: 'CI',
      permisos: ['eventos:ver'],
      creadoEn: new Date(w.clock.now()).toISOString(),
      expiraEn: inDays(30),
      ultimoUso: null,
      prefijo: token.slice(0, 12),
    });
    const row = await app.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(8));
    expect((await mine(w.tokens.gestor)).map((t) => t.id)).toContain(apiToken.id);
    expect((await mine(w.tokens.usuario)).map((t) => t.id)).not.toContain(apiToken.id);

    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(200);
    // Someone else's token is not even confirmed to exist.
    expect((await req(w.tokens.usuario, 'DELETE', `/api/tokens/${apiToken.id}`)).statusCode).toBe(
      404,
    );
    expect((await req(w.tokens.gestor, 'DELETE', `/api/tokens/${apiToken.id}`)).statusCode).toBe(
      204,
    );
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(401);
    expect((await mine(w.tokens.gestor)).map((t) => t.id)).not.toContain(apiToken.id);
  });

  it('refuses permisos the owner does not hold, empty or unknown ones, with a code', async () => {
    const res = await create(w.tokens.usuario, ['eventos:ver', 'usuarios:ver', 'roles:gestionar']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: API_TOKENS_ERROR_CODES.permisosNoValidos,
      message: 'El token solo puede llevar permisos que usted tiene',
      details: [
        { field: 'permisos', message: 'No tiene este permiso: usuarios:ver' },
        { field: 'permisos', message: 'No tiene este permiso: roles:gestionar' },
      ],
    });
    expect((await create(w.tokens.usuario, [])).statusCode).toBe(400);
    expect((await create(w.tokens.usuario, ['nada:hacer'])).json().code).toBe('VALIDATION_ERROR');
    expect((await create(w.tokens.usuario, ['eventos:ver'])).statusCode).toBe(201);
  });

  it('requires an expiry in the future and at most 365 days ahead; refuses the token after it', async () => {
    for (const expiraEn of [inDays(-1), new Date(w.clock.now()).toISOString(), inDays(366)]) {
      const res = await create(w.tokens.usuario, ['eventos:ver'], expiraEn);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(API_TOKENS_ERROR_CODES.expiracionNoValida);
    }
    expect(
      (
        await req(w.tokens.usuario, 'POST', '/api/tokens', {
          nombre: 'x',
          permisos: ['eventos:ver'],
        })
      ).statusCode,
    ).toBe(400);
    const { token } = await mint(w.tokens.usuario, ['eventos:ver'], inDays(365));
    const soon = new Date(w.clock.now() + 60_000).toISOString();
    const short = await mint(w.tokens.usuario, ['eventos:ver'], soon);
    expect((await req(short.token, 'GET', '/api/eventos')).statusCode).toBe(200);
    w.clock.advance(60_000);
    expect((await req(short.token, 'GET', '/api/eventos')).statusCode).toBe(401);
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(200);
    // The expired token stays listed (shown as expired) until the sweep deletes it.
    expect((await mine(w.tokens.usuario)).some((t) => t.id === short.apiToken.id)).toBe(true);
  });

  it('answers 403 outside its permissions and re-applies the owner’s current roles at every use', async () => {
    const u = await createUser(app, admin, { roles: ['gestor'] });
    const session = (await signIn(app, u.email)).token;
    const { token } = await mint(session, ['eventos:ver', 'informes:ver']);
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(200);
    expect((await req(token, 'GET', '/api/periodos')).statusCode).not.toBe(200);
    expect((await req(token, 'POST', '/api/eventos', { nombre: 'x' })).statusCode).toBe(403);
    expect((await meOf(token)).roles).toEqual([
      { nombre: 'token-api', permisos: [{ nombre: 'eventos:ver' }, { nombre: 'informes:ver' }] },
    ]);

    // The owner loses gestor: the token loses it at the next request.
    expect((await req(admin, 'PUT', `/api/usuarios/${u.id}/roles`, { roles: [] })).statusCode).toBe(
      200,
    );
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(403);
    expect((await meOf(token)).roles).toEqual([{ nombre: 'token-api', permisos: [] }]);
    // Given `usuario` (eventos:ver, not informes... it has informes:ver too): back within both.
    await req(admin, 'PUT', `/api/usuarios/${u.id}/roles`, { roles: ['usuario'] });
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(200);
    expect((await req(token, 'POST', '/api/eventos', { nombre: 'x' })).statusCode).toBe(403);
  });

  it('never carries the admin role’s implicit all, nor counts as an admin for delegation', async () => {
    const { token } = await mint(admin, ['usuarios:ver', 'usuarios:editar']);
    const user = await meOf(token);
    expect(user.roles.map((r) => r.nombre)).toEqual(['token-api']);
    expect((await req(token, 'GET', '/api/usuarios')).statusCode).toBe(200);
    expect((await req(token, 'GET', '/api/grupos')).statusCode).toBe(403);
    expect((await req(token, 'GET', '/api/configuracion')).statusCode).toBe(403);
    expect((await req(token, 'GET', '/api/auditoria')).statusCode).toBe(403);
    // Acting on an admin (the seeded one) or giving `admin` needs an admin: a token is none.
    const target = await createUser(app, admin, { roles: ['usuario'] });
    const give = await req(token, 'PUT', `/api/usuarios/${target.id}/roles`, { roles: ['admin'] });
    expect(give.statusCode).toBe(403);
    const onAdmin = await req(token, 'PATCH', `/api/usuarios/${w.ids.admin}`, {
      nombre: 'Otro',
      version: 1,
    });
    expect(onAdmin.statusCode).toBe(403);
    // Its delegation is that of what it holds: `usuario`'s permissions are not in it, so it
    // may neither act on a holder of them nor take the role; on someone holding nothing, it may.
    expect(
      (await req(token, 'PUT', `/api/usuarios/${target.id}/roles`, { roles: [] })).statusCode,
    ).toBe(403);
    const bare = await createUser(app, admin, { roles: [] });
    const ok = await req(token, 'PATCH', `/api/usuarios/${bare.id}`, {
      nombre: 'Otra',
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('audits a write made through a token as its owner, naming the token', async () => {
    const { token, apiToken } = await mint(admin, ['usuarios:ver', 'usuarios:editar']);
    const target = await createUser(app, admin, { roles: [] });
    const audited = async (nombre: string) => {
      const rows = await app.db
        .selectFrom('auditoria')
        .select(['actor_id', 'cambios'])
        .where('accion', '=', 'usuarios.editar')
        .where('objetivo_id', '=', String(target.id))
        .orderBy('id', 'desc')
        .execute();
      const row = rows.find((r) => String(r.cambios).includes(nombre))!;
      return { actorId: row.actor_id, cambios: JSON.parse(String(row.cambios)) as object };
    };
    const viaToken = await req(token, 'PATCH', `/api/usuarios/${target.id}`, {
      nombre: 'Por token',
      version: 1,
    });
    expect(viaToken.statusCode).toBe(200);
    expect(await audited('Por token')).toEqual({
      actorId: w.ids.admin,
      cambios: expect.objectContaining({ tokenApi: apiToken.id }),
    });
    const viaSession = await req(admin, 'PATCH', `/api/usuarios/${target.id}`, {
      nombre: 'Por sesión',
      version: 2,
    });
    expect(viaSession.statusCode).toBe(200);
    expect((await audited('Por sesión')).cambios).not.toHaveProperty('tokenApi');
  });

  it('is refused (403 TOKEN_NO_PERMITIDO) on credentials, factors, sessions, tokens and sign-out', async () => {
    const { token, apiToken } = await mint(admin, ['usuarios:ver', 'usuarios:editar']);
    const u = w.ids.usuario;
    const refused: Array<[Method, string, object?]> = [
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/password', { actual: 'x', nueva: 'y' }],
      ['PATCH', '/api/auth/me', { nombre: 'x' }],
      ['POST', '/api/auth/email', { email: 'x@example.org' }],
      ['GET', '/api/auth/mfa'],
      ['POST', '/api/auth/mfa/totp'],
      ['POST', '/api/auth/mfa/recovery-codes', { password: 'x' }],
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/registration-options'],
      ['POST', '/api/auth/reautenticar', { password: 'x' }],
      ['GET', '/api/sesiones'],
      ['POST', '/api/sesiones/revocar-otras'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { nombre: 'x', permisos: ['usuarios:ver'], expiraEn: inDays(1) }],
      ['DELETE', `/api/tokens/${apiToken.id}`],
      ['POST', `/api/usuarios/${u}/password-reset`],
      ['POST', `/api/usuarios/${u}/mfa/reset`, { motivo: 'x' }],
      ['GET', `/api/usuarios/${u}/sesiones`],
      ['DELETE', `/api/usuarios/${u}/sesiones/1`],
      ['POST', `/api/usuarios/${u}/sessions/revoke`],
      ['POST', '/api/usuarios/bulk', { accion: 'revocarSesiones', ids: [u] }],
    ];
    for (const [method, url, body] of refused) {
      const res = await req(token, method, url, body);
      expect([method, url, res.statusCode, res.json().code]).toEqual([
        method,
        url,
        403,
        API_TOKENS_ERROR_CODES.noPermitido,
      ]);
    }
    expect((await me(app, token)).statusCode).toBe(200);
    expect((await mine(admin)).some((t: ApiToken) => t.id === apiToken.id)).toBe(true);
    // The bulk route itself stays open to a token for its other actions.
    const bulk = await req(token, 'POST', '/api/usuarios/bulk', { accion: 'activar', ids: [u] });
    expect(bulk.statusCode).toBe(200);
  });

  it('dies at once when the owner is deactivated (and a reactivation revives nothing)', async () => {
    const u = await createUser(app, admin, { roles: ['usuario'] });
    const { token } = await mint((await signIn(app, u.email)).token, ['eventos:ver']);
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(200);
    // Directly in the database too (a path that only flips `activo`, e.g. provisioning).
    await app.db.updateTable('usuarios').set({ activo: 0 }).where('id', '=', u.id).execute();
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(401);
    await app.db.updateTable('usuarios').set({ activo: 1 }).where('id', '=', u.id).execute();
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(200);
    const version = (await req(admin, 'GET', `/api/usuarios/${u.id}`)).json<{ version: number }>()
      .version;
    const off = await req(admin, 'PATCH', `/api/usuarios/${u.id}`, { activo: false, version });
    expect(off.statusCode).toBe(200);
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(401);
    await req(admin, 'PATCH', `/api/usuarios/${u.id}`, { activo: true, version: version + 1 });
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(401);
  });

  it('records the last use at most every five minutes', async () => {
    const { token, apiToken } = await mint(w.tokens.usuario, ['eventos:ver']);
    const lastUse = async () =>
      (await mine(w.tokens.usuario)).find((t) => t.id === apiToken.id)!.ultimoUso;
    const t0 = new Date(w.clock.now()).toISOString();
    await req(token, 'GET', '/api/eventos');
    expect(await lastUse()).toBe(t0);
    w.clock.advance(API_TOKEN_USO_GRANULARIDAD_MS - 1000);
    await req(token, 'GET', '/api/eventos');
    expect(await lastUse()).toBe(t0);
    w.clock.advance(1000);
    await req(token, 'GET', '/api/eventos');
    expect(await lastUse()).toBe(new Date(w.clock.now()).toISOString());
  });

  it('leaves the session path as it was: a session still works, an unknown gdu_pat_ is 401', async () => {
    expect((await me(app, w.tokens.usuario)).statusCode).toBe(200);
    expect((await me(app, `gdu_pat_${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await me(app, 'gdu_pat_')).statusCode).toBe(401);
  });

  it('asks for the password again before minting a token eleven minutes after sign-in', async () => {
    const u = await createUser(app, admin, { roles: ['gestor'] });
    const { token: session } = await signIn(app, u.email);
    w.clock.advance(11 * 60_000);
    const refused = await create(session, ['eventos:ver']);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      403,
      'REAUTENTICACION_REQUERIDA',
    ]);
    expect(await mine(session)).toHaveLength(0);
    const again = await req(session, 'POST', '/api/auth/reautenticar', { password: PASSWORD });
    expect(again.statusCode).toBe(204);
    expect((await create(session, ['eventos:ver'])).statusCode).toBe(201);
  });
});
