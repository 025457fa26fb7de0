/**
 * Authentication by personal API token (issue #17), the `gdu_pat_` branch of the auth plugin's
 * `authenticate` (./auth.ts). The session path never reaches this file: auth.ts tests the prefix
 * first, so a session request pays one `startsWith`.
 *
 * The principal of a token call is its owner holding ONLY `token.permisos ∩ the owner's current
 * effective permissions` (own roles and groups' roles, re-read at every request in one query, as
 * a session is): `request.user.roles` is a single synthetic role `API_TOKEN_ROLE` listing exactly
 * that intersection. An owner holding `admin` contributes the whole catalogue to the
 * intersection, but the principal never holds the role `admin` itself, so nothing that tests
 * "is admin" by the role's nombre (hasPermission's implicit all, the delegation rules) sees an
 * administrator behind a token.
 */
import {
  ADMIN_ROLE,
  ALL_PERMISSIONS,
  API_TOKEN_USO_GRANULARIDAD_MS,
  API_TOKENS_ERROR_CODES,
  API_TOKENS_MESSAGES,
  type Role,
  type User,
} from '@gestion/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthenticated } from '../../lib/http-errors';
import {
  createApiTokenLookup,
  touchApiToken,
  type ApiTokenLookupRow,
} from '../../repositories/api-tokens-repository';
import { hashToken } from '../../repositories/sesiones-repository';
import { foldUser, permisoObject } from '../../repositories/usuarios-repository';

/** The nombre of the one role a token principal holds (never `admin`). */
export const API_TOKEN_ROLE = 'token-api';

/** The token behind the current request. */
export interface CurrentApiToken {
  id: number;
  /** Epoch ms. */
  expiraEn: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal API token of a token call; null for a session (or before `authenticate`). */
    apiToken: CurrentApiToken | null;
  }
}

/** 403 TOKEN_NO_PERMITIDO: the route is never open to an API token. */
export function tokenNoPermitido(): HttpError {
  return new HttpError(403, API_TOKENS_ERROR_CODES.noPermitido, API_TOKENS_MESSAGES.noPermitido);
}

/** The whole catalogue, built once: what `admin` holds. */
const CATALOGUE: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

/** The owner's effective permissions: the whole catalogue for `admin`, else their roles' union. */
export function ownerPermissions(owner: Pick<User, 'roles'>): ReadonlySet<string> {
  if (owner.roles.some((r) => r.nombre === ADMIN_ROLE)) return CATALOGUE;
  const held = new Set<string>();
  for (const r of owner.roles) for (const p of r.permisos) held.add(p.nombre);
  return held;
}

/**
 * The whole-catalogue scopes already built, by the token's stored `permisos` string: for an owner
 * holding everything (admin) the scope depends on that string alone, so it is built once and
 * shared frozen (its /me JSON is then written once too, me-json.ts). Only a pure function of the
 * row read at this request is kept, never a database answer; cleared past SCOPE_MEMO_MAX.
 */
const catalogueScopes = new Map<string, Role['permisos']>();
const SCOPE_MEMO_MAX = 1024;

/** `tokenPermisos` (comma-separated) ∩ `held`, in the token's order, as `{nombre}` objects. */
function scope(tokenPermisos: string, held: ReadonlySet<string>): Role['permisos'] {
  if (held === CATALOGUE) {
    const known = catalogueScopes.get(tokenPermisos);
    if (known) return known;
  }
  const permisos: Role['permisos'] = [];
  for (const p of tokenPermisos.split(',')) if (held.has(p)) permisos.push(permisoObject(p));
  if (held !== CATALOGUE) return permisos;
  if (catalogueScopes.size >= SCOPE_MEMO_MAX) catalogueScopes.clear();
  const frozen = Object.freeze(permisos) as Role['permisos'];
  catalogueScopes.set(tokenPermisos, frozen);
  return frozen;
}

/**
 * The principal of a token call: `owner` with one role, `API_TOKEN_ROLE`, holding the
 * permissions of `tokenPermisos` (comma-separated, as stored) the owner holds now, in the
 * token's order. Pure: `owner` is not changed.
 */
export function tokenPrincipal(owner: User, tokenPermisos: string): User {
  const permisos = scope(tokenPermisos, ownerPermissions(owner));
  return { ...owner, roles: [{ nombre: API_TOKEN_ROLE, permisos }] };
}

/**
 * Builds the token branch of `authenticate`: `admit(request, token)` answers the failure, nothing
 * for success, or a promise of either (PostgreSQL, or a last-use write due). `refused(request)`
 * says whether the route is closed to tokens (auth.ts's API_TOKEN_REFUSED) and
 * `passwordGate(request)` the failure of an owner who must change an admin-set password.
 */
export function createApiTokenAuth(
  app: FastifyInstance,
  refused: (request: FastifyRequest) => boolean,
  passwordGate: (request: FastifyRequest, mustChange: boolean) => HttpError | undefined,
) {
  const lookup = createApiTokenLookup(app.database.raw);
  const { db } = app;
  app.decorateRequest('apiToken', null);

  function admitRows(
    request: FastifyRequest,
    rows: ApiTokenLookupRow[],
  ): Error | undefined | Promise<Error | undefined> {
    const t = rows[0];
    if (!t) return unauthenticated();
    const now = app.now();
    // A deactivated owner is refused at once (issue #17), an expired token too; the row stays so
    // the owner's list shows it as expired (the sweep deletes it 30 days later).
    if (t.activo !== 1 || now >= t.expira_en) return unauthenticated();
    const owner = foldUser(rows);
    if (!owner) return unauthenticated();
    request.user = tokenPrincipal(owner, t.token_permisos);
    request.apiToken = { id: t.token_id, expiraEn: t.expira_en };
    if (refused(request)) return tokenNoPermitido();
    const gate = passwordGate(request, t.debe_cambiar_password === 1);
    if (gate) return gate;
    if (t.ultimo_uso === null || now - t.ultimo_uso >= API_TOKEN_USO_GRANULARIDAD_MS) {
      return touchApiToken(db, t.token_id, now, API_TOKEN_USO_GRANULARIDAD_MS).then(
        () => undefined,
      );
    }
    return undefined;
  }

  return function admit(
    request: FastifyRequest,
    token: string,
  ): Error | undefined | Promise<Error | undefined> {
    const rows = lookup(hashToken(token));
    return Array.isArray(rows) ? admitRows(request, rows) : rows.then((r) => admitRows(request, r));
  };
}
