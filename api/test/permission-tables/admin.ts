/**
 * The permission matrix of issue #4 as data: every administration endpoint × admin, gestor,
 * usuario (anonymous is always 401) → the expected status. Every endpoint checks its permission
 * on the server (DESIGN.md §4). Run in-process by admin-permission-matrix.test.ts and over HTTP
 * against the replicas by e2e/cluster/permission-matrix.test.ts: a row added here runs in both.
 */
import type { InjectOptions } from 'fastify';
import { injectAs, uniqueEmail, type Injector, type PermissionTable, type TableRow } from './types';

/** What the rows need: ids made by `setup` (a user to edit, one to delete, two roles). */
export interface AdminCtx {
  app: Injector;
  adminToken: string;
  victim: number;
  doomed: number;
  rolEditable: number;
  rolDoomed: number;
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

async function versionOf(ctx: AdminCtx, url: string): Promise<number> {
  const res = await injectAs(ctx.app, ctx.adminToken, { method: 'GET', url });
  return res.json<{ version: number }>().version;
}

const DENIED = { gestor: 403, usuario: 403 };

/** THE table. */
export const ADMIN_MATRIX: TableRow<AdminCtx>[] = [
  {
    name: 'GET /api/usuarios',
    request: () => json('GET', '/api/usuarios'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'GET /api/usuarios/export',
    request: () => json('GET', '/api/usuarios/export'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'GET /api/usuarios/:id',
    request: (c) => json('GET', `/api/usuarios/${c.victim}`),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/usuarios',
    request: () => json('POST', '/api/usuarios', { email: uniqueEmail('m'), nombre: 'Nueva' }),
    expected: { admin: 201, ...DENIED },
  },
  {
    name: 'PATCH /api/usuarios/:id',
    request: async (c) =>
      json('PATCH', `/api/usuarios/${c.victim}`, {
        nombre: 'Renombrada',
        version: await versionOf(c, `/api/usuarios/${c.victim}`),
      }),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'PUT /api/usuarios/:id/roles',
    request: (c) => json('PUT', `/api/usuarios/${c.victim}/roles`, { roles: ['usuario'] }),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/usuarios/bulk',
    request: (c) =>
      json('POST', '/api/usuarios/bulk', { accion: 'revocarSesiones', ids: [c.victim] }),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/usuarios/:id/sessions/revoke',
    request: (c) => json('POST', `/api/usuarios/${c.victim}/sessions/revoke`),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/usuarios/import?dryRun=1',
    request: () =>
      csv('/api/usuarios/import?dryRun=1', `email,nombre,roles\n${uniqueEmail('i')},Ana,usuario\n`),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/usuarios/import',
    request: () =>
      csv('/api/usuarios/import', `email,nombre,roles\n${uniqueEmail('i')},Ana,usuario\n`),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'DELETE /api/usuarios/:id',
    request: (c) => json('DELETE', `/api/usuarios/${c.doomed}`),
    expected: { admin: 204, ...DENIED },
  },
  {
    name: 'GET /api/roles',
    request: () => json('GET', '/api/roles'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'GET /api/roles/:id',
    request: (c) => json('GET', `/api/roles/${c.rolEditable}`),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/roles',
    request: () =>
      json('POST', '/api/roles', {
        nombre: `rol ${uniqueEmail('').slice(1, 9)}`,
        permisos: ['eventos:ver'],
      }),
    expected: { admin: 201, ...DENIED },
  },
  {
    name: 'PATCH /api/roles/:id',
    request: async (c) =>
      json('PATCH', `/api/roles/${c.rolEditable}`, {
        permisos: ['informes:ver'],
        version: await versionOf(c, `/api/roles/${c.rolEditable}`),
      }),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'DELETE /api/roles/:id',
    request: (c) => json('DELETE', `/api/roles/${c.rolDoomed}`),
    expected: { admin: 204, ...DENIED },
  },
  {
    name: 'GET /api/permisos',
    request: () => json('GET', '/api/permisos'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'GET /api/auditoria',
    request: () => json('GET', '/api/auditoria'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'GET /api/auditoria/export',
    request: () => json('GET', '/api/auditoria/export'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'GET /api/configuracion',
    request: () => json('GET', '/api/configuracion'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'PATCH /api/configuracion',
    request: async (c) =>
      json('PATCH', '/api/configuracion', {
        registroAbierto: true,
        version: await versionOf(c, '/api/configuracion'),
      }),
    expected: { admin: 200, ...DENIED },
  },
  // Ajustes › Correo (issue #15).
  {
    name: 'GET /api/configuracion/correo',
    request: () => json('GET', '/api/configuracion/correo'),
    expected: { admin: 200, ...DENIED },
  },
  {
    name: 'POST /api/configuracion/correo/prueba',
    request: () =>
      json('POST', '/api/configuracion/correo/prueba', { destinatario: 'matriz@example.org' }),
    expected: { admin: 202, ...DENIED },
  },
  // Own sessions and own account: any signed-in user.
  {
    name: 'GET /api/sesiones',
    request: () => json('GET', '/api/sesiones'),
    expected: { admin: 200, gestor: 200, usuario: 200 },
  },
  {
    name: 'DELETE /api/sesiones/:id (not mine)',
    request: () => json('DELETE', '/api/sesiones/999999'),
    expected: { admin: 404, gestor: 404, usuario: 404 },
  },
  {
    name: 'POST /api/sesiones/revocar-otras',
    request: () => json('POST', '/api/sesiones/revocar-otras'),
    expected: { admin: 200, gestor: 200, usuario: 200 },
  },
  {
    name: 'PATCH /api/auth/me',
    request: () => json('PATCH', '/api/auth/me', { nombre: 'Mi nombre' }),
    expected: { admin: 200, gestor: 200, usuario: 200 },
  },
  {
    name: 'POST /api/auth/password (wrong actual)',
    request: () =>
      json('POST', '/api/auth/password', { actual: 'no-es-esta-1', nueva: 'Otra-Clave-Nueva-99' }),
    expected: { admin: 400, gestor: 400, usuario: 400 },
  },
];

async function created(
  app: Injector,
  token: string,
  url: string,
  payload: object,
): Promise<number> {
  const res = await injectAs(app, token, { method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** The table with its fixtures (see `PermissionTable`). */
export const ADMIN_TABLE: PermissionTable<AdminCtx> = {
  name: 'administración (issue #4)',
  async setup(app, adminToken) {
    const user = (roles: string[]) =>
      created(app, adminToken, '/api/usuarios', {
        email: uniqueEmail('adm'),
        nombre: 'Persona de prueba',
        password: 'Clave-Muy-Segura-2026',
        roles,
      });
    const rol = (nombre: string) =>
      created(app, adminToken, '/api/roles', {
        nombre: `${nombre} ${uniqueEmail('').slice(1, 7)}`,
        permisos: ['eventos:ver'],
      });
    return {
      app,
      adminToken,
      victim: await user(['usuario']),
      doomed: await user([]),
      rolEditable: await rol('editable'),
      rolDoomed: await rol('desechable'),
    };
  },
  rows: ADMIN_MATRIX,
};
