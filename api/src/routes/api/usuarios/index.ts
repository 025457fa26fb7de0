/**
 * /api/usuarios (issue #4). Handlers stay thin: schema, permission, one service call, reply.
 * Permissions: list, detail and export need usuarios:ver; create usuarios:crear; edit, roles and
 * session revocation usuarios:editar; delete usuarios:eliminar; import both crear and editar
 * (it creates and updates); bulk usuarios:editar (eliminar: usuarios:eliminar); the lifecycle
 * calls of issue #15 (password-reset link, invitation re-send and revoke) usuarios:editar.
 * Every write passes the caller (`request.user`) to the service, which applies the delegation
 * rules of issue #13 (README.md beside this file). The CSV import is ./import.ts, the lifecycle
 * calls ./ciclo.ts, registered here under the same prefix.
 */
import {
  BulkUsuariosResponseSchema,
  BulkUsuariosSchema,
  hasPermission,
  CreatedUsuarioSchema,
  CreateUsuarioSchema,
  DeleteUsuarioResponseSchema,
  IdParamsSchema,
  RevokedSchema,
  SetRolesSchema,
  UpdateUsuarioSchema,
  UsuarioDetalleSchema,
  UsuarioSchema,
  UsuariosPageSchema,
  UsuariosQuerySchema,
  ADMIN_MESSAGES,
  type UsuariosQuery,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../../lib/http-errors';
import { tokenNoPermitido } from '../../../plugins/app/api-token-auth';
import { parseUsuarioSort } from '../../../repositories/usuarios-list-repository';
import { CSV_CONTENT_TYPE, csvDisposition } from '../../../services/csv';
import { createUsuariosBulkService } from '../../../services/usuarios-bulk-service';
import { createUsuariosService } from '../../../services/usuarios-service';
import { bearer, CSV_MEDIA, errors, noContent } from '../../schema';
import { signedInCaller } from '../../deps';
import { cicloDeps } from '../auth/ciclo-deps';
import cicloRoutes from './ciclo';
import importRoutes from './import';
import sesionesRoutes from './sesiones';
import { createUsuarioDetalleService } from '../../../services/usuario-detalle-service';

const tags = ['usuarios'];

function filterOf(q: UsuariosQuery) {
  return { q: q.q, rol: q.rol, activo: q.activo, invitacionPendiente: q.invitacionPendiente };
}

const usuariosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = cicloDeps(app);
  const service = createUsuariosService(deps);
  const bulk = createUsuariosBulkService({ ...deps, usuarios: service });
  // The user page (issue #14) reads one user with `emailVerificado`.
  const detalle = createUsuarioDetalleService({
    ...deps,
    idleMs: app.config.sessionIdleMinutes * 60_000,
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Listar usuarios',
        security: bearer,
        querystring: UsuariosQuerySchema,
        response: { 200: UsuariosPageSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('usuarios:ver'),
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.list(
        filterOf(q),
        parseUsuarioSort(q.sort),
        q.page,
        q.pageSize,
      );
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'Exportar usuarios (CSV del filtro actual)',
        security: bearer,
        querystring: UsuariosQuerySchema,
        produces: CSV_MEDIA,
        response: { ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('usuarios:ver'),
    },
    async (request, reply) => {
      const q = request.query;
      await app.audit(request, {
        accion: 'usuarios.exportar',
        objetivoTipo: 'usuario',
        cambios: { filtro: filterOf(q) },
      });
      return (
        reply
          .type(CSV_CONTENT_TYPE)
          .header('content-disposition', csvDisposition('usuarios', app.now()))
          // A stream is piped as is (no serialiser); the cast only quiets the typed error replies.
          .send(service.exportCsv(filterOf(q), parseUsuarioSort(q.sort)) as never)
      );
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear un usuario',
        security: bearer,
        body: CreateUsuarioSchema,
        response: { 201: CreatedUsuarioSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.requirePermission('usuarios:crear'),
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.body, signedInCaller(request))),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Un usuario',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: UsuarioDetalleSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:ver'),
    },
    async (request) => detalle.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Editar un usuario (con version)',
        security: bearer,
        params: IdParamsSchema,
        body: UpdateUsuarioSchema,
        response: { 200: UsuarioSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) => service.update(request.params.id, request.body, signedInCaller(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Eliminar un usuario (o desactivarlo si tiene datos)',
        security: bearer,
        params: IdParamsSchema,
        response: {
          200: DeleteUsuarioResponseSchema,
          204: noContent('Eliminado'),
          ...errors(400, 401, 403, 404, 409),
        },
      },
      onRequest: app.requirePermission('usuarios:eliminar'),
    },
    async (request, reply) => {
      const deactivated = await service.remove(request.params.id, signedInCaller(request));
      if (!deactivated) return reply.code(204).send(null);
      return reply.code(200).send({
        desactivado: true as const,
        usuario: deactivated,
        message: ADMIN_MESSAGES.deactivatedInstead,
      });
    },
  );

  app.put(
    '/:id/roles',
    {
      schema: {
        tags,
        summary: 'Asignar los roles de un usuario',
        security: bearer,
        params: IdParamsSchema,
        body: SetRolesSchema,
        response: { 200: UsuarioSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) => service.setRoles(request.params.id, request.body, signedInCaller(request)),
  );

  app.post(
    '/:id/sessions/revoke',
    {
      schema: {
        tags,
        summary: 'Cerrar todas las sesiones de un usuario',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: RevokedSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) => ({
      revocadas: await service.revokeSessions(request.params.id, signedInCaller(request)),
    }),
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        summary: 'Aplicar una acción a varios usuarios (resultado por usuario)',
        description:
          'Cada usuario en su propia transacción; nunca se aplica a la cuenta de quien llama. Los usuarios por `ids` o por `filtro` (los filtros de GET /api/usuarios, como mucho 1000). usuarios:editar (eliminar: usuarios:eliminar).',
        security: bearer,
        body: BulkUsuariosSchema,
        response: { 200: BulkUsuariosResponseSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.authenticate,
      // The permission depends on the action, so it is checked once the body is validated.
      // Ending sessions is closed to API tokens (issue #17), as its single-user route is
      // (auth.ts API_TOKEN_REFUSED): only the action says so, hence here and not by route.
      preHandler: (request, _reply, next) => {
        if (request.apiToken && request.body.accion === 'revocarSesiones')
          return next(tokenNoPermitido());
        const needed = request.body.accion === 'eliminar' ? 'usuarios:eliminar' : 'usuarios:editar';
        next(hasPermission(request.user, needed) ? undefined : forbidden());
      },
    },
    async (request) => bulk.run(request.body, signedInCaller(request)),
  );

  // The CSV import (its own scope accepts text/csv bodies) and the lifecycle calls of issue #15.
  void app.register(importRoutes);
  void app.register(cicloRoutes);
  // An administrator's view of one user's sessions (issue #14's user page).
  void app.register(sesionesRoutes);
  done();
};

export default usuariosRoutes;
