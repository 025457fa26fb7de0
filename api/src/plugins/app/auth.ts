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
 * Every request re-reads session, user, roles and permissions in one prepared query (see
 * `createSessionLookup`): nothing is cached, so a logout, a role change or a deactivation takes
 * effect on the very next request, on every replica.
 */
import { hasPermission, type PermissionName, type User } from '@gestion/shared';
import type { FastifyPluginCallback, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../../lib/http-errors';
import { errorSummary } from '../../lib/log';
import {
  createSessionLookup,
  deleteExpiredSesiones,
  deleteSesion,
  hashToken,
  touchSesion,
} from '../../repositories/sesiones-repository';
import { foldUser } from '../../repositories/usuarios-repository';

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
    /** onRequest/preHandler hook: loads `request.user`/`request.session` from the Bearer token, or throws 401. */
    authenticate: preHandlerAsyncHookHandler;
    /** Hook factory (use as `onRequest`): 401 without a valid session, 403 without `permission`. */
    requirePermission(permission: PermissionName): preHandlerAsyncHookHandler;
  }
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

  const authenticate: preHandlerAsyncHookHandler = async function (request) {
    if (request.user) return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const rows = await lookup(hashToken(token));
    const s = rows[0];
    if (!s) throw unauthenticated();
    const now = app.now();
    // A deactivated user is refused at once (issue #2); an expired session is deleted so the
    // table does not keep dead rows.
    if (s.activo !== 1 || now >= s.expira_en || now - s.ultimo_uso >= idleMs) {
      await deleteSesion(db, s.sesion_id);
      throw unauthenticated();
    }
    if (now - s.ultimo_uso >= SLIDE_GRANULARITY_MS) await touchSesion(db, s.sesion_id, now);
    request.user = foldUser(rows) ?? null;
    request.session = { id: s.sesion_id, creadaEn: s.creada_en, expiraEn: s.expira_en };
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
  app.decorate('requirePermission', (permission: PermissionName): preHandlerAsyncHookHandler => {
    return async function (request, reply) {
      await authenticate.call(this, request, reply);
      if (!hasPermission(request.user, permission)) throw forbidden();
    };
  });
  done();
};

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
