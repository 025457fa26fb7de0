/**
 * The permission matrix of issue #4: every administration endpoint × admin, gestor, usuario and
 * anonymous → the expected status, generated from ONE table. Every endpoint checks its
 * permission on the server (DESIGN.md §4): 401 without a session, 403 without the permission.
 * Denied callers run first, so each admin call still finds the state it expects.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DATABASES, uniqueEmail } from './helper';
import { buildAdminWorld, call, createUser, type AdminWorld } from './admin-fixtures';

type Caller = 'anonimo' | 'usuario' | 'gestor' | 'admin';

interface Ctx {
  app: FastifyInstance;
  adminToken: string;
  victim: number;
  doomed: number;
  rolEditable: number;
  rolDoomed: number;
}

interface Row {
  name: string;
  request: (ctx: Ctx) => Promise<InjectOptions> | InjectOptions;
  /** Expected status for admin, gestor, usuario; anonymous is always 401. */
  admin: number;
  gestor: number;
  usuario: number;
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
const csv = (url: string, body: string): InjectOptions => ({
  method: 'POST',
  url,
  payload: body,
  headers: { 'content-type': 'text/csv' },
});

async function versionOf(ctx: Ctx, url: string): Promise<number> {
  const res = await call(ctx.app, ctx.adminToken, { method: 'GET', url });
  return res.json<{ version: number }>().version;
}

const DENIED = { gestor: 403, usuario: 403 };

/** THE table. */
const MATRIX: Row[] = [
  { name: 'GET /api/usuarios', request: () => json('GET', '/api/usuarios'), admin: 200, ...DENIED },
  {
    name: 'GET /api/usuarios/export',
    request: () => json('GET', '/api/usuarios/export'),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'GET /api/usuarios/:id',
    request: (c) => json('GET', `/api/usuarios/${c.victim}`),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'POST /api/usuarios',
    request: () => json('POST', '/api/usuarios', { email: uniqueEmail('m'), nombre: 'Nueva' }),
    admin: 201,
    ...DENIED,
  },
  {
    name: 'PATCH /api/usuarios/:id',
    request: async (c) =>
      json('PATCH', `/api/usuarios/${c.victim}`, {
        nombre: 'Renombrada',
        version: await versionOf(c, `/api/usuarios/${c.victim}`),
      }),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'PUT /api/usuarios/:id/roles',
    request: (c) => json('PUT', `/api/usuarios/${c.victim}/roles`, { roles: ['usuario'] }),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'POST /api/usuarios/:id/sessions/revoke',
    request: (c) => json('POST', `/api/usuarios/${c.victim}/sessions/revoke`),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'POST /api/usuarios/import?dryRun=1',
    request: () =>
      csv('/api/usuarios/import?dryRun=1', `email,nombre,roles\n${uniqueEmail('i')},Ana,usuario\n`),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'POST /api/usuarios/import',
    request: () =>
      csv('/api/usuarios/import', `email,nombre,roles\n${uniqueEmail('i')},Ana,usuario\n`),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'DELETE /api/usuarios/:id',
    request: (c) => json('DELETE', `/api/usuarios/${c.doomed}`),
    admin: 204,
    ...DENIED,
  },
  { name: 'GET /api/roles', request: () => json('GET', '/api/roles'), admin: 200, ...DENIED },
  {
    name: 'GET /api/roles/:id',
    request: (c) => json('GET', `/api/roles/${c.rolEditable}`),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'POST /api/roles',
    request: () =>
      json('POST', '/api/roles', {
        nombre: `rol ${uniqueEmail('').slice(1, 9)}`,
        permisos: ['eventos:ver'],
      }),
    admin: 201,
    ...DENIED,
  },
  {
    name: 'PATCH /api/roles/:id',
    request: async (c) =>
      json('PATCH', `/api/roles/${c.rolEditable}`, {
        permisos: ['informes:ver'],
        version: await versionOf(c, `/api/roles/${c.rolEditable}`),
      }),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'DELETE /api/roles/:id',
    request: (c) => json('DELETE', `/api/roles/${c.rolDoomed}`),
    admin: 204,
    ...DENIED,
  },
  { name: 'GET /api/permisos', request: () => json('GET', '/api/permisos'), admin: 200, ...DENIED },
  {
    name: 'GET /api/auditoria',
    request: () => json('GET', '/api/auditoria'),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'GET /api/auditoria/export',
    request: () => json('GET', '/api/auditoria/export'),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'GET /api/configuracion',
    request: () => json('GET', '/api/configuracion'),
    admin: 200,
    ...DENIED,
  },
  {
    name: 'PATCH /api/configuracion',
    request: async (c) =>
      json('PATCH', '/api/configuracion', {
        registroAbierto: true,
        version: await versionOf(c, '/api/configuracion'),
      }),
    admin: 200,
    ...DENIED,
  },
  // Own sessions and own account: any signed-in user.
  {
    name: 'GET /api/sesiones',
    request: () => json('GET', '/api/sesiones'),
    admin: 200,
    gestor: 200,
    usuario: 200,
  },
  {
    name: 'DELETE /api/sesiones/:id (not mine)',
    request: () => json('DELETE', '/api/sesiones/999999'),
    admin: 404,
    gestor: 404,
    usuario: 404,
  },
  {
    name: 'POST /api/sesiones/revocar-otras',
    request: () => json('POST', '/api/sesiones/revocar-otras'),
    admin: 200,
    gestor: 200,
    usuario: 200,
  },
  {
    name: 'PATCH /api/auth/me',
    request: () => json('PATCH', '/api/auth/me', { nombre: 'Mi nombre' }),
    admin: 200,
    gestor: 200,
    usuario: 200,
  },
  {
    name: 'POST /api/auth/password (wrong actual)',
    request: () =>
      json('POST', '/api/auth/password', { actual: 'no-es-esta-1', nueva: 'Otra-Clave-Nueva-99' }),
    admin: 400,
    gestor: 400,
    usuario: 400,
  },
];

const CALLERS: Caller[] = ['anonimo', 'usuario', 'gestor', 'admin'];

describe.each(DATABASES)('permission matrix on %s', (dialect) => {
  let w: AdminWorld;
  let ctx: Ctx;

  beforeAll(async () => {
    w = await buildAdminWorld(dialect);
    const victim = await createUser(w.app, w.tokens.admin, { roles: ['usuario'] });
    const doomed = await createUser(w.app, w.tokens.admin);
    const mkRol = async (nombre: string) => {
      const res = await call(w.app, w.tokens.admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { nombre, permisos: ['eventos:ver'] },
      });
      return res.json<{ id: number }>().id;
    };
    ctx = {
      app: w.app,
      adminToken: w.tokens.admin,
      victim: victim.id,
      doomed: doomed.id,
      rolEditable: await mkRol('editable'),
      rolDoomed: await mkRol('desechable'),
    };
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  const cases = CALLERS.flatMap((caller) =>
    MATRIX.map((row) => ({
      caller,
      row,
      expected: caller === 'anonimo' ? 401 : row[caller],
    })),
  );

  it.each(cases)('$row.name as $caller → $expected', async ({ caller, row, expected }) => {
    const token = caller === 'anonimo' ? undefined : w.tokens[caller];
    const res = await call(w.app, token, await row.request(ctx));
    expect({ status: res.statusCode, body: res.statusCode === expected ? '' : res.body }).toEqual({
      status: expected,
      body: '',
    });
  });
});
