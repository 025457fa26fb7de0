/**
 * /api/eventos (issue #5; contract in shared/src/contracts/eventos.ts). Handlers stay thin:
 * schema, permission, one service call, reply. Periods are nested under /:id/periodos.
 */
import {
  EVENTOS_PAGE_SIZE_DEFAULT,
  EVENTOS_IMPORT_MAX_BYTES,
  EventoCreateSchema,
  EventoImportQuerySchema,
  EventoImportReportSchema,
  EventoErrorBodySchema,
  EventoListQuerySchema,
  EventoListSchema,
  EventoPatchSchema,
  EventoSchema,
  type Evento,
  type EventoListQuery,
  type EventoSortField,
  IdParamsSchema,
} from '@gestion/shared';
import { Type, type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { parseRangeBound } from '../../../lib/date-range';
import {
  eventosInBatches,
  listEventos,
  searchText,
  toEvento,
} from '../../../repositories/eventos-repository';
import { CSV_CONTENT_TYPE, csvDisposition, csvStream } from '../../../services/csv';
import { createEventosImportService } from '../../../services/eventos-import-service';
import { createEventosService } from '../../../services/eventos-service';
import { callerOf, serviceDeps } from '../../deps';
import { acceptCsvBodies, bearer, CSV_MEDIA, errors, noContent } from '../../schema';
import periodosRoutes from './periodos';

/** Columns of GET /api/eventos/export, in order: the wire fields of an event. */
const EXPORT_COLUMNS = [
  'id',
  'nombre',
  'descripcion',
  'lugar',
  'fechaInicio',
  'fechaFin',
  'estado',
  'responsableId',
  'version',
  'creadoEn',
  'actualizadoEn',
] as const satisfies readonly (keyof Evento)[];

/** The list query's filter and order (everything but paging). @throws 400 on a bad date. */
function filterOf(q: EventoListQuery) {
  const desde = parseRangeBound('desde', q.desde, 'start');
  const hasta = parseRangeBound('hasta', q.hasta, 'end');
  const sort = q.sort ?? 'fechaInicio';
  const desc = sort.startsWith('-');
  return {
    words: searchText(q.q ?? '')
      .split(' ')
      .filter(Boolean),
    ...(q.estado ? { estados: q.estado } : {}),
    ...(desde !== undefined ? { desde } : {}),
    ...(hasta !== undefined ? { hasta } : {}),
    sort: { field: (desc ? sort.slice(1) : sort) as EventoSortField, desc },
  };
}

const eventosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = serviceDeps(app);
  const eventos = createEventosService(deps);
  const importer = createEventosImportService(deps);

  // CSV imports arrive as text/csv (only in this plugin's scope).
  acceptCsvBodies(app, EVENTOS_IMPORT_MAX_BYTES);

  app.get(
    '/',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Listar eventos (búsqueda, estado, rango de fechas, orden, páginas)',
        security: bearer,
        querystring: EventoListQuerySchema,
        response: { 200: EventoListSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('eventos:ver'),
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? EVENTOS_PAGE_SIZE_DEFAULT;
      const { items, total } = await listEventos(app.db, app.database.dialect, {
        ...filterOf(q),
        page,
        pageSize,
      });
      return { items: items.map(toEvento), total, page, pageSize };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Exportar eventos (CSV con los mismos filtros y orden que la lista, sin páginas)',
        security: bearer,
        querystring: EventoListQuerySchema,
        produces: CSV_MEDIA,
        response: { ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('eventos:ver'),
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      await app.audit(request, {
        accion: 'eventos.exportar',
        objetivoTipo: 'evento',
        cambios: { filtro: request.query },
      });
      const csv = csvStream(
        EXPORT_COLUMNS,
        eventosInBatches(app.db, app.database.dialect, filter),
        (row) => {
          const e = toEvento(row);
          return EXPORT_COLUMNS.map((c) => e[c]);
        },
      );
      return (
        reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', csvDisposition('eventos', app.now()))
          // A stream is piped as is (no serialiser); the cast only quiets the typed replies.
          .send(csv as never)
      );
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Crear un evento (estado inicial borrador salvo que se indique)',
        security: bearer,
        body: EventoCreateSchema,
        response: { 201: EventoSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('eventos:crear'),
    },
    async (request, reply) => {
      const evento = await eventos.create(request.body, callerOf(request));
      return reply.code(201).send(evento);
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Importar eventos desde CSV (dryRun=1: solo el informe por fila)',
        description:
          'Cuerpo text/csv con cabecera nombre,lugar,fechaInicio,fechaFin (obligatorias) y descripcion,estado,responsableId (opcionales). Sin dryRun se crean todas las filas o ninguna.',
        security: bearer,
        consumes: CSV_MEDIA,
        querystring: EventoImportQuerySchema,
        body: Type.String({ maxLength: EVENTOS_IMPORT_MAX_BYTES }),
        response: { 200: EventoImportReportSchema, ...errors(400, 401, 403, 413, 415) },
      },
      bodyLimit: EVENTOS_IMPORT_MAX_BYTES,
      onRequest: app.requirePermission('eventos:crear'),
    },
    async (request) => {
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      return importer.import(request.body, !dryRun, callerOf(request));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Un evento',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: EventoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('eventos:ver'),
    },
    async (request) => eventos.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['eventos'],
        summary:
          'Editar un evento con la versión leída (409 si está desfasada, si la transición de estado no está permitida o si las fechas dejan periodos fuera)',
        security: bearer,
        params: IdParamsSchema,
        body: EventoPatchSchema,
        response: { 200: EventoSchema, ...errors(400, 401, 403, 404), 409: EventoErrorBodySchema },
      },
      onRequest: app.requirePermission('eventos:editar'),
    },
    async (request) => eventos.patch(request.params.id, request.body, callerOf(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['eventos'],
        summary: 'Eliminar un evento y sus periodos',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent(), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('eventos:eliminar'),
    },
    async (request, reply) => {
      await eventos.remove(request.params.id, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  void app.register(periodosRoutes, { prefix: '/:id/periodos' });
  done();
};

export default eventosRoutes;
