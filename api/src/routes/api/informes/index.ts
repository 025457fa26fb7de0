/**
 * /api/informes (issue #6; contract in shared/src/contracts/informes.ts). Handlers stay thin:
 * schema, permission, one service call, reply. The data permission of a report
 * (`INFORME_PERMISO_DATOS`) is checked by the service once the report is loaded.
 */
import {
  InformeCreateSchema,
  InformeListQuerySchema,
  InformeListSchema,
  InformePatchSchema,
  InformeResultadoSchema,
  InformeSchema,
  RESULTADO_PAGE_SIZE_DEFAULT,
  ResultadoCsvQuerySchema,
  ResultadoQuerySchema,
  IdParamsSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { CSV_CONTENT_TYPE, csvDispositionFor } from '../../../services/csv';
import { createInformesEjecucionService } from '../../../services/informes-ejecucion-service';
import { createInformesService } from '../../../services/informes-service';
import { callerOf, serviceDeps } from '../../deps';
import { bearer, CSV_MEDIA, errors, noContent } from '../../schema';

const informesRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = serviceDeps(app);
  const informes = createInformesService(deps);
  const ejecucion = createInformesEjecucionService(deps);

  app.get(
    '/',
    {
      schema: {
        tags: ['informes'],
        summary: 'Listar informes guardados (búsqueda por nombre, tipo, orden, páginas)',
        security: bearer,
        querystring: InformeListQuerySchema,
        response: { 200: InformeListSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('informes:ver'),
    },
    // Only the reports the caller may run are listed (issue #13).
    async (request) => informes.list(request.query, callerOf(request)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['informes'],
        summary: 'Guardar un informe (un listado necesita un filtro)',
        security: bearer,
        body: InformeCreateSchema,
        response: { 201: InformeSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('informes:crear'),
    },
    async (request, reply) => {
      const informe = await informes.create(request.body, callerOf(request));
      return reply.code(201).send(informe);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['informes'],
        summary: 'Un informe guardado (sin su filtro si no puede ver los datos del informe)',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: InformeSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('informes:ver'),
    },
    // Whole only to those who may read its data; otherwise without its filter (issue #13).
    async (request) => informes.get(request.params.id, callerOf(request)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['informes'],
        summary: 'Editar un informe con la versión leída (409 si está desfasada)',
        security: bearer,
        params: IdParamsSchema,
        body: InformePatchSchema,
        response: { 200: InformeSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('informes:crear'),
    },
    async (request) => informes.patch(request.params.id, request.body, callerOf(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['informes'],
        summary: 'Eliminar un informe',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent(), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('informes:eliminar'),
    },
    async (request, reply) => {
      await informes.remove(request.params.id, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/resultado',
    {
      schema: {
        tags: ['informes'],
        summary: 'Ejecutar un informe: columnas, una página de filas y la serie del gráfico',
        security: bearer,
        params: IdParamsSchema,
        querystring: ResultadoQuerySchema,
        response: { 200: InformeResultadoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('informes:ver'),
    },
    async (request) =>
      ejecucion.run(
        request.params.id,
        request.query.page ?? 1,
        request.query.pageSize ?? RESULTADO_PAGE_SIZE_DEFAULT,
        callerOf(request),
      ),
  );

  app.get(
    '/:id/resultado.csv',
    {
      schema: {
        tags: ['informes'],
        summary: 'Exportar el resultado completo de un informe como CSV (separador , o ;)',
        security: bearer,
        params: IdParamsSchema,
        querystring: ResultadoCsvQuerySchema,
        produces: CSV_MEDIA,
        response: { ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('informes:exportar'),
    },
    async (request, reply) => {
      const { informe, csv } = await ejecucion.export(
        request.params.id,
        request.query.separador ?? ',',
        callerOf(request),
      );
      return (
        reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', csvDispositionFor(informe.nombre, app.now()))
          // A stream is piped as is (no serialiser); the cast only quiets the typed replies.
          .send(csv as never)
      );
    },
  );

  done();
};

export default informesRoutes;
