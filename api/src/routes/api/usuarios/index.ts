/**
 * /api/usuarios (issue #4). Handlers stay thin: schema, permission, one service call, reply.
 * Permissions: list, detail and export need usuarios:ver; create usuarios:crear; edit, roles and
 * session revocation usuarios:editar; delete usuarios:eliminar; import both crear and editar
 * (it creates and updates); bulk usuarios:editar (eliminar: usuarios:eliminar); the lifecycle
 * calls of issue #15 (password-reset link, invitation re-send and revoke) usuarios:editar.
 * Every write passes the caller (`request.user`) to the service, which applies the delegation
 * rules of issue #13 (README.md beside this file).
 */
import {
  ApiErrorBodySchema,
  BulkUsuariosResponseSchema,
  BulkUsuariosSchema,
  hasPermission,
  CreatedUsuarioSchema,
  CreateUsuarioSchema,
  DeleteUsuarioResponseSchema,
  IdParamsSchema,
  ImportQuerySchema,
  ImportReportSchema,
  RevokedSchema,
  SetRolesSchema,
  UpdateUsuarioSchema,
  UsuarioSchema,
  UsuariosPageSchema,
  UsuariosQuerySchema,
  ADMIN_MESSAGES,
  AcceptedMessageSchema,
  type UsuariosQuery,
} from '@gestion/shared';
import { Type, type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../lib/http-errors';
import { parseUsuarioSort } from '../../../repositories/usuarios-admin-repository';
import type { Auditor } from '../../../services/admin-common';
import { CSV_CONTENT_TYPE, csvDisposition } from '../../../services/csv';
import type { Actor } from '../../../services/delegation-guard';
import { createUsuariosBulkService } from '../../../services/usuarios-bulk-service';
import { createUsuariosImportService } from '../../../services/usuarios-import-service';
import { createUsuariosService } from '../../../services/usuarios-service';
import { createInvitationService } from '../../../services/invitation-service';
import { createRecoveryService } from '../../../services/recovery-service';
import { cicloDeps } from '../auth/ciclo-deps';

/** Largest CSV an import accepts: 2 MiB (5000 rows fit comfortably). */
export const IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, ApiErrorBodySchema]));
const security = [{ bearer: [] }];
const tags = ['usuarios'];

function filterOf(q: UsuariosQuery) {
  return { q: q.q, rol: q.rol, activo: q.activo, invitacionPendiente: q.invitacionPendiente };
}

/** The caller, as the services' delegation rules take it (set by the permission hook). */
function actorOf(request: FastifyRequest): Actor {
  return request.user!;
}

const usuariosRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const deps = cicloDeps(app);
  const service = createUsuariosService(deps);
  const importer = createUsuariosImportService(deps);
  const recovery = createRecoveryService(deps);
  const invitations = createInvitationService(deps);
  const bulk = createUsuariosBulkService({ db: app.db, usuarios: service });
  const auditor =
    (request: FastifyRequest): Auditor =>
    (entry, tx) =>
      app.audit(request, entry, tx);

  // CSV imports arrive as text/csv (only in this plugin's scope).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Listar usuarios',
        security,
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
        security,
        querystring: UsuariosQuerySchema,
        produces: ['text/csv'],
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
    '/import',
    {
      schema: {
        tags,
        summary: 'Importar usuarios desde CSV (dryRun=1: solo el informe)',
        description:
          'Cuerpo text/csv con cabecera email,nombre,roles (roles separados por | o ;). Sin dryRun se escriben todas las filas o ninguna.',
        security,
        consumes: ['text/csv'],
        querystring: ImportQuerySchema,
        body: Type.String({ maxLength: IMPORT_BODY_LIMIT_BYTES }),
        response: { 200: ImportReportSchema, ...errors(400, 401, 403, 409, 413, 415) },
      },
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      onRequest: [
        app.requirePermission('usuarios:crear'),
        app.requirePermission('usuarios:editar'),
      ],
    },
    async (request) => {
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      return importer.importCsv(request.body, !dryRun, actorOf(request), auditor(request));
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear un usuario',
        security,
        body: CreateUsuarioSchema,
        response: { 201: CreatedUsuarioSchema, ...errors(400, 401, 403, 409) },
      },
      onRequest: app.requirePermission('usuarios:crear'),
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.body, actorOf(request), auditor(request))),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Un usuario',
        security,
        params: IdParamsSchema,
        response: { 200: UsuarioSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:ver'),
    },
    async (request) => service.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Editar un usuario (con version)',
        security,
        params: IdParamsSchema,
        body: UpdateUsuarioSchema,
        response: { 200: UsuarioSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) =>
      service.update(request.params.id, request.body, actorOf(request), auditor(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Eliminar un usuario (o desactivarlo si tiene datos)',
        security,
        params: IdParamsSchema,
        response: {
          200: DeleteUsuarioResponseSchema,
          204: Type.Null({ description: 'Eliminado' }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
      onRequest: app.requirePermission('usuarios:eliminar'),
    },
    async (request, reply) => {
      const deactivated = await service.remove(
        request.params.id,
        actorOf(request),
        auditor(request),
      );
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
        security,
        params: IdParamsSchema,
        body: SetRolesSchema,
        response: { 200: UsuarioSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) =>
      service.setRoles(request.params.id, request.body, actorOf(request), auditor(request)),
  );

  app.post(
    '/:id/sessions/revoke',
    {
      schema: {
        tags,
        summary: 'Cerrar todas las sesiones de un usuario',
        security,
        params: IdParamsSchema,
        response: { 200: RevokedSchema, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request) => ({
      revocadas: await service.revokeSessions(
        request.params.id,
        actorOf(request),
        auditor(request),
      ),
    }),
  );

  app.post(
    '/:id/password-reset',
    {
      schema: {
        tags,
        summary: 'Enviar al usuario un enlace para restablecer su contraseña',
        description:
          'Quien administra nunca ve ni elige la contraseña (ASVS 6.4.6); 409 si la invitación sigue pendiente.',
        security,
        params: IdParamsSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await recovery.adminReset(request.params.id, actorOf(request), auditor(request))),
  );

  app.post(
    '/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Reenviar la invitación (el enlace anterior deja de servir)',
        security,
        params: IdParamsSchema,
        response: { 202: AcceptedMessageSchema, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await invitations.resend(request.params.id, actorOf(request), auditor(request))),
  );

  app.delete(
    '/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Revocar la invitación (el usuario sigue pendiente)',
        security,
        params: IdParamsSchema,
        response: {
          204: Type.Null({ description: 'Revocada' }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
      onRequest: app.requirePermission('usuarios:editar'),
    },
    async (request, reply) => {
      await invitations.revoke(request.params.id, actorOf(request), auditor(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        summary: 'Aplicar una acción a varios usuarios (resultado por usuario)',
        description:
          'Cada usuario en su propia transacción; nunca se aplica a la cuenta de quien llama. usuarios:editar (eliminar: usuarios:eliminar).',
        security,
        body: BulkUsuariosSchema,
        response: { 200: BulkUsuariosResponseSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.authenticate,
      // The permission depends on the action, so it is checked once the body is validated.
      preHandler: (request, _reply, next) => {
        const needed = request.body.accion === 'eliminar' ? 'usuarios:eliminar' : 'usuarios:editar';
        next(hasPermission(request.user, needed) ? undefined : forbidden());
      },
    },
    async (request) => bulk.run(request.body, actorOf(request), auditor(request)),
  );
  done();
};

export default usuariosRoutes;
