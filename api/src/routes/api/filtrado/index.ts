/**
 * POST /api/filtrado (issue #6; contract in shared/src/contracts/filtrado.ts): one page of an
 * entity's rows matching a whitelisted, typed filter. The handler stays thin: schema,
 * permission, one service call (which also needs usuarios:ver to filter users).
 */
import { FiltradoPageSchema, FiltradoRequestSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createFiltradoService } from '../../../services/filtrado-service';
import { callerOf, serviceDeps } from '../../deps';
import { bearer, errors } from '../../schema';

const filtradoRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const filtrado = createFiltradoService(serviceDeps(app));

  app.post(
    '/',
    {
      schema: {
        tags: ['filtrado'],
        summary:
          'Filtrar eventos, periodos o usuarios (campos y operadores de una lista blanca, condiciones con Y)',
        security: bearer,
        body: FiltradoRequestSchema,
        response: { 200: FiltradoPageSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('filtrado:usar'),
    },
    async (request) => filtrado.filtrar(request.body, callerOf(request)),
  );
  done();
};

export default filtradoRoutes;
