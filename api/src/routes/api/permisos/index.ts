/**
 * /api/permisos (roles:ver, issue #4): the permission catalogue with its Spanish descriptions
 * and groups, for the role editor. One page holding the whole catalogue.
 */
import { PermisosPageSchema } from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { listPermisos } from '../../../repositories/roles-admin-repository';
import { bearer, errors } from '../../schema';

const permisosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['roles'],
        summary: 'Catálogo de permisos',
        security: bearer,
        response: {
          200: PermisosPageSchema,
          ...errors(401, 403),
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
