/**
 * 405 for a wrong method on a known path (issue #13 "The API as a contract"; RFC 9110 §15.5.6:
 * a 405 carries `Allow`). `DELETE /api/auth/login` answers 405 `METHOD_NOT_ALLOWED` with
 * `Allow: POST`; a path no route knows stays 404, and the SPA fallback of the frontends plugin
 * is untouched.
 *
 * Two registrations in app.ts: `routeTable` before any route (an `onRoute` hook notes every
 * route's path and method) and this plugin's default export after the last route. The latter
 * adds, for each known path, a hidden route per missing method that answers 405 — ordinary
 * router entries, so no hook runs on the hot path. A 405 route is added only where no route
 * of that method would lose a URL to it (`DELETE /api/usuarios/export` stays the 400 "bad id"
 * of `DELETE /api/usuarios/:id`), so no existing answer changes; wildcard
 * routes (static files, the docs' assets) are fallbacks and neither get 405s nor prevent them.
 */
import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '@gestion/shared';
import type { FastifyInstance, FastifyPluginCallback, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** The methods that get a 405 (OPTIONS is left to CORS preflight, or 404 without CORS). */
export const ANSWERED_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'] as const;

export const METHOD_NOT_ALLOWED_CODE = 'METHOD_NOT_ALLOWED';
export const METHOD_NOT_ALLOWED_MESSAGE = 'Método no permitido';

/** The paths and methods of the app's routes, in Fastify's pattern form (`/api/usuarios/:id`). */
export class RouteTable {
  private readonly methods = new Map<string, Set<string>>();
  private frozen = false;

  /** Notes one route (both URLs of a prefix's `/` route: `/api/usuarios` and `/api/usuarios/`). */
  add(route: Pick<RouteOptions, 'method' | 'url'> & { routePath?: string }): void {
    if (this.frozen) return;
    const urls = route.routePath === '' ? [route.url, `${route.url}/`] : [route.url];
    const methods = typeof route.method === 'string' ? [route.method] : route.method;
    for (const url of urls) {
      const set = this.methods.get(url) ?? new Set<string>();
      for (const m of methods) set.add(m.toUpperCase());
      // Fastify answers HEAD for every GET route (exposeHeadRoutes).
      if (set.has('GET')) set.add('HEAD');
      this.methods.set(url, set);
    }
  }

  /** Stops noting routes (the 405 routes themselves are not known paths). */
  freeze(): void {
    this.frozen = true;
  }

  /** Each known path with the methods it answers, wildcard patterns left out. */
  paths(): [string, ReadonlySet<string>][] {
    return [...this.methods].filter(([url]) => !url.includes('*'));
  }

  /** True when a new `method` route of `pattern` would take a URL from an existing one. */
  wouldShadow(method: string, pattern: string): boolean {
    for (const [url, methods] of this.methods) {
      if (methods.has(method) && !url.includes('*') && shadows(pattern, url)) return true;
    }
    return false;
  }
}

function isParam(segment: string): boolean {
  return segment.includes(':');
}

/**
 * True when a route of `pattern` would answer some URL that `existing` answers today. Both must
 * match that URL (same depth, compatible segments); the router prefers a static segment to a
 * parameter, so the new one wins when, at the first segment where one is static and the other
 * a parameter, the new one is the static one — or when no segment tells them apart.
 */
export function shadows(pattern: string, existing: string): boolean {
  const a = pattern.split('/');
  const b = existing.split('/');
  if (a.length !== b.length) return false;
  if (!a.every((s, i) => s === b[i] || isParam(s) || isParam(b[i] ?? ''))) return false;
  for (let i = 0; i < a.length; i++) {
    const paramA = isParam(a[i] ?? '');
    if (paramA !== isParam(b[i] ?? '')) return !paramA;
  }
  return true;
}

/** The `Allow` value: the path's methods in a stable order. */
export function allowHeader(methods: ReadonlySet<string>): string {
  return [...methods].sort().join(', ');
}

export function methodNotAllowedBody(): ApiErrorBody {
  return {
    statusCode: 405,
    error: STATUS_CODES[405] ?? 'Method Not Allowed',
    message: METHOD_NOT_ALLOWED_MESSAGE,
    code: METHOD_NOT_ALLOWED_CODE,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's path and methods, noted as routes are added (the 405 plugin reads it). */
    routeTable: RouteTable;
  }
}

/** Registered before the routes: notes each one. */
export const routeTable = fp(
  (app: FastifyInstance, _opts: unknown, done: (err?: Error) => void) => {
    const table = new RouteTable();
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => table.add(route));
    done();
  },
  { name: 'route-table' },
);

/** Registered after the last route: a 405 route per known path and missing method. */
const methodNotAllowed: FastifyPluginCallback = (app, _opts, done) => {
  const table = app.routeTable;
  const paths = table.paths();
  table.freeze();
  for (const [url, methods] of paths) {
    const allow = allowHeader(methods);
    const missing = ANSWERED_METHODS.filter((m) => !methods.has(m) && !table.wouldShadow(m, url));
    if (missing.length === 0) continue;
    app.route({
      method: missing,
      url,
      schema: { hide: true },
      // HEAD is one of the methods answered here; Fastify must not add its own for a GET.
      exposeHeadRoute: false,
      handler: (_request, reply) => {
        void reply
          .code(405)
          .header('allow', allow)
          .type('application/json; charset=utf-8')
          .send(methodNotAllowedBody());
      },
    });
  }
  done();
};

export default fp(methodNotAllowed, {
  name: 'method-not-allowed',
  dependencies: ['route-table'],
});
