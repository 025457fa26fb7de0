/**
 * The permission matrix of /api/filtrado and /api/informes (issue #6, DESIGN.md §4) as data.
 * Unlike eventos, a report's answer also depends on the permission of the data it shows
 * (`INFORME_PERMISO_DATOS`), so each row states what each caller gets: a gestor works with
 * events but is refused anything over usuarios. Run in-process by informes-permisos.test.ts and
 * over HTTP against the replicas by e2e/cluster/permission-matrix.test.ts.
 */
import type { InjectOptions } from 'fastify';
import { injectAs, type Injector, type PermissionTable, type TableRow } from './types';

interface InformesCtx {
  app: Injector;
  adminToken: string;
}

/** A report made by the admin for one case; returns its id. */
async function informe(ctx: InformesCtx, body: Record<string, unknown>): Promise<number> {
  const res = await injectAs(ctx.app, ctx.adminToken, {
    method: 'POST',
    url: '/api/informes',
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/informes: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

const LISTADO_EVENTOS = {
  nombre: 'Eventos publicados',
  tipo: 'listado',
  filtros: {
    entidad: 'eventos',
    filtros: [{ campo: 'estado', operador: 'eq', valor: 'publicado' }],
  },
};
const POR_ROL = { nombre: 'Usuarios por rol', tipo: 'usuarios-por-rol' };

type Row = TableRow<InformesCtx>;

function row(
  name: string,
  request: (ctx: InformesCtx) => Promise<InjectOptions> | InjectOptions,
  admin: number,
  gestor: number,
  usuario: number,
): Row {
  return { name, request, expected: { admin, gestor, usuario } };
}

const onEventos = (path: string) => async (ctx: InformesCtx) =>
  path.replace(':id', String(await informe(ctx, LISTADO_EVENTOS)));

export const INFORMES_ROWS: Row[] = [
  row(
    'POST /api/filtrado (eventos)',
    () => ({ method: 'POST', url: '/api/filtrado', payload: { entidad: 'eventos', filtros: [] } }),
    200,
    200,
    403,
  ),
  row(
    'POST /api/filtrado (usuarios)',
    () => ({ method: 'POST', url: '/api/filtrado', payload: { entidad: 'usuarios', filtros: [] } }),
    200,
    403,
    403,
  ),
  row('GET /api/informes', () => ({ method: 'GET', url: '/api/informes' }), 200, 200, 200),
  row(
    'POST /api/informes (eventos-por-estado)',
    () => ({
      method: 'POST',
      url: '/api/informes',
      payload: { nombre: 'Por estado', tipo: 'eventos-por-estado' },
    }),
    201,
    201,
    403,
  ),
  row(
    'POST /api/informes (usuarios-por-rol)',
    () => ({ method: 'POST', url: '/api/informes', payload: POR_ROL }),
    201,
    403,
    403,
  ),
  row(
    'GET /api/informes/:id',
    async (ctx) => ({ method: 'GET', url: await onEventos('/api/informes/:id')(ctx) }),
    200,
    200,
    200,
  ),
  // The report is the admin's: a gestor holds informes:crear but edits only their own reports
  // (issue #13: author or admin); informes-visibilidad.test.ts covers the author's side.
  row(
    'PATCH /api/informes/:id',
    async (ctx) => ({
      method: 'PATCH',
      url: await onEventos('/api/informes/:id')(ctx),
      payload: { version: 1, nombre: 'Renombrado' },
    }),
    200,
    403,
    403,
  ),
  row(
    'GET /api/informes/:id/resultado (eventos)',
    async (ctx) => ({ method: 'GET', url: await onEventos('/api/informes/:id/resultado')(ctx) }),
    200,
    200,
    200,
  ),
  row(
    'GET /api/informes/:id/resultado.csv (eventos)',
    async (ctx) => ({
      method: 'GET',
      url: await onEventos('/api/informes/:id/resultado.csv?separador=;')(ctx),
    }),
    200,
    200,
    403,
  ),
  row(
    'GET /api/informes/:id/resultado (usuarios-por-rol)',
    async (ctx) => ({
      method: 'GET',
      url: `/api/informes/${await informe(ctx, POR_ROL)}/resultado`,
    }),
    200,
    403,
    403,
  ),
  // Likewise, informes:eliminar deletes one's own reports; this one is the admin's.
  row(
    'DELETE /api/informes/:id',
    async (ctx) => ({ method: 'DELETE', url: await onEventos('/api/informes/:id')(ctx) }),
    204,
    403,
    403,
  ),
];

/** The table for drivers that run `PermissionTable`s; each case makes its own report. */
export const INFORMES_TABLE: PermissionTable<InformesCtx> = {
  name: 'filtrado e informes (issue #6)',
  setup: (app, adminToken) => Promise.resolve({ app, adminToken }),
  rows: INFORMES_ROWS,
};
