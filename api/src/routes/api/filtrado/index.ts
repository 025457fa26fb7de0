/**
 * POST /api/filtrado (issue #6; contract in shared/src/contracts/filtrado.ts): one page of an
 * entity's rows matching a whitelisted, typed filter. The handler stays thin: schema,
 * permission, `validateFiltro`, one repository call.
 */
import {
  FILTRADO_PAGE_SIZE_DEFAULT,
  FiltradoPageSchema,
  FiltradoRequestSchema,
  hasPermission,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../../lib/http-errors';
import { findFiltered } from '../../../repositories/filtrado-repository';
import { validateFiltro } from '../../../services/filtrado-service';
import { bearer, errors } from '../../schema';

const filtradoRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
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
    async (request) => {
      const body = request.body;
      // Users are personal data: filtering them also needs the right to see them (issue #6).
      // Checked before the filter, so a caller without it learns nothing from the 400s either.
      if (body.entidad === 'usuarios' && !hasPermission(request.user, 'usuarios:ver')) {
        throw forbidden();
      }
      const validated = validateFiltro(body);
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? FILTRADO_PAGE_SIZE_DEFAULT;
      const { items, total } = await findFiltered(app.db, validated, page, pageSize);
      return { items, total, page, pageSize };
    },
  );
  done();
};

export default filtradoRoutes;
