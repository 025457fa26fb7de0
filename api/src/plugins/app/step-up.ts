/**
 * Step-up on the administration routes that grant power (issue #16): giving the `admin` role —
 * POST /api/usuarios with it, PUT /api/usuarios/:id/roles adding it, POST /api/usuarios/bulk
 * `asignarRol admin`, a CSV import naming it, a group or an SSO provider giving it —, creating a
 * personal API token or a SCIM connection token (issue #17: they outlive the session), switching a
 * role's `mfaObligatorio` off, and adding
 * or removing a passkey (its registration options, its registration, its deletion: a session's;
 * the enrolment step of a sign-in has no session and is not asked) need
 * the password or a factor entered in the caller's session within the last 10 minutes
 * (`sesiones.reautenticado_en`, else its sign-in); otherwise 403 REAUTENTICACION_REQUERIDA, and
 * the console asks (POST /api/auth/reautenticar). The second-factor routes of a user's own
 * factors carry the password or check step-up themselves (services/mfa-*.ts).
 *
 * Attached as a `preHandler` to exactly those routes when they are declared (`onRoute`), so no
 * other route pays for it; it runs after `authenticate` and body validation, and only looks at
 * the database when the body grants what needs it.
 */
import { tokenNoPermitido } from './api-token-auth';
import { ADMIN_ROLE, MFA_LIMITS } from '@gestion/shared';
import type { FastifyPluginCallback, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/types';
import { sessionAuthenticatedAt } from '../../repositories/mfa-repository';
import { reauthRequired } from '../../services/mfa-common';

type Body = Record<string, unknown> | string | undefined;
type Params = { id?: number | string };

/** Whether user `id` already holds `admin` (then giving it again grants nothing). */
async function holdsAdmin(db: Db, id: unknown): Promise<boolean> {
  const row = await db
    .selectFrom('usuario_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.rol_id')
    .select('r.id')
    .where('ur.usuario_id', '=', Number(id))
    .where('r.nombre', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether group `id` gives `admin` (issue #17: adding a member to it grants `admin`). */
async function groupGivesAdmin(db: Db, id: unknown): Promise<boolean> {
  const row = await db
    .selectFrom('grupo_roles as gr')
    .innerJoin('roles as r', 'r.id', 'gr.rol_id')
    .select('r.id')
    .where('gr.grupo_id', '=', Number(id))
    .where('r.nombre', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return row !== undefined;
}

const hasAdmin = (roles: unknown) => Array.isArray(roles) && roles.includes(ADMIN_ROLE);

/**
 * A CSV import naming `admin` in any cell: over-approximated (a nombre "admin" asks too), since
 * the import's own reader decides what a row means and a false alarm costs one confirmation.
 */
/** An SSO provider's body that gives `admin` — its default role or a group mapping (issue #18). */
const ssoGivesAdmin = (body: Body) =>
  typeof body === 'object' &&
  (body.rolPorDefecto === ADMIN_ROLE ||
    (Array.isArray(body.mapeoGrupos) &&
      body.mapeoGrupos.some((m: unknown) => (m as { rol?: unknown } | null)?.rol === ADMIN_ROLE)));

const CSV_ADMIN = new RegExp(`(^|[,;|"\\s])${ADMIN_ROLE}([,;|"\\s]|$)`, 'm');

/** `METHOD url` (no trailing slash) → whether this request needs step-up. */
const RULES: Record<string, (db: Db, body: Body, params: Params) => Promise<boolean> | boolean> = {
  'POST /api/usuarios': (_db, body) => typeof body === 'object' && hasAdmin(body.roles),
  'PUT /api/usuarios/:id/roles': async (db, body, params) =>
    typeof body === 'object' && hasAdmin(body.roles) && !(await holdsAdmin(db, params.id)),
  'POST /api/usuarios/bulk': (_db, body) =>
    typeof body === 'object' && body.accion === 'asignarRol' && body.rol === ADMIN_ROLE,
  'POST /api/usuarios/import': (_db, body) => typeof body === 'string' && CSV_ADMIN.test(body),
  'POST /api/auth/passkeys/registration-options': () => true,
  'POST /api/auth/passkeys': () => true,
  'DELETE /api/auth/passkeys/:id': () => true,
  // Issue #17: membership of a group giving `admin`, or `admin` added to a group's roles.
  'PUT /api/grupos/:id/miembros': async (db, body, params) =>
    typeof body === 'object' &&
    Array.isArray(body.añadir) &&
    body.añadir.length > 0 &&
    (await groupGivesAdmin(db, params.id)),
  'PATCH /api/grupos/:id': async (db, body, params) =>
    typeof body === 'object' && hasAdmin(body.roles) && !(await groupGivesAdmin(db, params.id)),
  // Issue #17: a token outlives the session that made it (a stolen session must not mint one).
  'POST /api/tokens': () => true,
  'POST /api/scim/tokens': () => true,
  // Issue #18: a provider whose sign-ins would give `admin`.
  'POST /api/sso/proveedores': (_db, body) => ssoGivesAdmin(body),
  'PATCH /api/sso/proveedores/:id': (_db, body) => ssoGivesAdmin(body),
  'PATCH /api/roles/:id': async (db, body, params) => {
    if (typeof body !== 'object' || body.mfaObligatorio !== false) return false;
    const row = await db
      .selectFrom('roles')
      .select('mfa_obligatorio')
      .where('id', '=', Number(params.id))
      .executeTakeFirst();
    return Number(row?.mfa_obligatorio) === 1;
  },
};

const stepUpPlugin: FastifyPluginCallback = (app, _opts, done) => {
  app.addHook('onRoute', (route) => {
    const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = methods.map((m) => RULES[`${m} ${url}`]).find(Boolean);
    if (!rule) return;
    const check: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
      if (!request.session && !request.apiToken) return;
      if (!(await rule(app.db, request.body as Body, request.params as Params))) return;
      // A personal API token cannot step up (issue #17): what needs a recent password is refused.
      if (!request.session) throw tokenNoPermitido();
      const at = await sessionAuthenticatedAt(app.db, request.session.id);
      if (at === undefined || app.now() - at > MFA_LIMITS.stepUpMs) throw reauthRequired();
    };
    const existing = route.preHandler;
    route.preHandler = existing
      ? [check, ...(Array.isArray(existing) ? existing : [existing])]
      : check;
  });
  done();
};

export default fp(stepUpPlugin, { name: 'step-up', dependencies: ['auth'] });
