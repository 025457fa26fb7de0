/**
 * The permission matrix of /api/eventos and /api/eventos/:id/periodos (issue #5, DESIGN.md §4)
 * as data: each endpoint with the permission it needs; what each caller gets follows from the
 * seeded roles. Run in-process by eventos-permisos.test.ts and over HTTP against the replicas by
 * e2e/cluster/permission-matrix.test.ts: an endpoint added here runs in both.
 */
import { SEEDED_ROLES, type PermissionName } from '@gestion/shared';
import type { InjectOptions } from 'fastify';
import { injectAs, type Caller, type Injector, type PermissionTable } from './types';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface EventosEndpoint {
  method: Method;
  path: string;
  permission: PermissionName;
  /** The status of a successful call. */
  ok: number;
  body?: Record<string, unknown> | string;
  contentType?: string;
}

/** `:id` and `:periodoId` are replaced by a fresh event and period per case. */
export const EVENTOS_ENDPOINTS: EventosEndpoint[] = [
  { method: 'GET', path: '/api/eventos', permission: 'eventos:ver', ok: 200 },
  { method: 'GET', path: '/api/eventos/export', permission: 'eventos:ver', ok: 200 },
  {
    method: 'POST',
    path: '/api/eventos',
    permission: 'eventos:crear',
    ok: 201,
    body: {
      nombre: 'Congreso de Málaga',
      lugar: 'Palacio de Ferias',
      fechaInicio: '2026-03-01T09:00:00Z',
      fechaFin: '2026-03-05T18:00:00Z',
    },
  },
  {
    method: 'POST',
    path: '/api/eventos/import?dryRun=1',
    permission: 'eventos:crear',
    ok: 200,
    contentType: 'text/csv',
    body: 'nombre,lugar,fechaInicio,fechaFin\r\nCsv,Sede,2026-03-01T09:00:00Z,2026-03-02T09:00:00Z',
  },
  { method: 'GET', path: '/api/eventos/:id', permission: 'eventos:ver', ok: 200 },
  {
    method: 'PATCH',
    path: '/api/eventos/:id',
    permission: 'eventos:editar',
    ok: 200,
    body: { version: 1, nombre: 'Editado' },
  },
  { method: 'DELETE', path: '/api/eventos/:id', permission: 'eventos:eliminar', ok: 204 },
  { method: 'GET', path: '/api/eventos/:id/periodos', permission: 'periodos:ver', ok: 200 },
  {
    method: 'POST',
    path: '/api/eventos/:id/periodos',
    permission: 'periodos:gestionar',
    ok: 201,
    body: {
      nombre: 'Nuevo',
      fechaInicio: '2026-03-03T09:00:00Z',
      fechaFin: '2026-03-03T10:00:00Z',
    },
  },
  {
    method: 'GET',
    path: '/api/eventos/:id/periodos/:periodoId',
    permission: 'periodos:ver',
    ok: 200,
  },
  {
    method: 'PATCH',
    path: '/api/eventos/:id/periodos/:periodoId',
    permission: 'periodos:gestionar',
    ok: 200,
    body: { version: 1, nombre: 'Editado' },
  },
  {
    method: 'DELETE',
    path: '/api/eventos/:id/periodos/:periodoId',
    permission: 'periodos:gestionar',
    ok: 204,
  },
];

/** What `caller` should get: from the seeded roles, so the table cannot drift from them. */
export function eventosExpected(caller: Caller, permission: PermissionName, ok: number): number {
  if (caller === 'anonimo') return 401;
  if (caller === 'admin') return ok;
  const role = SEEDED_ROLES.find((r) => r.nombre === caller);
  if (!role) throw new Error(`no seeded role ${caller}`);
  return role.permisos.includes(permission) ? ok : 403;
}

/** `:id` and `:periodoId` replaced; content type and body attached. */
export function eventosRequest(
  e: EventosEndpoint,
  eventoId: number,
  periodoId: number,
): InjectOptions {
  return {
    method: e.method,
    url: e.path.replace(':id', String(eventoId)).replace(':periodoId', String(periodoId)),
    ...(e.contentType ? { headers: { 'content-type': e.contentType } } : {}),
    ...(e.body ? { payload: e.body } : {}),
  };
}

interface EventosCtx {
  app: Injector;
  adminToken: string;
}

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

/**
 * The table for drivers that run `PermissionTable`s (the cluster suite): each case gets a fresh
 * event with one period, made as the admin.
 */
export const EVENTOS_TABLE: PermissionTable<EventosCtx> = {
  name: 'eventos y periodos (issue #5)',
  setup: (app, adminToken) => Promise.resolve({ app, adminToken }),
  rows: EVENTOS_ENDPOINTS.map((e) => ({
    name: `${e.method} ${e.path}`,
    async request({ app, adminToken }) {
      const eventoId = await created(app, adminToken, '/api/eventos', {
        nombre: 'Congreso de Málaga',
        lugar: 'Palacio de Ferias',
        fechaInicio: '2026-03-01T09:00:00Z',
        fechaFin: '2026-03-05T18:00:00Z',
      });
      const periodoId = await created(app, adminToken, `/api/eventos/${eventoId}/periodos`, {
        nombre: 'Existente',
        fechaInicio: '2026-03-02T09:00:00Z',
        fechaFin: '2026-03-02T10:00:00Z',
      });
      return eventosRequest(e, eventoId, periodoId);
    },
    expected: {
      admin: eventosExpected('admin', e.permission, e.ok),
      gestor: eventosExpected('gestor', e.permission, e.ok),
      usuario: eventosExpected('usuario', e.permission, e.ok),
    },
  })),
};
