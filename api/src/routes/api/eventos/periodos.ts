/**
 * /api/eventos/:id/periodos (issue #5). 404 for an unknown event on every route; the range and
 * overlap rules live in the eventos service, checked under the event's lock.
 */
import {
  PERIODOS_PAGE_SIZE_DEFAULT,
  PeriodoCreateSchema,
  PeriodoListQuerySchema,
  PeriodoListSchema,
  PeriodoPatchSchema,
  PeriodoSchema,
  type PeriodoSortField,
  idSchema,
} from '@gestion/shared';
import { Type, type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { searchText } from '../../../repositories/eventos-repository';
import { listPeriodos, toPeriodo } from '../../../repositories/periodos-repository';
import { createEventosService } from '../../../services/eventos-service';
import { createPeriodosService } from '../../../services/periodos-service';
import { callerOf, serviceDeps } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const EventoParams = Type.Object({ id: idSchema('Id del evento') });
const PeriodoParams = Type.Object({
  id: idSchema('Id del evento'),
  periodoId: idSchema('Id del periodo'),
});

const periodosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = serviceDeps(app);
  const eventos = createEventosService(deps);
  const periodos = createPeriodosService(deps);

  app.get(
    '/',
    {
      schema: {
        tags: ['periodos'],
        summary: 'Periodos de un evento (por fecha de inicio salvo otro orden)',
        security: bearer,
        params: EventoParams,
        querystring: PeriodoListQuerySchema,
        response: { 200: PeriodoListSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('periodos:ver'),
    },
    async (request) => {
      const { id } = request.params;
      const q = request.query;
      await eventos.require(id);
      const sort = q.sort ?? 'fechaInicio';
      const desc = sort.startsWith('-');
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? PERIODOS_PAGE_SIZE_DEFAULT;
      const { items, total } = await listPeriodos(app.db, id, {
        words: searchText(q.q ?? '')
          .split(' ')
          .filter(Boolean),
        sort: { field: (desc ? sort.slice(1) : sort) as PeriodoSortField, desc },
        page,
        pageSize,
      });
      return { items: items.map(toPeriodo), total, page, pageSize };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['periodos'],
        summary:
          'Crear un periodo dentro de las fechas del evento y sin solaparse con otro (tocarse sí)',
        security: bearer,
        params: EventoParams,
        body: PeriodoCreateSchema,
        response: { 201: PeriodoSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('periodos:gestionar'),
    },
    async (request, reply) => {
      const periodo = await periodos.create(request.params.id, request.body, callerOf(request));
      return reply.code(201).send(periodo);
    },
  );

  app.get(
    '/:periodoId',
    {
      schema: {
        tags: ['periodos'],
        summary: 'Un periodo',
        security: bearer,
        params: PeriodoParams,
        response: { 200: PeriodoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('periodos:ver'),
    },
    async (request) => periodos.get(request.params.id, request.params.periodoId),
  );

  app.patch(
    '/:periodoId',
    {
      schema: {
        tags: ['periodos'],
        summary: 'Editar un periodo con la versión leída',
        security: bearer,
        params: PeriodoParams,
        body: PeriodoPatchSchema,
        response: { 200: PeriodoSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('periodos:gestionar'),
    },
    async (request) =>
      periodos.patch(request.params.id, request.params.periodoId, request.body, callerOf(request)),
  );

  app.delete(
    '/:periodoId',
    {
      schema: {
        tags: ['periodos'],
        summary: 'Eliminar un periodo',
        security: bearer,
        params: PeriodoParams,
        response: { 204: noContent(), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('periodos:gestionar'),
    },
    async (request, reply) => {
      await periodos.remove(request.params.id, request.params.periodoId, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  done();
};

export default periodosRoutes;
