/**
 * Where the HTTP layer meets the services (`services/service-deps.ts`): a route plugin builds its
 * services once from the app with `serviceDeps(app)`, and hands each use case the `Caller` of the
 * request, so no Fastify type goes below the routes (STYLE.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../services/ciclo-cuenta-common';
import {
  auditRecorder,
  type Caller,
  type ClientCaller,
  type ServiceDeps,
  type SignedInCaller,
} from '../services/service-deps';

/** The deps of every service: the app's database, its dialect, its clock and the audit log. */
export function serviceDeps(app: FastifyInstance): ServiceDeps {
  return {
    db: app.db,
    dialect: app.database.dialect,
    now: app.now,
    audit: auditRecorder(app.db, app.now),
  };
}

/**
 * Who the request acts for: its signed-in user (or null), the client's address and, for a call
 * made with a personal API token, the token's id.
 */
export function callerOf(request: FastifyRequest): Caller {
  const caller: Caller = { user: request.user, ip: request.ip };
  if (request.apiToken) caller.apiToken = request.apiToken.id;
  return caller;
}

/**
 * `callerOf` with the client's User-Agent and the preferred supported locale of its
 * Accept-Language (omitted when it names none we have): what sign-in, registration and the
 * account-lifecycle flows keep of a request.
 */
export function clientCallerOf(request: FastifyRequest): ClientCaller {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  return {
    ...callerOf(request),
    userAgent: request.headers['user-agent'] ?? null,
    ...(locale ? { locale } : {}),
  };
}

/**
 * The caller of a route behind `authenticate` or a permission check, whose `user` is therefore
 * set. @throws a 500 if a route forgot the check (a programming error, never a client's).
 */
export function signedInCaller(request: FastifyRequest): SignedInCaller {
  const { user } = request;
  if (!user)
    throw new Error(`${request.method} ${request.url} reached a service without a session`);
  const caller: SignedInCaller = { user, ip: request.ip };
  if (request.apiToken) caller.apiToken = request.apiToken.id;
  return caller;
}
