/**
 * The one error path (STYLE.md, DESIGN.md §3): every failure leaves as
 * `{statusCode, error, message, code?, details?}` with a Spanish `message`. Bad input is never a
 * 500; a 500 never carries a stack trace, SQL or driver text (those go to the log only).
 */
import { STATUS_CODES } from 'node:http';
import {
  API_MESSAGES,
  ERROR_CODES,
  LISTAS_MESSAGES,
  TEXTO_SIN_NUL_PATTERN,
  type ApiErrorBody,
  type ErrorDetail,
} from '@gestion/shared';
import type {
  FastifyError,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/db-errors';
import {
  HttpError,
  isBadValueForDatabase,
  isUniqueViolation,
  notFound,
} from '../../lib/http-errors';
import { errorSummary } from '../../lib/log';

/** The subset of an Ajv error the mapping reads. */
interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  integer: 'número entero',
  number: 'número',
  boolean: 'verdadero o falso',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
};

/** `/a/0/b` → `a.0.b`; the missing or extra property is appended for those keywords. */
function fieldOf(e: AjvErrorLike): string {
  const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra =
    e.keyword === 'required'
      ? e.params.missingProperty
      : e.keyword === 'additionalProperties'
        ? e.params.additionalProperty
        : undefined;
  const parts = [base, typeof extra === 'string' ? extra : ''].filter(Boolean);
  return parts.length ? parts.join('.') : 'body';
}

/** A Spanish message for one schema violation; auth fields get the product's own wording. */
function messageOf(e: AjvErrorLike, field: string): string {
  const limit = typeof e.params.limit === 'number' ? e.params.limit : undefined;
  switch (e.keyword) {
    case 'required':
      return field === 'nombre' ? API_MESSAGES.nombreRequired : 'Este campo es obligatorio';
    case 'additionalProperties':
      return 'Campo no admitido';
    case 'type': {
      const t = typeof e.params.type === 'string' ? e.params.type : '';
      return field === 'body'
        ? 'El cuerpo debe ser un objeto JSON'
        : `Debe ser de tipo ${TYPE_NAMES[t] ?? t}`;
    }
    case 'minLength':
      if (field === 'password' && limit !== undefined && limit > 1)
        return API_MESSAGES.passwordTooShort;
      return limit === 1 ? 'Este campo es obligatorio' : `Debe tener al menos ${limit} caracteres`;
    case 'maxLength':
      if (field === 'password') return API_MESSAGES.passwordTooLong;
      if (field === 'email') return API_MESSAGES.invalidEmail;
      return `No puede superar ${limit} caracteres`;
    case 'format':
    case 'pattern':
      if (e.params.pattern === TEXTO_SIN_NUL_PATTERN) return LISTAS_MESSAGES.textoConNul;
      return field === 'email' ? API_MESSAGES.invalidEmail : 'El formato no es válido';
    case 'minimum':
    case 'exclusiveMinimum':
      return `Debe ser mayor o igual que ${limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Debe ser menor o igual que ${limit}`;
    case 'enum':
    case 'const':
      return 'El valor no está permitido';
    default:
      return 'El valor no es válido';
  }
}

/** Ajv errors → one detail per field (first problem wins), in request order. */
export function validationDetails(errors: readonly AjvErrorLike[]): ErrorDetail[] {
  const byField = new Map<string, string>();
  for (const e of errors) {
    const field = fieldOf(e);
    if (!byField.has(field)) byField.set(field, messageOf(e, field));
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

function body(
  statusCode: number,
  message: string,
  code?: string,
  details?: ErrorDetail[],
): ApiErrorBody {
  const b: ApiErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (code !== undefined) b.code = code;
  if (details !== undefined) b.details = details;
  return b;
}

/** Maps any thrown value to the error body; exported for tests. */
export function toErrorBody(err: unknown): ApiErrorBody {
  if (err instanceof HttpError) return body(err.statusCode, err.message, err.code, err.details);
  const e = err as Partial<FastifyError> & { validation?: AjvErrorLike[] };
  if (Array.isArray(e.validation)) {
    return body(
      400,
      API_MESSAGES.validation,
      ERROR_CODES.validation,
      validationDetails(e.validation),
    );
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return body(400, API_MESSAGES.malformedJson, ERROR_CODES.validation);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return body(413, API_MESSAGES.payloadTooLarge, ERROR_CODES.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body(415, API_MESSAGES.unsupportedMediaType, ERROR_CODES.unsupportedMediaType);
  }
  if (isUniqueViolation(err)) return body(409, 'El registro ya existe', ERROR_CODES.conflict);
  // A value of the request the database cannot hold (an id beyond its integer range, a NUL
  // character): bad input, not a server fault (issue #7 fuzz test).
  if (isBadValueForDatabase(err)) return body(400, API_MESSAGES.validation, ERROR_CODES.validation);
  // The database is down or unreachable (issue #7): fail fast with 503, never a 500.
  if (isDatabaseUnavailable(err))
    return body(503, API_MESSAGES.serviceUnavailable, ERROR_CODES.serviceUnavailable);
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  // A SyntaxError from a body parser carries 400; anything else 4xx from Fastify or a plugin
  // keeps its status with a generic Spanish message.
  if (status === 400) return body(400, API_MESSAGES.validation, ERROR_CODES.validation);
  if (status === 401) return body(401, API_MESSAGES.unauthenticated, ERROR_CODES.unauthenticated);
  if (status === 403) return body(403, API_MESSAGES.forbidden, ERROR_CODES.forbidden);
  if (status === 404) return body(404, API_MESSAGES.notFound, ERROR_CODES.notFound);
  if (status === 413) return body(413, API_MESSAGES.payloadTooLarge, ERROR_CODES.payloadTooLarge);
  if (status === 415)
    return body(415, API_MESSAGES.unsupportedMediaType, ERROR_CODES.unsupportedMediaType);
  if (status === 429) return body(429, API_MESSAGES.rateLimited, ERROR_CODES.rateLimited);
  if (status >= 400 && status < 500) return body(status, API_MESSAGES.validation);
  if (status === 503)
    return body(503, API_MESSAGES.serviceUnavailable, ERROR_CODES.serviceUnavailable);
  return body(500, API_MESSAGES.internal, ERROR_CODES.internal);
}

/**
 * True when the client went away before its answer (closed the connection mid-upload or while
 * the handler ran). Node then fails the request's own stream with `ECONNRESET` ("aborted"),
 * the same code a lost database connection carries, so the code alone would log a client's
 * impatience as "database unavailable" (issue #13); the request's socket tells them apart.
 */
export function isClientAbort(request: FastifyRequest): boolean {
  const raw = request.raw;
  return raw.aborted || raw.socket?.destroyed === true;
}

/**
 * Installs the error handler and the /api 404 handler. Non-/api misses are left to the
 * frontends plugin (SPA fallback) through `setNotFoundHandler` there; this one answers JSON.
 */
const errorsPlugin: FastifyPluginCallback = (app, _opts, done) => {
  app.setErrorHandler((err, request, reply) => {
    if (isClientAbort(request)) {
      // Nobody is left to answer; not a fault of ours nor of the database. The reply below is
      // discarded by Node.
      request.log.info({ code: (err as { code?: unknown }).code }, 'request aborted by the client');
      return reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send(body(400, API_MESSAGES.validation, ERROR_CODES.validation));
    }
    const out = toErrorBody(err);
    if (out.statusCode === 503 && isDatabaseUnavailable(err)) {
      // One line per failed request while the database is away, at warn: not a bug.
      request.log.warn({ error: errorSummary(err) }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (isBadValueForDatabase(err)) {
      // Answered 400, but logged at warn: a value the schema let through reached the database.
      request.log.warn({ error: errorSummary(err) }, 'database refused a value of the request');
    } else if (out.statusCode >= 500) {
      request.log.error({ error: errorSummary(err) }, 'request failed');
    } else if (out.statusCode !== 401 && out.statusCode !== 404) {
      request.log.info({ statusCode: out.statusCode, code: out.code }, 'request refused');
    }
    if (err instanceof HttpError && err.headers) void reply.headers(err.headers);
    // An export whose first query failed (see `csvStream`) had named its download already.
    reply.removeHeader('content-disposition');
    return reply.code(out.statusCode).type('application/json; charset=utf-8').send(out);
  });
  done();
};

export default fp(errorsPlugin, { name: 'errors' });

/** The 404 body of an unknown /api path. */
export function notFoundBody(): ApiErrorBody {
  return toErrorBody(notFound());
}

/** `details[].message` of a request whose URL cannot be decoded. */
const BAD_URL_MESSAGE = 'La dirección de la petición no es válida';

/**
 * Fastify's `frameworkErrors`: answers the requests its router refuses before any hook runs — a
 * URL that cannot be percent-decoded (`/api/usuarios/%E0%A4%A`, 400), a path parameter over the
 * router's length limit (414) — with the security headers every other response carries and the
 * error shape (DESIGN.md §3), instead of Fastify's English body without headers (issue #13).
 * @param headers the precomputed sets of the security-headers plugin: `api` for /api paths,
 *   `page` for the rest.
 */
export function frameworkErrorHandler(headers: {
  api: Record<string, string>;
  page: Record<string, string>;
}): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (err, request, reply) => {
    const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    const out =
      status === 414
        ? body(414, API_MESSAGES.validation, ERROR_CODES.validation)
        : body(400, API_MESSAGES.validation, ERROR_CODES.validation, [
            { field: 'url', message: BAD_URL_MESSAGE },
          ]);
    request.log.info({ statusCode: status, code: err.code }, 'request refused');
    void (reply as FastifyReply)
      .headers(request.url.startsWith('/api/') ? headers.api : headers.page)
      .header('x-request-id', request.id)
      .code(status)
      .type('application/json; charset=utf-8')
      .send(out);
  };
}
