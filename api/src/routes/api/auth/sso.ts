/**
 * /api/auth/sso (issue #18): the public side of single sign-on — the /login buttons, the round
 * through the provider, and the one-time result. The contract (and why the session token never
 * appears in a URL) is in shared/src/contracts/sso.ts.
 *
 * The result cookie: HttpOnly (no script reads it), SameSite=Lax (sent on the top-level
 * redirect back from the provider's site), Secure when APP_URL is https, Path limited to
 * POST /api/auth/sso/resultado, Max-Age 60 s; cleared when consumed.
 *
 * The state cookie (SSO_ESTADO_COOKIE): `start` sets the round's `state` for the callback's
 * path only (HttpOnly, SameSite=Lax, 10 minutes), and the callback refuses a `state` this
 * browser was not given — the round is bound to the browser that began it (login CSRF).
 */
import {
  IdParamsSchema,
  LoginResponseSchema,
  ProveedoresSsoPublicosSchema,
  SSO_ESTADO_COOKIE,
  SSO_LIMITS,
  SSO_RESULTADO_COOKIE,
  SSO_RESULTADO_PATH,
  SsoCallbackQuerySchema,
  SsoStartQuerySchema,
} from '@gestion/shared';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { activeProveedores } from '../../../repositories/sso-repository';
import { createSsoLoginService } from '../../../services/sso-login-service';
import { clientCallerOf } from '../../deps';
import { errors } from '../../schema';
import { cicloDeps } from './ciclo-deps';
import { mfaKeyOf } from './mfa-deps';

const tags = ['auth'];
const found = (description: string) => Type.Null({ description });

/** The value of cookie `name` in the request's Cookie header, if any. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const ssoAuthRoutes: FastifyPluginCallbackTypebox = (app, _opts, done) => {
  const service = createSsoLoginService({ ...cicloDeps(app), key: mfaKeyOf(app.config) });
  const secure = app.config.appUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAgeS: number) =>
    `${SSO_RESULTADO_COOKIE}=${value}; Path=${SSO_RESULTADO_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
  const estadoCookie = (id: number, value: string, maxAgeS: number) =>
    `${SSO_ESTADO_COOKIE}=${value}; Path=/api/auth/sso/${id}/callback; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
  const perMinute = { rateLimit: { max: app.config.rateLimitLogin, timeWindow: 60_000 } };

  app.get(
    '/proveedores',
    {
      schema: {
        tags,
        summary: 'Proveedores de inicio de sesión único activos (botones de /login)',
        response: { 200: ProveedoresSsoPublicosSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return activeProveedores(app.db);
    },
  );

  app.get(
    '/:id/start',
    {
      schema: {
        tags,
        summary: 'Empezar el inicio de sesión con un proveedor',
        params: IdParamsSchema,
        querystring: SsoStartQuerySchema,
        response: { 302: found('Al proveedor, o a /login/sso?error='), ...errors(400, 429) },
      },
      config: perMinute,
    },
    async (request, reply) => {
      const { id } = request.params;
      const location = await service.start(id, request.query.redirect, clientCallerOf(request));
      // To the provider (not back to /login/sso with an error): bind the round to this browser.
      const state = location.startsWith('/') ? null : new URL(location).searchParams.get('state');
      if (state)
        reply.header('set-cookie', estadoCookie(id, state, SSO_LIMITS.estadoTtlMs / 1000));
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.get(
    '/:id/callback',
    {
      schema: {
        tags,
        summary: 'Vuelta del proveedor (redirect URI)',
        params: IdParamsSchema,
        querystring: SsoCallbackQuerySchema,
        response: { 302: found('A /login/sso?redirect= o /login/sso?error='), ...errors(400, 429) },
      },
      config: perMinute,
    },
    async (request, reply) => {
      const q = request.url.indexOf('?');
      const raw = q >= 0 ? request.url.slice(q + 1) : '';
      const { id } = request.params;
      const navegador = cookieOf(request, SSO_ESTADO_COOKIE);
      const out = await service.callback(id, raw, clientCallerOf(request), navegador);
      reply.header('cache-control', 'no-store');
      // The state cookie is spent whatever the outcome.
      const cookies = [estadoCookie(id, '', 0)];
      if (out.resultado) cookies.push(cookie(out.resultado, SSO_LIMITS.resultadoTtlMs / 1000));
      reply.header('set-cookie', cookies);
      return reply.redirect(out.location, 302);
    },
  );

  app.post(
    '/resultado',
    {
      schema: {
        tags,
        summary: 'Recoger la sesión del inicio de sesión único (cookie de un solo uso)',
        response: { 200: LoginResponseSchema, ...errors(401, 429) },
      },
      config: perMinute,
    },
    async (request, reply) => {
      const valor = cookieOf(request, SSO_RESULTADO_COOKIE);
      // Cleared whatever the outcome: the value is single use.
      reply.header('set-cookie', cookie('', 0)).header('cache-control', 'no-store');
      return service.resultado(valor, clientCallerOf(request));
    },
  );

  done();
};

export default ssoAuthRoutes;
