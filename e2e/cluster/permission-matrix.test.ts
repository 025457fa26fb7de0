/**
 * The permission matrix of every endpoint against the clustered setup (issue #7): the same
 * tables the api suites run in-process (api/test/permission-tables/), here over real HTTP
 * through the proxy to two replicas on PostgreSQL and Redis, so consecutive requests of one
 * caller land on different replicas. A table or row added there runs here too.
 */
import type { InjectOptions } from 'fastify';
import { startCluster, type RunningCluster } from '../../tools/cluster/cluster.cjs';
import {
  CALLERS,
  PERMISSION_TABLES,
  type Caller,
  type InjectResponse,
  type Injector,
} from '../../api/test/permission-tables/index';
import {
  ADMIN,
  PASSWORD,
  REDIS_URL,
  REPLICA_ENV,
  createPgDatabase,
  randomLoopback,
  relaxAdminMfa,
  request,
  settlePassword,
  signIn,
  uniqueEmail,
  type TestPgDatabase,
} from './support';

let db: TestPgDatabase;
let cluster: RunningCluster;
const tokens: Partial<Record<Caller, string>> = {};
/** This file's client address (its own per-IP counters). */
const ip = randomLoopback();

/** Fastify's `inject` shape over HTTP to the cluster's proxy. */
const http: Injector = {
  inject: (opts: InjectOptions): Promise<InjectResponse> => {
    if (typeof opts.url !== 'string') throw new Error('the tables give URLs as strings');
    return request(cluster.url, {
      method: opts.method ?? 'GET',
      url: opts.url,
      headers: (opts.headers ?? {}) as Record<string, string>,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
      localAddress: ip,
    });
  },
};

beforeAll(async () => {
  db = await createPgDatabase();
  cluster = await startCluster({
    databaseUrl: db.url,
    redisUrl: REDIS_URL,
    replicas: 2,
    env: REPLICA_ENV,
  });
  await relaxAdminMfa(db.url);
  tokens.admin = await signIn(cluster.url, ADMIN.email, ADMIN.password, ip);
  for (const role of ['gestor', 'usuario'] as const) {
    const email = uniqueEmail(role);
    const res = await request(cluster.url, {
      method: 'POST',
      url: '/api/usuarios',
      token: tokens.admin,
      payload: { email, nombre: `Persona ${role}`, password: PASSWORD, roles: [role] },
      localAddress: ip,
    });
    if (res.statusCode !== 201) throw new Error(`create ${role}: ${res.statusCode} ${res.body}`);
    // An admin-set password is changed at the first sign-in (issue #15).
    await settlePassword(cluster.url, email, PASSWORD, ip);
    tokens[role] = await signIn(cluster.url, email, PASSWORD, ip);
  }
});

afterAll(async () => {
  await cluster?.stop();
  await db?.drop();
});

describe.each(PERMISSION_TABLES.map((t) => [t.name, t] as const))('%s', (_name, table) => {
  let ctx: unknown;
  beforeAll(async () => {
    ctx = await table.setup(http, tokens.admin!);
  });

  // Denied callers first (CALLERS ends with the admin), as in the in-process drivers.
  const cases = CALLERS.flatMap((caller) =>
    table.rows.map((row) => ({
      caller,
      row,
      expected: caller === 'anonimo' ? 401 : row.expected[caller],
    })),
  );

  it.each(cases)('$row.name as $caller → $expected', async ({ caller, row, expected }) => {
    const opts = await row.request(ctx);
    const token = tokens[caller];
    const res = await http.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    expect({ status: res.statusCode, body: res.statusCode === expected ? '' : res.body }).toEqual({
      status: expected,
      body: '',
    });
  });
});
