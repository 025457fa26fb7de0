/**
 * PostgreSQL unavailable for 5 s under load (issue #7). The replicas reach PostgreSQL through a
 * relay that the test cuts (new connections refused, open ones dropped) — the machine's shared
 * PostgreSQL is never stopped. While it is cut, requests fail fast with 503, a Spanish message
 * and `Retry-After`, `/readyz` says so, no replica dies; when it returns the api recovers by
 * itself.
 */
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import { startCluster, type RunningCluster } from '../../tools/cluster/cluster.cjs';
import {
  ADMIN,
  PG_SERVER,
  REPLICA_ENV,
  ToggleProxy,
  createPgDatabase,
  randomLoopback,
  relaxAdminMfa,
  request,
  signIn,
  sleep,
  waitFor,
  type HttpResponse,
  type TestPgDatabase,
} from './support';

const OUTAGE_MS = 5000;
/** A request during the outage must be answered within this: the relay refuses connections, so
 * the api fails at once (the pool's connect timeout is for servers that do not answer). */
const FAIL_FAST_MS = 3000;

let db: TestPgDatabase;
let relay: ToggleProxy;
let cluster: RunningCluster;
let token: string;

beforeAll(async () => {
  db = await createPgDatabase();
  const pgUrl = new URL(PG_SERVER);
  relay = new ToggleProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
  await relay.start();
  cluster = await startCluster({
    databaseUrl: relay.rewrite(db.url),
    replicas: 2,
    env: REPLICA_ENV,
  });
  await relaxAdminMfa(db.url);
  token = await signIn(cluster.url, ADMIN.email, ADMIN.password, randomLoopback());
});

afterAll(async () => {
  await cluster?.stop();
  await relay?.stop();
  await db?.drop();
});

interface Sample {
  at: number;
  ms: number;
  status: number;
  res?: HttpResponse;
}

it('fails fast with 503 in Spanish while PostgreSQL is away, and recovers by itself', async () => {
  const pids = cluster.replicas.map((r) => r.pid);
  const samples: Sample[] = [];
  let running = true;
  // Load: four clients in a loop, reading the database (list) and the session (me).
  const worker = async (n: number) => {
    for (let i = 0; running; i++) {
      const started = Date.now();
      const url = (n + i) % 2 ? '/api/eventos?pageSize=5' : '/api/auth/me';
      try {
        const res = await request(cluster.url, { url, token });
        samples.push({ at: started, ms: Date.now() - started, status: res.statusCode, res });
      } catch {
        samples.push({ at: started, ms: Date.now() - started, status: 0 });
      }
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(worker));

  await sleep(1000);
  const cutAt = Date.now();
  await relay.cut();
  // /readyz of each replica reports the outage.
  await sleep(500);
  const ready = await Promise.all(cluster.replicas.map((r) => request(r.url, { url: '/readyz' })));
  await sleep(OUTAGE_MS - 500);
  await relay.restore();
  const restoredAt = Date.now();
  const recoveredIn = await waitFor('requests to succeed again', async () => {
    const res = await request(cluster.url, { url: '/api/eventos?pageSize=5', token });
    return res.statusCode === 200;
  });
  await sleep(1000);
  running = false;
  await load;

  for (const r of ready) {
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({
      message: API_MESSAGES.serviceUnavailable,
      code: ERROR_CODES.serviceUnavailable,
    });
  }

  // Answered before the cut / started after it (a slow request may straddle the moment).
  const before = samples.filter((s) => s.at + s.ms < cutAt);
  const during = samples.filter((s) => s.at > cutAt + 100 && s.at + s.ms < restoredAt);
  const after = samples.filter((s) => s.at > restoredAt + recoveredIn + 200);
  expect(before.length).toBeGreaterThan(5);
  expect(before.filter((s) => s.status !== 200).map((s) => `${s.status} ${s.res?.body}`)).toEqual(
    [],
  );

  // During the outage: only 503s with the Spanish body and Retry-After, each answered fast,
  // and many of them (the api did not hang).
  expect(during.length).toBeGreaterThan(10);
  const wrong = during.filter((s) => s.status !== 503);
  expect(wrong.map((s) => `${s.status} ${s.res?.body ?? ''}`)).toEqual([]);
  for (const s of during) {
    expect(s.res!.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: API_MESSAGES.serviceUnavailable,
      code: ERROR_CODES.serviceUnavailable,
    });
    expect(Number(s.res!.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect(Math.max(...during.map((s) => s.ms))).toBeLessThan(FAIL_FAST_MS);

  // After: everything succeeds again, on the same processes (nobody restarted them).
  expect(recoveredIn).toBeLessThan(10_000);
  expect(after.length).toBeGreaterThan(5);
  expect(after.filter((s) => s.status !== 200).map((s) => `${s.status} ${s.res?.body}`)).toEqual(
    [],
  );
  expect(cluster.replicas.map((r) => r.pid)).toEqual(pids);
  for (const r of cluster.replicas) {
    expect((await request(r.url, { url: '/readyz' })).statusCode).toBe(200);
  }
});
