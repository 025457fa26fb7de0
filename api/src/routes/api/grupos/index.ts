/**
 * /api/grupos (issue #17): grupos:ver to read, grupos:gestionar to write. Thin handlers; every
 * write passes the caller (`signedInCaller(request)`) to the service, which applies the
 * delegation rules (adding a member grants the group's roles; services/grupos-service.ts).
 */
import {
  CreateGrupoSchema,
  GrupoSchema,
  GruposPageSchema,
  GruposQuerySchema,
  IdParamsSchema,
  MiembrosGrupoSchema,
  MiembrosPageSchema,
  MiembrosQuerySchema,
  UpdateGrupoSchema,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { createGruposService } from '../../../services/grupos-service';
import { serviceDeps, signedInCaller } from '../../deps';
import { bearer, errors, noContent } from '../../schema';

const tags = ['grupos'];

const gruposRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createGruposService(serviceDeps(app));

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Listar grupos (con número de miembros)',
        security: bearer,
        querystring: GruposQuerySchema,
        response: { 200: GruposPageSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('grupos:ver'),
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
        summary: 'Un grupo',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: GrupoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('grupos:ver'),
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear un grupo',
        security: bearer,
        body: CreateGrupoSchema,
        response: { 201: GrupoSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.requirePermission('grupos:gestionar'),
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.body, signedInCaller(request))),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Renombrar un grupo o cambiar sus roles (con version)',
        security: bearer,
        params: IdParamsSchema,
        body: UpdateGrupoSchema,
        response: { 200: GrupoSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('grupos:gestionar'),
    },
    async (request) => service.update(request.params.id, request.body, signedInCaller(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Eliminar un grupo',
        security: bearer,
        params: IdParamsSchema,
        response: { 204: noContent('Eliminado'), ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('grupos:gestionar'),
    },
    async (request, reply) => {
      await service.remove(request.params.id, signedInCaller(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/miembros',
    {
      schema: {
        tags,
        summary: 'Miembros de un grupo',
        security: bearer,
        params: IdParamsSchema,
        querystring: MiembrosQuerySchema,
        response: { 200: MiembrosPageSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('grupos:ver'),
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.miembros(request.params.id, q);
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.put(
    '/:id/miembros',
    {
      schema: {
        tags,
        summary: 'Añadir y quitar miembros de un grupo',
        security: bearer,
        params: IdParamsSchema,
        body: MiembrosGrupoSchema,
        response: { 200: GrupoSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('grupos:gestionar'),
    },
    async (request) =>
      service.setMiembros(request.params.id, request.body, signedInCaller(request)),
  );
  done();
};

export default gruposRoutes;
