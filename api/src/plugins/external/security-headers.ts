/**
 * Security headers (DESIGN.md §3; OWASP Secure Headers): for pages, a CSP with no inline
 * script (MUI's emotion injects <style> tags, so only style-src allows 'unsafe-inline'),
 * frame-ancestors 'none', nosniff, a strict referrer policy; for /api responses the stricter
 * REST set of `apiSecurityHeaders`. Remotes served from another origin (absolute
 * REMOTE_*_URL) and CORS_ORIGINS are added where the page needs them.
 *
 * The header set is computed ONCE with `helmet` (the library behind @fastify/helmet) and
 * applied by one synchronous hook. @fastify/helmet rebuilds the helmet middleware — parsing the
 * CSP — on every request, which measurably cost the /api/auth/me hot path (issue #2 benchmark).
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config';

/** Origins of the remotes whose entry URL is absolute (scaled-out deployment). */
export function remoteOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(config.remotes)) {
    if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

/** The CSP directives, exported for tests and for anyone auditing the policy. */
export function cspDirectives(config: AppConfig): Record<string, string[]> {
  const remotes = remoteOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    imgSrc: ["'self'", 'data:', ...remotes],
    fontSrc: ["'self'", 'data:', ...remotes],
    connectSrc: ["'self'", ...config.corsOrigins, ...remotes],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** helmet's options for this product. */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // COEP would break remotes served from other origins.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Only meaningful behind TLS; harmless otherwise.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
    // Headers for browsers nobody supports any more: bytes on every response for nothing.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
  };
}

/**
 * `Permissions-Policy` of every response (issue #13; OWASP Secure Headers): the powerful browser
 * features the product never uses are refused to the page and to anything it embeds. Passkeys
 * are not among them: WebAuthn (DESIGN.md §8, a later issue) needs
 * `publickey-credentials-get/create`, kept to the page's own origin (`self`, their default),
 * stated here so nobody "tightens" them to `()` by accident.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'publickey-credentials-get=(self)',
  'publickey-credentials-create=(self)',
].join(', ');

/**
 * Runs helmet once against a recording response and returns the headers it sets, plus
 * `Permissions-Policy` (helmet has none).
 */
export function securityHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(helmetOptions(config))({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Headers of every /api response (OWASP REST Security Cheat Sheet, "Security headers"): JSON is
 * never rendered, so its CSP forbids everything; `no-store` keeps tokens and personal data out
 * of browser and proxy caches.
 */
export function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  const page = securityHeaders(config);
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
  for (const name of [
    'strict-transport-security',
    'cross-origin-resource-policy',
    'permissions-policy',
  ]) {
    if (page[name]) headers[name] = page[name];
  }
  return headers;
}

const securityHeadersPlugin: FastifyPluginCallback<{ config: AppConfig }> = (app, opts, done) => {
  const pageHeaders = securityHeaders(opts.config);
  const apiHeaders = apiSecurityHeaders(opts.config);
  // Synchronous and precomputed: this runs on every request, the /api/auth/me hot path included.
  app.addHook('onRequest', (request, reply, next) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    next();
  });
  done();
};

export default fp(securityHeadersPlugin, { name: 'security-headers' });
