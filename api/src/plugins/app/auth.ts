/**
 * Bearer-token authentication and permission checks (DESIGN.md §3, §4). Routes opt in:
 *
 *   { onRequest: app.authenticate }                       // 401 without a valid session
 *   { onRequest: app.requirePermission('usuarios:ver') }  // 401, then 403 without the permission
 *
 * As `onRequest` hooks they run before the body is parsed or validated: a caller without a
 * session or permission learns nothing about the schema (401/403, never a 400).
 *
 * After either, `request.user` is the signed-in `User` and `request.session` its session.
 *
 * Every request reads session, user, roles and permissions in one prepared query (see
 * `createSessionLookup`), so a logout, a role change or a deactivation takes effect on the very
 * next request, on every replica. On SQLite the rows read are reused only while no connection
 * has committed since (`PRAGMA data_version`, ../../db/unchanged-reads.ts): exactly as fresh.
 *
 * A session whose user must change an admin-set password (`debeCambiarPassword`, issue #15) is
 * refused 403 PASSWORD_CHANGE_REQUIRED everywhere but PASSWORD_CHANGE_ALLOWED.
 *
 * A bearer starting with `gdu_pat_` is a personal API token (issue #17, ./api-token-auth.ts):
 * tested first, so the session path pays one `startsWith`. A token call has `request.user` (the
 * owner limited to the token's permissions, never admin), `request.session` null and
 * `request.apiToken` set; API_TOKEN_REFUSED lists what it may never do.
 */
import {
  API_TOKEN_PREFIX,
  ERROR_CODES,
  hasAnyPermission,
  hasPermission,
  type PermissionName,
  type User,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import type { FastifyPluginCallback, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError, unauthenticated } from '../../lib/http-errors';
import { errorSummary } from '../../lib/log';
import {
  createSessionLookup,
  deleteExpiredSesiones,
  deleteSesion,
  hashToken,
  touchSesion,
  type SessionLookupRow,
} from '../../repositories/sesiones-repository';
import { foldUser } from '../../repositories/usuarios-repository';
import { createApiTokenAuth } from './api-token-auth';

/**
 * `ultimo_uso` is written at most once per this many ms per session, so the hot path does not
 * write on every request. Consequence: idle expiry is precise to within one minute (a session
 * may expire up to 60 s before SESSION_IDLE_MINUTES have passed since its true last use).
 */
export const SLIDE_GRANULARITY_MS = 60_000;

/** How often dead sessions are swept from the table, in ms. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/** The current session, as the auth plugin loaded it. */
export interface CurrentSession {
  id: number;
  /** Epoch ms. */
  creadaEn: number;
  /** Absolute expiry, epoch ms. */
  expiraEn: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; null until `authenticate` ran. */
    user: User | null;
    /** The current session; null until `authenticate` ran. */
    session: CurrentSession | null;
  }
  interface FastifyInstance {
    /** onRequest hook: loads `request.user`/`request.session` from the Bearer token, or fails with 401. */
    authenticate: onRequestHookHandler;
    /** Hook factory (use as `onRequest`): 401 without a valid session, 403 without `permission`. */
    requirePermission(permission: PermissionName): onRequestHookHandler;
    /** Hook factory: 401 without a valid session, 403 unless one of `permissions` is held. */
    requireAnyPermission(permissions: readonly PermissionName[]): onRequestHookHandler;
  }
}

/** The calls a session with `debeCambiarPassword` may still make (issue #15). */
export const PASSWORD_CHANGE_ALLOWED: ReadonlySet<string> = new Set([
  'GET /api/auth/me',
  'POST /api/auth/password',
  'POST /api/auth/logout',
]);

/**
 * What a personal API token may never do (issue #17): credentials (password, e-mail, second
 * factors, passkeys, step-up, another user's password reset or factor reset), sessions, tokens
 * (its own kind, and SCIM's), sign-out. Every route under one of `API_TOKEN_REFUSED_PREFIXES`
 * but `GET /api/auth/me`, and every route of `API_TOKEN_REFUSED`, answers 403 TOKEN_NO_PERMITIDO
 * to a token. (Every route that reads `request.session` is among them: a token call has none.)
 */
export const API_TOKEN_REFUSED: ReadonlySet<string> = new Set([
  'POST /api/usuarios/:id/password-reset',
  'POST /api/usuarios/:id/mfa/reset',
  'GET /api/usuarios/:id/sesiones',
  'DELETE /api/usuarios/:id/sesiones/:sesionId',
  'POST /api/usuarios/:id/sessions/revoke',
]);
/** URL prefixes closed to API tokens (see API_TOKEN_REFUSED). */
export const API_TOKEN_REFUSED_PREFIXES: readonly string[] = [
  '/api/auth/',
  '/api/sesiones',
  '/api/tokens',
  '/api/scim/tokens',
];

/** True when `key` (`METHOD /url/:param`) is closed to personal API tokens. */
export function refusedToApiToken(key: string): boolean {
  if (key === 'GET /api/auth/me') return false;
  if (API_TOKEN_REFUSED.has(key)) return true;
  const url = key.slice(key.indexOf(' ') + 1);
  return API_TOKEN_REFUSED_PREFIXES.some((p) => url.startsWith(p));
}

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/** 403 PASSWORD_CHANGE_REQUIRED with its Spanish message. */
function passwordChangeRequired(): HttpError {
  return new HttpError(
    403,
    ERROR_CODES.passwordChangeRequired,
    LIFECYCLE_MESSAGES.passwordChangeRequired,
  );
}

/** Extracts the token of an `Authorization: Bearer <token>` header (scheme case-insensitive). */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || header.length > 512) return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1];
}

const authPlugin: FastifyPluginCallback = (app, _opts, done) => {
  const lookup = createSessionLookup(app.database.raw);
  const idleMs = app.config.sessionIdleMinutes * 60_000;
  const { db } = app;

  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  const admitApiToken = createApiTokenAuth(
    app,
    (request) => refusedToApiToken(routeKey(request)),
    (request, mustChange) =>
      mustChange && !PASSWORD_CHANGE_ALLOWED.has(routeKey(request))
        ? passwordChangeRequired()
        : undefined,
  );

  /**
   * Checks the looked-up session and, when valid, loads it onto the request. Returns the
   * failure (401), nothing for success, or a promise of either when a write is due.
   */
  function admit(
    request: FastifyRequest,
    rows: SessionLookupRow[],
  ): Error | undefined | Promise<Error | undefined> {
    const s = rows[0];
    if (!s) return unauthenticated();
    const now = app.now();
    // A deactivated user is refused at once (issue #2); an expired session is deleted so the
    // table does not keep dead rows.
    if (s.activo !== 1 || now >= s.expira_en || now - s.ultimo_uso >= idleMs) {
      return deleteSesion(db, s.sesion_id).then(() => unauthenticated());
    }
    request.user = foldUser(rows) ?? null;
    request.session = { id: s.sesion_id, creadaEn: s.creada_en, expiraEn: s.expira_en };
    // An admin-set password must be changed first (issue #15, ASVS 6.4.6): every call but the
    // three that let the user do so is refused, whatever its permission.
    if (s.debe_cambiar_password === 1 && !PASSWORD_CHANGE_ALLOWED.has(routeKey(request))) {
      return passwordChangeRequired();
    }
    if (now - s.ultimo_uso >= SLIDE_GRANULARITY_MS) {
      return touchSesion(db, s.sesion_id, now).then(() => undefined);
    }
    return undefined;
  }

  // Callback style rather than async: on SQLite the lookup is synchronous, so the common case
  // (valid session, no slide due) completes without a promise or a microtask — about 1 µs a
  // request on the issue #2 benchmark. PostgreSQL, and any write, take the promise branch.
  const authenticate: onRequestHookHandler = function (request, _reply, next) {
    if (request.user) return next();
    const token = bearerToken(request);
    if (!token) return next(unauthenticated());
    let outcome: ReturnType<typeof admit>;
    try {
      if (token.startsWith(API_TOKEN_PREFIX)) outcome = admitApiToken(request, token);
      else {
        const rows = lookup(hashToken(token));
        outcome = Array.isArray(rows) ? admit(request, rows) : rows.then((r) => admit(request, r));
      }
    } catch (err) {
      return next(err as Error);
    }
    if (outcome instanceof Promise) outcome.then((err) => next(err), next);
    else next(outcome);
  };

  // Sweep sessions that expired unused. Every replica may run it; the DELETE is idempotent.
  const sweep = setInterval(() => {
    deleteExpiredSesiones(db, app.now(), idleMs).catch((err: unknown) =>
      app.log.warn({ error: errorSummary(err) }, 'could not sweep expired sessions'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', (_instance, next) => {
    clearInterval(sweep);
    next();
  });

  app.decorate('authenticate', authenticate);
  const requireHeld = (held: (user: User | null) => boolean): onRequestHookHandler =>
    function (request, reply, next) {
      authenticate.call(this, request, reply, (err?: Error) => {
        if (err) next(err);
        else if (!held(request.user)) next(forbidden());
        else next();
      });
    };
  app.decorate('requirePermission', (permission: PermissionName) =>
    requireHeld((user) => hasPermission(user, permission)),
  );
  app.decorate('requireAnyPermission', (permissions: readonly PermissionName[]) =>
    requireHeld((user) => hasAnyPermission(user, permissions)),
  );
  done();
};

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
