/**
 * The SCIM 2.0 service provider at `/scim/v2` (issue #17, RFC 7643/7644): its own plugin, with
 * its own authentication (a connection's bearer token, never a session: services/scim-auth.ts),
 * its own media type (`application/scim+json` answered, and accepted with `application/json`),
 * its own error shape (RFC 7644 §3.12) and 404s, so nothing of the console's api leaks in or out.
 */
import { ERROR_CODES, SCIM_BASE_PATH } from '@gestion/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { errorSummary } from '../../lib/log';
import { ScimError } from '../../lib/scim/errors';
import { apiSecurityHeaders } from '../../plugins/external/security-headers';
import { scimAuditRecorder, scimCallerOf, type ScimCaller } from '../../services/scim-auth';
import { cicloDeps } from '../api/auth/ciclo-deps';
import discoveryRoutes from './discovery';
import gruposRoutes from './groups';
import usuariosRoutes from './users';

/** The media type of every SCIM answer (RFC 7644 §3.1). */
export const SCIM_MEDIA = 'application/scim+json; charset=utf-8';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM connection a /scim/v2 request acts for (set by the plugin's auth hook). */
    scim?: ScimCaller;
  }
}

/** The request's SCIM caller (the plugin's hook set it). */
export function scimCaller(request: FastifyRequest): ScimCaller {
  if (!request.scim) throw new Error('SCIM route reached without its connection');
  return request.scim;
}

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h || h.length > 512) return undefined;
  return /^Bearer +([A-Za-z0-9._~+/=-]+)\s*$/i.exec(h)?.[1];
}

/** An error of ours or Fastify's as a SCIM error. */
function toScimError(err: unknown): ScimError {
  if (err instanceof ScimError) return err;
  if (err instanceof HttpError) {
    const s = err.statusCode;
    const detail = [err.message, ...(err.details ?? []).map((d) => `${d.field}: ${d.message}`)].join(
      ' — ',
    );
    if (s === 409 && err.code !== ERROR_CODES.versionConflict && err.code !== ERROR_CODES.conflict)
      return new ScimError(409, 'uniqueness', detail);
    if (s === 400) return new ScimError(400, 'invalidValue', detail);
    return new ScimError(s, undefined, detail);
  }
  const e = err as { statusCode?: number; validation?: unknown; code?: string; message?: string };
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new ScimError(400, 'invalidSyntax', 'El cuerpo no es JSON válido');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new ScimError(e.statusCode, e.statusCode === 400 ? 'invalidSyntax' : undefined, e.message ?? '');
  return new ScimError(500, undefined, 'Error interno');
}

const scimPlugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  const deps = { ...cicloDeps(app), audit: scimAuditRecorder(app.db, app.now) };
  const base = `${app.config.appUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;
  const headers = apiSecurityHeaders(app.config);

  // Directories send `application/scim+json` (RFC 7644 §3.1) and some plain JSON, and send it
  // as the type of a DELETE without a body too (Entra): an empty body is no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/scim+json', 'application/json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, body === '' ? undefined : JSON.parse(body as string));
      } catch {
        done(new ScimError(400, 'invalidSyntax', 'El cuerpo no es JSON válido'), undefined);
      }
    },
  );

  // RFC 7644 describes these routes (and /ServiceProviderConfig does): not the api's document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...(route.schema ?? {}), hide: true };
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    request.scim = await scimCallerOf(app.db, bearer(request), request.ip, app.now());
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.getHeader('content-type')?.toString().startsWith('application/json'))
      reply.header('content-type', SCIM_MEDIA);
    return payload;
  });

  app.setErrorHandler((err, request, reply) => {
    const scim = toScimError(err);
    if (scim.status >= 500) request.log.error({ error: errorSummary(err) }, 'SCIM request failed');
    else if (scim.status !== 401 && scim.status !== 404)
      request.log.info({ status: scim.status, scimType: scim.scimType }, 'SCIM request refused');
    if (scim.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
    return reply.code(scim.status).type(SCIM_MEDIA).send(scim.toBody());
  });

  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .type(SCIM_MEDIA)
      .send(new ScimError(404, undefined, 'Recurso no encontrado').toBody()),
  );

  await app.register(discoveryRoutes, { base });
  await app.register(usuariosRoutes, { deps, base });
  await app.register(gruposRoutes, { deps, base });
};

export default scimPlugin;
