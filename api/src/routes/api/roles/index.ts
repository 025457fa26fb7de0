/**
 * /api/roles (issue #4): any of ROLES_READ_PERMISSIONS to read, roles:gestionar to write. Thin handlers; every write
 * passes the caller (`signedInCaller(request)`: its user and address) to the service, which applies the delegation rules of
 * issue #13 (api/src/routes/api/usuarios/README.md).
 */
import {
  CreateRolSchema,
  DeleteRolQuerySchema,
  IdParamsSchema,
  RolesPageSchema,
  RolesQuerySchema,
  ROLES_READ_PERMISSIONS,
  RolSchema,
  UpdateRolSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createRolesService } from '../../../services/roles-service';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['roles'];

const rolesRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createRolesService(serviceDeps(app));

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Listar roles (con número de usuarios)',
        security: bearer,
        querystring: RolesQuerySchema,
        response: { 200: RolesPageSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requireAnyPermission(ROLES_READ_PERMISSIONS),
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.list(q);
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Un rol',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: RolSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requireAnyPermission(ROLES_READ_PERMISSIONS),
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear un rol',
        security: bearer,
        body: CreateRolSchema,
        response: { 201: RolSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.requirePermission('roles:gestionar'),
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.body, signedInCaller(request))),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Renombrar un rol o cambiar sus permisos (con version)',
        security: bearer,
        params: IdParamsSchema,
        body: UpdateRolSchema,
        response: { 200: RolSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('roles:gestionar'),
    },
    async (request) => service.update(request.params.id, request.body, signedInCaller(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary:
          'Eliminar un rol (?reemplazo=<rol> si hay usuarios con él; ?rolPorDefecto=<rol> si es el rol por defecto)',
        security: bearer,
        params: IdParamsSchema,
        querystring: DeleteRolQuerySchema,
        response: {
          204: noContent('Eliminado'),
          ...errors(400, 401, 403, 404, 409),
        },
      },
      onRequest: app.requirePermission('roles:gestionar'),
    },
    async (request, reply) => {
      await service.remove(request.params.id, request.query, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );
  done();
};

export default rolesRoutes;
