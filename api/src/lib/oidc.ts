/**
 * OpenID Connect plumbing of single sign-on (issue #18): the issuer URL rule, discovery with
 * named Spanish refusals, and an `openid-client` v6 Configuration from stored metadata.
 *
 * openid-client is ESM only and the api compiles to CommonJS, so it is loaded with a dynamic
 * `import()` (kept as such by TypeScript's node16 output) once, on the first SSO call.
 */
import { SSO_ERROR_CODES, SSO_MESSAGES } from '@gestion/shared';
import type * as OpenidClientModule from 'openid-client' with { 'resolution-mode': 'import' };
import { HttpError, validationError } from './http-errors';

type OpenidClient = typeof OpenidClientModule;
let loaded: Promise<OpenidClient> | undefined;

/** The openid-client module (loaded once). */
export function openidClient(): Promise<OpenidClient> {
  loaded ??= import('openid-client');
  return loaded;
}

/** How long discovery may take before the issuer counts as not answering, ms. */
export const DISCOVERY_TIMEOUT_MS = 5_000;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** True for a loopback host (`URL.hostname` form: IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase());
}

/**
 * The issuer as typed, checked: an absolute URL without query or fragment; `https://`, or
 * `http://` on a loopback address only (issue #18: tests and local trials). A trailing `/` is
 * dropped (discovery then decides the exact form).
 * @throws 400 VALIDATION_ERROR (details `issuer`) for a malformed URL; 400 SSO_ISSUER_INSEGURO.
 */
export function checkIssuerUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw validationError([{ field: 'issuer', message: SSO_MESSAGES.issuerNoValido }]);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  )
    throw validationError([{ field: 'issuer', message: SSO_MESSAGES.issuerNoValido }]);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new HttpError(400, SSO_ERROR_CODES.issuerInseguro, SSO_MESSAGES.issuerInseguro, [
      { field: 'issuer', message: SSO_MESSAGES.issuerInseguro },
    ]);
  return url;
}

const noResponde = () =>
  new HttpError(400, SSO_ERROR_CODES.issuerNoResponde, SSO_MESSAGES.issuerNoResponde, [
    { field: 'issuer', message: SSO_MESSAGES.issuerNoResponde },
  ]);

const withoutSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * Fetches `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §4) and
 * checks it: JSON with the endpoints a code flow needs, and an `issuer` equal to the one typed
 * (§4.3; a trailing `/` aside). Redirects are not followed.
 * @returns the discovery document (its `issuer` is the exact form to store).
 * @throws 400 SSO_ISSUER_NO_RESPONDE (no answer in DISCOVERY_TIMEOUT_MS, not 200, not JSON,
 *   endpoints missing); 400 SSO_ISSUER_NO_COINCIDE.
 */
export async function discoverIssuer(issuer: URL): Promise<Record<string, unknown>> {
  const href = `${withoutSlash(issuer.href)}/.well-known/openid-configuration`;
  let doc: Record<string, unknown>;
  try {
    const res = await fetch(href, {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (res.status !== 200) throw noResponde();
    doc = (await res.json()) as Record<string, unknown>;
  } catch {
    throw noResponde();
  }
  if (
    typeof doc !== 'object' ||
    doc === null ||
    typeof doc.issuer !== 'string' ||
    typeof doc.authorization_endpoint !== 'string' ||
    typeof doc.token_endpoint !== 'string' ||
    typeof doc.jwks_uri !== 'string'
  )
    throw noResponde();
  if (withoutSlash(doc.issuer) !== withoutSlash(issuer.href))
    throw new HttpError(400, SSO_ERROR_CODES.issuerNoCoincide, SSO_MESSAGES.issuerNoCoincide, [
      { field: 'issuer', message: `${SSO_MESSAGES.issuerNoCoincide}: ${doc.issuer}` },
    ]);
  return doc;
}

/**
 * An openid-client Configuration from stored discovery metadata (client_secret_basic, as every
 * provider of issue #18 supports it); plain http is allowed only for the loopback issuers
 * `checkIssuerUrl` let through.
 */
export async function oidcConfiguration(
  metadata: Record<string, unknown>,
  clientId: string,
  clientSecret: string,
) {
  const client = await openidClient();
  const config = new client.Configuration(
    metadata as unknown as ConstructorParameters<typeof client.Configuration>[0],
    clientId,
    clientSecret,
    client.ClientSecretBasic(clientSecret),
  );
  if (new URL(String(metadata.issuer)).protocol === 'http:') client.allowInsecureRequests(config);
  return config;
}
