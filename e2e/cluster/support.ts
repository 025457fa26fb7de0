/**
 * Shared pieces of the cluster and fault tests (issue #7): throwaway PostgreSQL databases, an
 * HTTP client that can speak from any 127.x.y.z address, and a TCP proxy that can cut a
 * dependency (PostgreSQL, Redis) without touching the machine's shared services.
 *
 * Isolation from other suites running on the same PostgreSQL and Redis: every file gets its own
 * database (`gestion_ct_<random>`, dropped afterwards), unique e-mails (the lock-out keys), and
 * its own client addresses (the per-IP rate-limit keys), so no counter is shared with anyone.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { ensurePostgresDatabase, freePort } from '../../tools/cluster/cluster.cjs';

/** The PostgreSQL server the suites use (CI's; override with CLUSTER_PG_URL, no database part). */
export const PG_SERVER = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** The Redis the suites use. */
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The first administrator of every cluster these suites start. */
export const ADMIN = { email: 'admin@cluster.test', password: 'Admin-Cluster-Clave-2026' };
export const PASSWORD = 'Clave-Cluster-Segura-2026';
/** Environment every test replica gets (the admin, quiet logs, no build-id polling). */
export const REPLICA_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  BUILD_ID_POLL_MS: '0',
};

export interface TestPgDatabase {
  /** `postgres://…/gestion_ct_<hex>` */
  url: string;
  /** Drops it (terminating leftover connections). */
  drop(): Promise<void>;
}

/** Creates an empty database of its own on the shared PostgreSQL server. */
export async function createPgDatabase(): Promise<TestPgDatabase> {
  const name = `gestion_ct_${randomBytes(5).toString('hex')}`;
  const url = `${PG_SERVER.replace(/\/$/, '')}/${name}`;
  await ensurePostgresDatabase(url);
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${PG_SERVER.replace(/\/$/, '')}/postgres` });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A random loopback address (127.x.y.z, never 127.0.0.1): a client of its own for per-IP limits. */
export function randomLoopback(): string {
  const b = randomBytes(3);
  return `127.${1 + (b[0]! % 250)}.${b[1]}.${1 + (b[2]! % 250)}`;
}

/** What `request` resolves to; `json()` parses the body. */
export interface HttpResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

export interface HttpRequest {
  method?: string;
  /** Path and query, e.g. `/api/auth/me`. */
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  payload?: unknown;
  /** Bearer token. */
  token?: string;
  /** Local address to connect from (see `randomLoopback`). */
  localAddress?: string;
  /** Abort after this many ms (default 15 000). */
  timeoutMs?: number;
}

/**
 * One HTTP request with node:http (fetch cannot pick the local address). Never keeps the
 * connection alive, so each request is routed on its own.
 * @throws on a network error or timeout (the test decides what that means).
 */
export function request(baseUrl: string, opts: HttpRequest): Promise<HttpResponse> {
  const target = new URL(opts.url, baseUrl);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let body: string | undefined;
  if (opts.payload !== undefined) {
    body = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method: opts.method ?? 'GET',
        headers,
        agent: false,
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${opts.method ?? 'GET'} ${opts.url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs in; resolves to the token. @throws unless 200. */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  localAddress?: string,
): Promise<string> {
  const res = await request(baseUrl, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(localAddress ? { localAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/**
 * Makes a user an admin created with `password` sign in as before issue #15: an admin-set
 * password must be changed at the first sign-in (`debeCambiarPassword`, every other call 403
 * PASSWORD_CHANGE_REQUIRED), so this signs in once and changes it away and back. It ends the
 * user's other sessions (none yet) and mails a `password-changed` notice.
 * @throws unless every step succeeds.
 */
export async function settlePassword(
  baseUrl: string,
  email: string,
  password: string,
  localAddress?: string,
): Promise<void> {
  const token = await signIn(baseUrl, email, password, localAddress);
  const interim = `${password}-interina`;
  for (const [actual, nueva] of [
    [password, interim],
    [interim, password],
  ]) {
    const res = await request(baseUrl, {
      method: 'POST',
      url: '/api/auth/password',
      token,
      payload: { actual, nueva },
      ...(localAddress ? { localAddress } : {}),
    });
    if (res.statusCode !== 204)
      throw new Error(`change password of ${email}: ${res.statusCode} ${res.body}`);
  }
}

/**
 * Switches the seeded `admin` role's second-factor requirement off in the cluster's database
 * (`sqlite:<file>` or a PostgreSQL URL), as an admin may (issue #16). The product seeds it on, so
 * ADMIN would sign in to an enrolment step; these suites test replicas, faults and deployment,
 * and sign in as ADMIN with the password alone. The requirement itself is tested in
 * api/test/mfa-admin-default.test.ts. Call it once the cluster has started (the replicas seed).
 */
export async function relaxAdminMfa(databaseUrl: string): Promise<void> {
  const update = `update roles set mfa_obligatorio = 0 where nombre = 'admin'`;
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SqliteDatabase(databaseUrl.slice('sqlite:'.length), { timeout: 5000 });
    try {
      db.prepare(update).run();
    } finally {
      db.close();
    }
    return;
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(update);
  } finally {
    await c.end();
  }
}

/** A unique e-mail per call. */
export function uniqueEmail(prefix = 'c'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@cluster.test`;
}

/**
 * A TCP relay to `target` that a test can cut: `cut()` stops accepting (new connections are
 * refused) and destroys every open connection, as if the server behind it had gone away;
 * `restore()` accepts again on the same port. The real server is never touched.
 */
export class ToggleProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** `postgres://…` / `redis://…` URL of `url` re-pointed at this relay. */
  rewrite(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Refuse new connections and drop the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Accept again (same port). */
  restore(): Promise<void> {
    return this.start();
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `probe` every 200 ms until it returns true or `timeoutMs` passes.
 * @returns the ms it took. @throws on timeout, with `what` in the message.
 */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 15_000,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    try {
      if (await probe()) return Date.now() - start;
    } catch {
      /* not yet */
    }
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
