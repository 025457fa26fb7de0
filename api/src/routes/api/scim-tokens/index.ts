/**
 * /api/scim/tokens (issue #17): the SCIM connections' tokens, for Ajustes › Aprovisionamiento.
 * Every route needs `configuracion:gestionar` (contract: shared/src/contracts/scim-tokens.ts).
 */
import {
  ConexionesScimPageSchema,
  CreateScimTokenSchema,
  IdParamsSchema,
  ScimTokenCreadoSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createScimTokensService } from '../../../services/scim-tokens-service';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['scim'];

const scimTokensRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createScimTokensService(serviceDeps(app));
  const onRequest = app.requirePermission('configuracion:gestionar');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Listar las conexiones de aprovisionamiento (SCIM) activas',
        security: bearer,
        response: { 200: ConexionesScimPageSchema, ...errors(401, 403) },
      },
      onRequest,
    },
    async () => {
      const items = await service.list();
      return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear una conexión SCIM (el token se muestra una sola vez)',
        security: bearer,
        body: CreateScimTokenSchema,
        response: { 201: ScimTokenCreadoSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest,
    },
    async (request, reply) => {
      const created = await service.create(request.body.nombre, signedInCaller(request));
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Revocar una conexión SCIM',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent('Revocada'), ...errors(400, 401, 403, 404) },
      },
      onRequest,
    },
    async (request, reply) => {
      await service.revoke(request.params.id, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );

  done();
};

export default scimTokensRoutes;
