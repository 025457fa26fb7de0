// Issue #17 "Personal API tokens": GET /api/auth/me keeps its benchmark ratio (≥ 0.5 of a bare
// Fastify route) with a personal API token as with a session. Kept apart from auth.mjs (issue
// #2's and #16's cases) so the two can change independently; same method as auth.mjs's /me:
// autocannon, 50 connections, BENCH_SECONDS (default 10) per run, BENCH_ROUNDS (default 3)
// rounds, each round running the bare route, the api with the session and the api with the
// token in a rotating order (so a drift in the machine's load favours none), the median round
// (by the token's ratio) reported, with each server's CPU time per request from Linux /proc.
//
// The token is the seeded admin's, carrying every permission of the catalogue, so its /me body
// lists as many permissions as the session's (the admin's whole catalogue); the bare route
// answers the session's body. Writes bench/results/api-tokens.{json,md}. Needs `npm run build`.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { machine, writeResults } from './lib/report.mjs';
import { startApi, startScript } from './lib/processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const ADMIN = { email: 'bench@bench.test', password: 'Bench-Clave-Segura-2026' };

const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ duration: SECONDS, connections: CONNECTIONS, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });

/** CPU µs (user + system) the process has used; undefined off Linux. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

async function measured(pid, opts) {
  const before = cpuMicros(pid);
  const res = await cannon(opts);
  const after = cpuMicros(pid);
  return {
    requestsPerSecond: res.requests.average,
    p50ms: res.latency.p50,
    p99ms: res.latency.p99,
    non2xx: res.non2xx,
    errors: res.errors,
    total: res.requests.total,
    cpuMicrosPerRequest:
      before === undefined || after === undefined || res.requests.total === 0
        ? null
        : (after - before) / res.requests.total,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));

const api = await startApi({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
let bare;
try {
  const post = async (path, body, token) => {
    const res = await fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const session = (await post('/api/auth/login', ADMIN)).token;
  const permisos = (
    await (
      await fetch(`${api.url}/api/permisos`, { headers: { authorization: `Bearer ${session}` } })
    ).json()
  ).items.map((p) => p.nombre);
  const expiraEn = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const pat = (await post('/api/tokens', { nombre: 'bench', permisos, expiraEn }, session)).token;
  const meOf = async (token) =>
    (
      await fetch(`${api.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
  const sessionMe = await meOf(session);
  const patMe = await meOf(pat);
  bare = await startScript('bare-server.mjs', '/ready', {
    BENCH_USER_JSON: JSON.stringify(sessionMe.user),
  });

  const sides = {
    bare: () => measured(bare.pid, { url: `${bare.url}/me` }),
    session: () =>
      measured(api.pid, {
        url: `${api.url}/api/auth/me`,
        headers: { authorization: `Bearer ${session}` },
      }),
    token: () =>
      measured(api.pid, {
        url: `${api.url}/api/auth/me`,
        headers: { authorization: `Bearer ${pat}` },
      }),
  };
  // Warm-up (JIT, prepared statements, page cache).
  await cannon({ url: `${bare.url}/me`, duration: 2 });
  for (const token of [session, pat])
    await cannon({
      url: `${api.url}/api/auth/me`,
      headers: { authorization: `Bearer ${token}` },
      duration: 2,
    });

  const loadBefore = loadAverage();
  const orders = [
    ['bare', 'session', 'token'],
    ['token', 'bare', 'session'],
    ['session', 'token', 'bare'],
  ];
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = {};
    for (const side of orders[i % orders.length]) r[side] = await sides[side]();
    r.sessionRatio = r.session.requestsPerSecond / r.bare.requestsPerSecond;
    r.tokenRatio = r.token.requestsPerSecond / r.bare.requestsPerSecond;
    rounds.push(r);
  }
  const med = rounds.find((r) => r.tokenRatio === median(rounds.map((x) => x.tokenRatio)));
  const json = {
    machine: machine(),
    seconds: SECONDS,
    connections: CONNECTIONS,
    loadAverage: { before: loadBefore, after: loadAverage() },
    bodyBytes: {
      session: JSON.stringify(sessionMe).length,
      token: JSON.stringify(patMe).length,
    },
    rounds,
    median: med,
    target: { ratio: 0.5, p99ms: 10 },
  };
  const f = (n, d = 0) => (n === null || n === undefined ? '—' : Number(n).toFixed(d));
  const row = (label, side, ratio) => [
    label,
    `${f(med[side].requestsPerSecond)} req/s`,
    `${f(med.bare.requestsPerSecond)} req/s (bare Fastify)`,
    f(ratio, 2),
    '≥ 0.50, p99 ≤ 10 ms',
    f(med[side].p99ms, 1),
    f(med[side].cpuMicrosPerRequest, 1),
    String(med[side].non2xx),
  ];
  writeResults(
    'api-tokens',
    json,
    'Personal API tokens: GET /api/auth/me with a token (SQLite)',
    [
      ['measure', 'api', 'baseline', 'ratio', 'target', 'api p99 (ms)', 'CPU µs/req', 'non-2xx'],
      row(`GET /api/auth/me with a session, ${CONNECTIONS} conn`, 'session', med.sessionRatio),
      row(`GET /api/auth/me with a gdu_pat_ token, ${CONNECTIONS} conn`, 'token', med.tokenRatio),
    ],
    [
      `Median of ${ROUNDS} rounds of ${SECONDS} s runs (by the token's ratio), the three sides in a rotating order; per round, session ratio ${rounds.map((r) => f(r.sessionRatio, 2)).join(', ')}; token ratio ${rounds.map((r) => f(r.tokenRatio, 2)).join(', ')}; token p99 ${rounds.map((r) => f(r.token.p99ms)).join(', ')} ms.`,
      `Server CPU per request (bare / session / token, µs): ${rounds.map((r) => `${f(r.bare.cpuMicrosPerRequest, 1)} / ${f(r.session.cpuMicrosPerRequest, 1)} / ${f(r.token.cpuMicrosPerRequest, 1)}`).join('; ')}. The bare route's CPU is in its own process.`,
      `The token is the seeded admin's carrying the whole catalogue (${permisos.length} permissions), so both /me bodies list every permission (${json.bodyBytes.session} and ${json.bodyBytes.token} bytes); the bare route answers the session's body. The token's last use is written at most every 5 minutes, so no run writes more than once.`,
      "On SQLite the session and token lookups reuse the rows they read until any connection commits (`api/src/db/unchanged-reads.ts`, exactly as fresh as the query); in these runs the only commits are the last-use slides (a session's once a minute, a token's every 5 minutes), so almost every request is served rows read earlier and still current. A workload committing between most requests pays the join each time: /me cost 40–43 µs of server CPU per request that way (same machine, before that change).",
      `Load average (1, 5, 15 min) before: ${loadBefore.join(', ')}; after: ${json.loadAverage.after.join(', ')} on ${json.machine.cpus} CPUs.`,
      ...(loadBefore[0] > json.machine.cpus
        ? [
            '**Provisional**: other work kept the load average above the CPU count when this run started; re-run on a quiet machine.',
          ]
        : []),
      'Reproduce: `npm run build && node bench/api-tokens.mjs` (BENCH_SECONDS, BENCH_ROUNDS to change the duration).',
    ],
  );
} finally {
  await bare?.stop();
  await api.stop();
}
