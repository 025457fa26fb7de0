/**
 * /api/auditoria (auditoria:ver, issue #4): the audit log, filtered and paged, and its CSV.
 */
import {
  ADMIN_MESSAGES,
  AUDITORIA_CSV_COLUMNS,
  AuditoriaPageSchema,
  AuditoriaQuerySchema,
  type AuditoriaQuery,
  type ErrorDetail,
} from '@gestion/shared';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { validationError } from '../../../lib/http-errors';
import {
  iterateAuditoria,
  listAuditoria,
  type AuditoriaFilter,
} from '../../../repositories/auditoria-query-repository';
import { CSV_CONTENT_TYPE, csvDisposition, csvStream } from '../../../services/csv';
import { bearer, CSV_MEDIA, errors } from '../../schema';

const tags = ['auditoria'];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An ISO 8601 date or date-time → epoch ms. A bare date is that day in UTC: its first
 * millisecond for `desde`, its last for `hasta` (so `hasta=2026-01-31` includes the 31st).
 */
export function parseIsoBound(value: string, end: boolean): number | undefined {
  const v = value.trim();
  if (!DATE_ONLY.test(v) && !DATE_TIME.test(v)) return undefined;
  const ms = Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00.000Z` : v);
  if (Number.isNaN(ms)) return undefined;
  return DATE_ONLY.test(v) && end ? ms + 86_400_000 - 1 : ms;
}

/** The query's filter with parsed dates; 400 for a date that is not ISO 8601. */
function filterOf(q: AuditoriaQuery): AuditoriaFilter {
  const details: ErrorDetail[] = [];
  const bound = (field: 'desde' | 'hasta') => {
    const raw = q[field];
    if (raw === undefined || raw.trim() === '') return undefined;
    const ms = parseIsoBound(raw, field === 'hasta');
    if (ms === undefined) details.push({ field, message: ADMIN_MESSAGES.invalidDate });
    return ms;
  };
  const desde = bound('desde');
  const hasta = bound('hasta');
  if (details.length > 0) throw validationError(details);
  return { q: q.q, actor: q.actor, accion: q.accion, objetivo: q.objetivo, desde, hasta };
}

const auditoriaRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Registro de auditoría',
        security: bearer,
        querystring: AuditoriaQuerySchema,
        response: { 200: AuditoriaPageSchema, ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('auditoria:ver'),
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listAuditoria(
        app.db,
        filterOf(q),
        q.sort === 'creadoEn',
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
        summary: 'Exportar la auditoría (CSV del filtro actual)',
        security: bearer,
        querystring: AuditoriaQuerySchema,
        produces: CSV_MEDIA,
        response: { ...errors(400, 401, 403) },
      },
      onRequest: app.requirePermission('auditoria:ver'),
    },
    async (request, reply) => {
      const q = request.query;
      const filter = filterOf(q);
      const stream = csvStream(
        AUDITORIA_CSV_COLUMNS,
        iterateAuditoria(app.db, filter, q.sort === 'creadoEn'),
        (e) => [
          e.creadoEn,
          e.actorEmail,
          e.accion,
          e.objetivoTipo,
          e.objetivoId,
          e.ip,
          e.cambios === null ? '' : JSON.stringify(e.cambios),
        ],
      );
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', csvDisposition('auditoria', app.now()))
        .send(stream as never);
    },
  );
  done();
};

export default auditoriaRoutes;
