/**
 * The world of the single sign-on tests (issue #18): an app on `dialect`, a real oidc-provider
 * on 127.0.0.1 whose client accepts the app's callback of the first providers, the seeded
 * admin's token, and `ssoSignIn`, which drives the whole round through HTTP: start → the
 * provider's login page → callback → POST /api/auth/sso/resultado.
 */
import { SSO_ESTADO_COOKIE, SSO_RESULTADO_COOKIE, type ProveedorSso } from '@gestion/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signIn } from './admin-fixtures';
import {
  ADMIN,
  bearer,
  buildTestApp,
  createTestDatabase,
  type DialectName,
  type TestDatabase,
} from './helper';
import { startOidcProvider, type OidcTestProvider } from './support/oidc-provider';

/** APP_URL of the tests: the redirect URIs are built on it (nothing listens there). */
export const APP_URL = 'http://127.0.0.1:3999';

export interface SsoWorld {
  db: TestDatabase;
  app: FastifyInstance;
  op: OidcTestProvider;
  admin: string;
  close(): Promise<void>;
}

/** Builds the world on `dialect`. */
export async function buildSsoWorld(dialect: DialectName): Promise<SsoWorld> {
  const db = await createTestDatabase(dialect);
  const { app } = await buildTestApp(db, { config: { appUrl: APP_URL } });
  const redirectUris = Array.from(
    { length: 40 },
    (_, i) => `${APP_URL}/api/auth/sso/${i + 1}/callback`,
  );
  const op = await startOidcProvider({ redirectUris });
  const admin = (await signIn(app, ADMIN.email, ADMIN.password)).token;
  return {
    db,
    app,
    op,
    admin,
    async close() {
      await op.close();
      await app.close();
      await db.drop();
    },
  };
}

let n = 0;

/** Creates a provider on `w.op` as the admin (`body` overrides the defaults); throws unless 201. */
export async function createProveedor(
  w: SsoWorld,
  body: Record<string, unknown> = {},
): Promise<ProveedorSso> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/sso/proveedores',
    headers: bearer(w.admin),
    payload: {
      nombre: `Proveedor ${++n}`,
      issuer: w.op.issuer,
      clientId: w.op.clientId,
      clientSecret: w.op.clientSecret,
      scopes: ['openid', 'email', 'profile', 'groups'],
      dominios: ['empresa.es'],
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create provider: ${res.statusCode} ${res.body}`);
  return res.json<ProveedorSso>();
}

/** What one round produced, step by step. */
export interface SsoRound {
  start: LightMyRequestResponse;
  /** The URL the provider sent the browser back to. */
  back: URL;
  callback: LightMyRequestResponse;
  /** The one-time value of the cookie the callback set, if any. */
  resultado?: string;
  /** POST /api/auth/sso/resultado with that cookie (absent when none was set). */
  res?: LightMyRequestResponse;
  /** The state cookie `start` set in this browser. */
  estado?: string;
}

/**
 * Signs `sub` in through provider `id`. `tamper.authUrl` may edit the authorization URL before
 * the browser follows it (nonce, PKCE challenge); `tamper.callback` the provider's answer.
 */
export async function ssoSignIn(
  w: SsoWorld,
  id: number,
  sub: string,
  opts: {
    redirect?: string;
    tamper?: { authUrl?: (u: URL) => void; callback?: (u: URL) => void };
  } = {},
): Promise<SsoRound> {
  const qs = opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : '';
  const start = await w.app.inject({ method: 'GET', url: `/api/auth/sso/${id}/start${qs}` });
  if (start.statusCode !== 302) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const authUrl = new URL(String(start.headers.location));
  const estado = cookieValue(start, SSO_ESTADO_COOKIE);
  opts.tamper?.authUrl?.(authUrl);
  const back = await w.op.signInAtProvider(authUrl.href, sub);
  opts.tamper?.callback?.(back);
  const callback = await callbackOf(w, back, estado);
  const resultado = resultadoCookie(callback);
  const res = resultado
    ? await w.app.inject({
        method: 'POST',
        url: '/api/auth/sso/resultado',
        headers: { cookie: `${SSO_RESULTADO_COOKIE}=${resultado}` },
      })
    : undefined;
  return { start, back, callback, resultado, res, estado };
}

/**
 * GET of the callback URL the provider answered, from the browser holding `estado` (the state
 * cookie `start` set; none: another browser).
 */
export function callbackOf(w: SsoWorld, back: URL, estado?: string) {
  return w.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    ...(estado ? { headers: { cookie: `${SSO_ESTADO_COOKIE}=${estado}` } } : {}),
  });
}

/** The value `res` sets for cookie `name`, if it sets one with a value. */
function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((l) => l.startsWith(`${name}=`));
  const value = line?.split(';')[0]?.split('=')[1];
  return value || undefined;
}

/** The one-time value in the callback's Set-Cookie, if it set one with a value. */
export function resultadoCookie(res: LightMyRequestResponse): string | undefined {
  return cookieValue(res, SSO_RESULTADO_COOKIE);
}

/** The role nombres of user `id` as GET /api/auth/me would show them with `token`. */
export async function rolesOf(w: SsoWorld, token: string): Promise<string[]> {
  const me = await w.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return me
    .json<{ user: { roles: { nombre: string }[] } }>()
    .user.roles.map((r) => r.nombre)
    .sort();
}
