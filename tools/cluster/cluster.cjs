/**
 * The scaled-out topology of DESIGN.md §2 without containers (issue #7): N api processes on one
 * database (PostgreSQL, or SQLite for single-replica fault tests) and one Redis, behind a small
 * round-robin HTTP proxy on 127.0.0.1 — the same shape docker-compose.yml deploys with nginx.
 *
 * Used by `npm run start:cluster` (tools/cluster/start-cluster.mjs), by the cluster and fault
 * tests (e2e/cluster/) and by the load benchmarks. The api runs from its build
 * (`node api/dist/server.js`, like `npm run serve`), so the replicas also serve the built
 * frontends; a missing api build is built first.
 *
 * The proxy behaves like nginx's defaults: it buffers each request body (≤ 16 MiB), sets
 * `X-Forwarded-For`/`-Proto`/`-Host` (the replicas get `TRUST_PROXY=127.0.0.1` so per-IP limits
 * and the audit see the client's address), and when a replica refuses the connection it marks
 * it down and sends the request to the next one — so killing a replica loses only the requests
 * it was serving. A background check (`GET /healthz` every 500 ms) brings it back.
 *
 * CommonJS so Jest suites can require it as is; `cluster.mjs` re-exports it for ES modules and
 * `cluster.d.ts` types it.
 */
const { spawn, spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const http = require('node:http');
const { createServer: createNetServer } = require('node:net');
const path = require('node:path');
const { Readable } = require('node:stream');
const { createProxyServer } = require('http-proxy-3');
const pg = require('pg');

/** Repository root (tools/cluster is two levels below it). */
const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = path.join(ROOT, 'api', 'dist', 'server.js');
/** Largest request body the proxy buffers (CSV imports are the big ones). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const HEALTH_INTERVAL_MS = 500;
/** Kept short: the tests read the tail of a replica's output when something goes wrong. */
const LOG_TAIL_CHARS = 20_000;
/** Spanish body of a proxy-level failure, in the api's error shape (DESIGN.md §3). */
const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Servicio no disponible temporalmente',
  code: 'SERVICE_UNAVAILABLE',
};
const BAD_GATEWAY = {
  statusCode: 502,
  error: 'Bad Gateway',
  message: 'Servicio no disponible temporalmente',
  code: 'SERVICE_UNAVAILABLE',
};

/** Resolves a free TCP port on 127.0.0.1 (closed again before it resolves). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * Builds shared and the api when `api/dist/server.js` is missing (the frontends are optional:
 * the replicas skip missing builds).
 * @throws Error when the build fails.
 */
function ensureApiBuilt() {
  if (existsSync(SERVER)) return;
  console.error('tools/cluster: api/dist is missing; building shared and the api first…');
  const res = spawnSync('npm', ['run', 'build', '-w', 'shared', '-w', 'api'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0 || !existsSync(SERVER)) {
    throw new Error('tools/cluster: building the api failed; run `npm run build` and retry');
  }
}

/**
 * Creates the PostgreSQL database named in `url` when it does not exist (connecting to the
 * server's `postgres` database to do so). A no-op for other URLs.
 * @param {string} url a `postgres://` URL
 */
async function ensurePostgresDatabase(url) {
  if (!/^postgres(ql)?:\/\//.test(url)) return;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database "${name.replace(/"/g, '""')}"`);
      } catch (err) {
        // Another launcher created it at the same moment.
        if (err?.code !== '42P04' && err?.code !== '23505') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

/** Waits until `GET url/readyz` answers 200, the child exits, or `timeoutMs` passes. */
async function waitReady(url, child, tail, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `api replica exited early (${child.exitCode ?? child.signalCode}):\n${tail()}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline)
      throw new Error(`api replica at ${url} did not become ready:\n${tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One api process. `start()` may be called again after it died (same port, same env).
 */
class Replica {
  constructor(index, port, env, echo) {
    this.index = index;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.echo = echo;
    this.child = null;
    this.output = '';
    /** Whether the proxy may route to it (cleared on a refused connection, set by the check). */
    this.healthy = false;
  }

  get pid() {
    return this.child?.pid;
  }

  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start() {
    const child = spawn(process.execPath, [SERVER], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const take = (chunk) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-LOG_TAIL_CHARS);
      if (this.echo) {
        for (const line of text.split('\n').filter(Boolean)) {
          process.stdout.write(`[api-${this.index}] ${line}\n`);
        }
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    await waitReady(this.url, child, () => this.output);
    this.healthy = true;
  }

  /** Sends `signal` and resolves when the process has exited. */
  async kill(signal = 'SIGKILL', graceMs = 10_000) {
    const child = this.child;
    this.healthy = false;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * @typedef {object} ClusterOptions
 * @property {string} databaseUrl `postgres://…` (created when missing) or `sqlite:<path>`
 * @property {string} [redisUrl] `redis://…`; unset or empty: in-memory counters per replica
 * @property {number} [replicas] number of api processes (default 2)
 * @property {number} [port] proxy port (default 0: a free one)
 * @property {string} [host] proxy interface (default 127.0.0.1)
 * @property {Record<string, string>} [env] extra environment of every replica (wins over
 *   everything else, so `TRUST_PROXY` or `LOG_LEVEL` can be overridden)
 * @property {boolean} [echo] print the replicas' output prefixed with `[api-N]` (CLI)
 *
 * @typedef {object} RunningCluster
 * @property {string} url the proxy, e.g. `http://127.0.0.1:41234`
 * @property {{ pid: number | undefined, url: string, port: number }[]} replicas live views
 *   (`pid` changes after a restart)
 * @property {() => Promise<void>} stop SIGTERM every replica (SIGKILL after 10 s), close the proxy
 * @property {(i: number, signal?: NodeJS.Signals) => Promise<void>} killReplica send a signal
 *   (default SIGKILL) and wait for the exit
 * @property {(i: number) => Promise<void>} restartReplica start replica `i` again on its port
 *   (stopping it first if it runs) and wait for `/readyz`
 * @property {(i: number) => string} logs the tail of replica `i`'s output
 */

/**
 * Starts the replicas (the first alone, so it migrates and seeds before the others arrive),
 * then the proxy.
 * @param {ClusterOptions} options
 * @returns {Promise<RunningCluster>}
 * @throws when the api cannot be built, the database cannot be created, or a replica does not
 *   become ready within 30 s (its output is in the message); nothing is left running then.
 */
async function startCluster({
  databaseUrl,
  redisUrl,
  replicas = 2,
  port = 0,
  host = '127.0.0.1',
  env = {},
  echo = false,
}) {
  if (!databaseUrl) throw new Error('startCluster: databaseUrl is required');
  if (!Number.isInteger(replicas) || replicas < 1)
    throw new Error('startCluster: replicas must be ≥ 1');
  ensureApiBuilt();
  await ensurePostgresDatabase(databaseUrl);

  const baseEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // Only the proxy's X-Forwarded-For is believed (it connects from 127.0.0.1).
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...env,
  };
  if (redisUrl) baseEnv.REDIS_URL = redisUrl;
  else delete baseEnv.REDIS_URL;
  delete baseEnv.PORT;

  const nodes = [];
  for (let i = 0; i < replicas; i++) nodes.push(new Replica(i, await freePort(), baseEnv, echo));
  const stopAll = () => Promise.all(nodes.map((n) => n.kill('SIGTERM')));
  try {
    await nodes[0].start();
    await Promise.all(nodes.slice(1).map((n) => n.start()));
  } catch (err) {
    await stopAll();
    throw err;
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 120_000 });
  let next = 0;
  /** Round robin over the replicas believed healthy, skipping `tried`. */
  const pick = (tried) => {
    for (let k = 0; k < nodes.length; k++) {
      const n = nodes[(next + k) % nodes.length];
      if (n.healthy && !tried.has(n)) {
        next = (nodes.indexOf(n) + 1) % nodes.length;
        return n;
      }
    }
    return undefined;
  };
  const fail = (res, status, body) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '1',
    });
    res.end(JSON.stringify(body));
  };
  const forward = (req, res, body, tried) => {
    const node = pick(tried);
    if (!node) return fail(res, 503, UNAVAILABLE);
    tried.add(node);
    proxy.web(req, res, { target: node.url, buffer: Readable.from([body]) }, (err) => {
      // Refused before anything was sent: the replica is gone, try the next one
      // (nginx's proxy_next_upstream error). Anything else was in flight: 502.
      if (err?.code === 'ECONNREFUSED') {
        node.healthy = false;
        return forward(req, res, body, tried);
      }
      fail(res, 502, BAD_GATEWAY);
    });
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        fail(res, 413, {
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'El contenido enviado es demasiado grande',
          code: 'PAYLOAD_TOO_LARGE',
        });
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 65_000;

  const check = setInterval(() => {
    for (const n of nodes) {
      if (!n.running) {
        n.healthy = false;
        continue;
      }
      fetch(`${n.url}/healthz`, { signal: AbortSignal.timeout(1000) })
        .then((r) => {
          n.healthy = r.ok;
        })
        .catch(() => {
          n.healthy = false;
        });
    }
  }, HEALTH_INTERVAL_MS);
  check.unref();

  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (err) {
    clearInterval(check);
    await stopAll();
    throw err;
  }
  const addr = server.address();
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${typeof addr === 'object' && addr ? addr.port : port}`;

  const at = (i) => {
    const n = nodes[i];
    if (!n) throw new Error(`startCluster: no replica ${i}`);
    return n;
  };
  let stopped = false;
  return {
    url,
    replicas: nodes.map((n) => ({
      get pid() {
        return n.pid;
      },
      url: n.url,
      port: n.port,
    })),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(check);
      await stopAll();
      server.closeAllConnections();
      await new Promise((r) => server.close(() => r()));
      agent.destroy();
      proxy.close();
    },
    killReplica: (i, signal = 'SIGKILL') => at(i).kill(signal),
    async restartReplica(i) {
      const n = at(i);
      if (n.running) await n.kill('SIGTERM');
      await n.start();
    },
    logs: (i) => at(i).output,
  };
}

module.exports = { ROOT, startCluster, freePort, ensureApiBuilt, ensurePostgresDatabase };
