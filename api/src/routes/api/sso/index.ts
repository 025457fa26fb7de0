/**
 * /api/sso/proveedores (issue #18): the single sign-on providers, permission
 * `configuracion:gestionar` for every call. Thin handlers over services/sso-admin-service.ts;
 * the contract is shared/src/contracts/sso.ts.
 */
import {
  CreateProveedorSsoSchema,
  IdParamsSchema,
  ProveedorSsoSchema,
  ProveedoresSsoPageSchema,
  ProveedoresSsoQuerySchema,
  UpdateProveedorSsoSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createSsoAdminService } from '../../../services/sso-admin-service';
import { mfaKeyOf } from '../auth/mfa-deps';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['configuracion'];

const ssoRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createSsoAdminService({
    ...serviceDeps(app),
    appUrl: app.config.appUrl,
    key: mfaKeyOf(app.config),
  });
  const guard = app.requirePermission('configuracion:gestionar');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Listar los proveedores de inicio de sesión único',
        security: bearer,
        querystring: ProveedoresSsoQuerySchema,
        response: { 200: ProveedoresSsoPageSchema, ...errors(400, 401, 403) },
      },
      onRequest: guard,
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Un proveedor de inicio de sesión único',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: ProveedorSsoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: guard,
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear un proveedor de inicio de sesión único',
        security: bearer,
        body: CreateProveedorSsoSchema,
        response: { 201: ProveedorSsoSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: guard,
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.body, signedInCaller(request))),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Editar un proveedor de inicio de sesión único',
        security: bearer,
        params: IdParamsSchema,
        body: UpdateProveedorSsoSchema,
        response: { 200: ProveedorSsoSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: guard,
    },
    async (request) => service.update(request.params.id, request.body, signedInCaller(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Eliminar un proveedor de inicio de sesión único',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent('Eliminado'), ...errors(400, 401, 403, 404) },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      await service.remove(request.params.id, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );

  done();
};

export default ssoRoutes;
