/**
 * Security headers (DESIGN.md §3; OWASP Secure Headers): a CSP with no inline script (MUI's
 * emotion injects <style> tags, so only style-src allows 'unsafe-inline'), frame-ancestors
 * 'none', nosniff, a strict referrer policy. Remotes served from another origin (absolute
 * REMOTE_*_URL) and CORS_ORIGINS are added where the page needs them.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
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

export default fp(
  async (app, opts: { config: AppConfig }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.config) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The api and pages load no cross-origin resources that need it, and COEP would break
      // remotes on other origins.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Only meaningful behind TLS; harmless otherwise.
      strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
    });
  },
  { name: 'helmet' },
);
