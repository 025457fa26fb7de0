/**
 * /api/permisos (roles:ver, issue #4): the permission catalogue with its Spanish descriptions
 * and groups, for the role editor. One page holding the whole catalogue.
 */
import { ApiErrorBodySchema, PermisosPageSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { listPermisos } from '../../../repositories/roles-admin-repository';

const permisosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['roles'],
        summary: 'Catálogo de permisos',
        security: [{ bearer: [] }],
        response: {
          200: PermisosPageSchema,
          401: ApiErrorBodySchema,
          403: ApiErrorBodySchema,
        },
      },
      onRequest: app.requirePermission('roles:ver'),
    },
    async () => {
      const items = await listPermisos(app.db);
      return { items, total: items.length, page: 1, pageSize: items.length };
    },
  );
  done();
};

export default permisosRoutes;
