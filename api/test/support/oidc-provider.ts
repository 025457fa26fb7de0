/**
 * A real OpenID Connect provider for tests (issue #18): `oidc-provider` v9 on 127.0.0.1, one
 * confidential client (client_secret_basic, PKCE required), accounts whose claims each test
 * chooses, the package's development login page (any password; the login names the account)
 * and consent granted automatically, so a sign-in is: authorization URL → /interaction/<uid>
 * (the login form) → back to the redirect URI with `code`, `state` and `iss`.
 *
 * Used by the api's tests (`signInAtProvider` drives the round over HTTP with a cookie jar) and
 * by the browser tests (a person types the account id into the login form).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { OidcContext } from 'oidc-provider';

/** Claims of one account (`sub` is the key it is stored under). */
export interface OidcAccountClaims {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  groups?: string[];
  [claim: string]: unknown;
}

/** A running provider. */
export interface OidcTestProvider {
  /** `http://127.0.0.1:<port>` — what /api/sso/proveedores takes as `issuer`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces account `sub` (read at every sign-in, so a test may change groups). */
  setAccount(sub: string, claims: OidcAccountClaims): void;
  /**
   * Follows `authorizationUrl` through the provider as account `sub` signing in, with a fresh
   * cookie jar; returns the URL the provider sends the browser back to (the redirect URI with
   * `code`, `state`, `iss`, or `error`). Only the provider's own redirects are followed.
   */
  signInAtProvider(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

/** A minimal cookie jar for one host: name → value, from each answer's Set-Cookie. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Starts the provider.
 * @param opts.port fixed port (default: a free one); `accounts` initial accounts by `sub`;
 *   `redirectUris` the client's registered redirect URIs (exact match, as real providers do).
 */
export async function startOidcProvider(opts: {
  port?: number;
  accounts?: Record<string, OidcAccountClaims>;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<OidcTestProvider> {
  const accounts = new Map(Object.entries(opts.accounts ?? {}));
  const clientId = opts.clientId ?? 'gestion-test';
  const clientSecret = opts.clientSecret ?? 'secreto-del-cliente-de-pruebas-0123456789';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The package warns about its development-only defaults (keys, login page): expected here.
  const warn = console.warn;
  const info = console.info;
  console.warn = () => undefined;
  console.info = () => undefined;
  let provider: Provider;
  try {
    // Node 20 draws a runtime notice on import: the package supports it, tests run on it.
    const { default: OidcProvider } = await import('oidc-provider');
    provider = new OidcProvider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: opts.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified', 'xms_edov'],
        profile: ['name', 'given_name', 'family_name'],
        groups: ['groups'],
      },
      scopes: ['openid', 'email', 'profile', 'groups'],
      pkce: { required: () => true },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['clave-de-cookies-de-pruebas'] },
      findAccount: (_ctx: OidcContext, sub: string) => {
        const claims = accounts.get(sub);
        if (!claims) return undefined;
        return { accountId: sub, claims: () => ({ ...claims, sub }) };
      },
      // Consent is granted without asking (the app is the organisation's own client).
      loadExistingGrant: async (ctx: OidcContext) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile groups');
        await grant.save();
        return grant;
      },
    });
  } finally {
    console.warn = warn;
    console.info = info;
  }
  const callback = provider.callback();
  server.on('request', (req, res) => void callback(req, res));

  async function signInAtProvider(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new CookieJar();
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: jar.header(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
      });
      jar.store(res);
      body = undefined;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        continue;
      }
      if (res.status === 200 && /^\/interaction\//.test(url.pathname)) {
        await res.text();
        body = new URLSearchParams({ prompt: 'login', login: sub, password: 'cualquiera' });
        continue;
      }
      throw new Error(`oidc-provider answered ${res.status} at ${url.href}: ${await res.text()}`);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, claims) => void accounts.set(sub, claims),
    signInAtProvider,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
