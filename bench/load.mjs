// Load benchmark (issue #7, "Load"): a mixed workload against two api replicas on PostgreSQL and
// Redis behind the cluster's proxy (tools/cluster), 200 connections for 60 s with autocannon.
//
//   70 % reads   — GET /api/auth/me 35 %, GET /api/eventos/:id 20 %, GET /api/usuarios/:id 15 %
//   25 % lists   — GET /api/eventos?q= 10 %, GET /api/usuarios?q= 8 %, GET /api/eventos/:id/periodos 7 %
//    5 % writes  — POST /api/eventos 3 %, POST /api/eventos/:id/periodos 2 % (each period in a slot
//                  of its own, so no write can conflict: no 409 noise)
//
// Data: BENCH_LOAD_USERS users (default 5 000) and BENCH_LOAD_EVENTOS events × 5 periods (default
// 5 000) seeded with bench/users-seed.mjs and bench/eventos-seed.mjs into a fresh database that is
// dropped at the end. Tokens: 4 admin sessions and 16 gestor users signed in before the load
// (RATE_LIMIT_LOGIN raised for the run so the sign-ins are not throttled).
// Target: 0 errors and 0 timeouts. Reports req/s, p50/p99, non-2xx by status and the memory
// (VmRSS now, VmHWM peak) of each replica and of the proxy process before and after.
//
//   npm run bench:load -w bench [-- --duration 10 --connections 200]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (server; a database is created)
//   BENCH_REDIS_URL=redis://127.0.0.1:6379
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureApiBuilt } from '../tools/cluster/cluster.mjs';
import { seedEventos } from './eventos-seed.mjs';
import { relaxAdminMfa } from './lib/admin-mfa.mjs';
import { ROOT } from './lib/processes.mjs';
import { machine, writeResults } from './lib/report.mjs';
import { seedUsuarios } from './users-seed.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.BENCH_LOAD_SECONDS ?? '60' },
    connections: { type: 'string', default: process.env.BENCH_LOAD_CONNECTIONS ?? '200' },
    replicas: { type: 'string', default: '2' },
    'no-write': { type: 'boolean', default: false },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const REPLICAS = Number(args.replicas);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 5_000);
const EVENTOS = Number(process.env.BENCH_LOAD_EVENTOS ?? 5_000);
const PERIODOS_POR_EVENTO = 5;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@bench-load.test', password: 'Bench-Load-Clave-2026' };
const GESTORES = 16;
const ADMIN_SESSIONS = 4;
/** Requests slower than this count as timeouts (autocannon's default is 10 s). */
const TIMEOUT_S = 10;

/** The mix, in percent (sums to 100). */
const MIX = [
  ['me', 35],
  ['evento', 20],
  ['usuario', 15],
  ['buscarEventos', 10],
  ['buscarUsuarios', 8],
  ['periodos', 7],
  ['crearEvento', 3],
  ['crearPeriodo', 2],
];
const GROUP = {
  me: 'lecturas',
  evento: 'lecturas',
  usuario: 'lecturas',
  buscarEventos: 'listas',
  buscarUsuarios: 'listas',
  periodos: 'listas',
  crearEvento: 'escrituras',
  crearPeriodo: 'escrituras',
};
const EVENTO_WORDS = ['congreso', 'taller', 'feria', 'málaga', 'jornadas de', 'curso', 'foro 12'];
const USUARIO_WORDS = ['mar', 'jose', 'ana', 'luis', 'carmen', 'garcía', 'lop', 'ejemplo.es'];

/** VmRSS and VmHWM of a process, in MiB (Linux /proc); null when it is gone. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return {
      rssMiB: Math.round(kib('VmRSS') / 102.4) / 10,
      peakMiB: Math.round(kib('VmHWM') / 102.4) / 10,
    };
  } catch {
    return null;
  }
}

/** User + system CPU seconds a process has used so far (Linux /proc/<pid>/stat); null when gone. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** p-th percentile of an ascending array (nearest rank), rounded to 0.1 ms. */
function percentile(sorted, p) {
  if (!sorted.length) return null;
  const v = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return Math.round(v * 10) / 10;
}

/** Starts bench/lib/load-cluster.mjs and waits for its ready line. */
function startClusterProcess(options) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'lib', 'load-cluster.mjs')], {
    cwd: ROOT,
    env: { ...process.env, LOAD_CLUSTER_OPTIONS: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output = (output + d).slice(-10_000)));
  const ready = new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`cluster exited ${code}:\n${output}${buf}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  return { ready, stop };
}

async function api(base, method, url, token, body) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function login(base, email, password) {
  return (await api(base, 'POST', '/api/auth/login', null, { email, password })).token;
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const randInt = (n) => 1 + Math.floor(Math.random() * n);

const dbName = `gestion_bench_load_${randomBytes(3).toString('hex')}`;
const databaseUrl = SERVER_URL.replace(/\/[^/]*$/, `/${dbName}`);

async function dropDatabase() {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(`drop database if exists "${dbName}" with (force)`);
  } finally {
    await c.end();
  }
}

ensureApiBuilt();
const cluster = startClusterProcess({
  databaseUrl,
  redisUrl: REDIS_URL,
  replicas: REPLICAS,
  env: {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    RATE_LIMIT_LOGIN: '100000',
  },
});
const stopAll = async () => {
  await cluster.stop();
  await dropDatabase();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

try {
  const info = await cluster.ready;
  const base = info.url;
  await relaxAdminMfa(databaseUrl);
  const t0 = Date.now();
  await seedUsuarios(databaseUrl, USERS);
  await seedEventos(databaseUrl, EVENTOS, PERIODOS_POR_EVENTO);
  const seedMs = Date.now() - t0;

  // Tokens: admin sessions (usuarios:ver) and gestores (eventos, periodos).
  const adminTokens = [];
  for (let i = 0; i < ADMIN_SESSIONS; i++)
    adminTokens.push(await login(base, ADMIN.email, ADMIN.password));
  const gestorTokens = [];
  for (let i = 0; i < GESTORES; i++) {
    const email = `gestor${i}@bench-load.test`;
    await api(base, 'POST', '/api/usuarios', adminTokens[0], {
      email,
      nombre: `Gestora ${i}`,
      password: ADMIN.password,
      roles: ['gestor'],
    });
    // An admin-set password is changed at the first sign-in (issue #15: every other call is
    // 403 PASSWORD_CHANGE_REQUIRED until then); the session that changes it stays open.
    const token = await login(base, email, ADMIN.password);
    await api(base, 'POST', '/api/auth/password', token, {
      actual: ADMIN.password,
      nueva: `${ADMIN.password}-propia`,
    });
    gestorTokens.push(token);
  }
  const anyTokens = [...adminTokens, ...gestorTokens];
  // Events that receive the written periods: ten years wide, one one-hour slot per write.
  const destinos = [];
  for (let i = 0; i < 4; i++) {
    const e = await api(base, 'POST', '/api/eventos', adminTokens[0], {
      nombre: `Carga ${i}`,
      lugar: 'Banco de pruebas',
      fechaInicio: '2030-01-01T00:00:00Z',
      fechaFin: '2040-01-01T00:00:00Z',
    });
    destinos.push(e.id);
  }
  const SLOT_BASE = Date.UTC(2030, 0, 1);
  let slot = 0;

  const processes = [
    ...info.replicas.map((r, i) => ({ name: `api-${i}`, pid: r.pid })),
    { name: 'proxy', pid: info.proxyPid },
  ];
  const memoryBefore = Object.fromEntries(processes.map((p) => [p.name, memoryOf(p.pid)]));

  const byKind = Object.fromEntries(MIX.map(([k]) => [k, { sent: 0, status: {}, ms: [] }]));
  const cumulative = [];
  let acc = 0;
  for (const [kind, pct] of MIX) cumulative.push([kind, (acc += pct)]);

  /** One request of the mix (autocannon calls it for every request it sends). */
  function setupRequest(req, context) {
    const r = Math.random() * 100;
    const kind = cumulative.find(([, upTo]) => r < upTo)[0];
    context.kind = kind;
    // Sent as soon as it is built (one request in flight per connection): the client-side
    // latency of this kind is measured from here to onResponse.
    context.t0 = performance.now();
    byKind[kind].sent += 1;
    const admin = pick(adminTokens);
    const token = kind === 'usuario' || kind === 'buscarUsuarios' ? admin : pick(anyTokens);
    const headers = { authorization: `Bearer ${token}` };
    switch (kind) {
      case 'me':
        return { method: 'GET', path: '/api/auth/me', headers };
      case 'evento':
        return { method: 'GET', path: `/api/eventos/${randInt(EVENTOS)}`, headers };
      case 'usuario':
        return { method: 'GET', path: `/api/usuarios/${randInt(USERS)}`, headers };
      case 'buscarEventos':
        return {
          method: 'GET',
          path: `/api/eventos?q=${encodeURIComponent(pick(EVENTO_WORDS))}&pageSize=20`,
          headers,
        };
      case 'buscarUsuarios':
        return {
          method: 'GET',
          path: `/api/usuarios?q=${encodeURIComponent(pick(USUARIO_WORDS))}&pageSize=20`,
          headers,
        };
      case 'periodos':
        return { method: 'GET', path: `/api/eventos/${randInt(EVENTOS)}/periodos`, headers };
      case 'crearEvento':
        return {
          method: 'POST',
          path: '/api/eventos',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            nombre: `Evento de carga ${randomBytes(4).toString('hex')}`,
            lugar: 'Sevilla',
            fechaInicio: '2027-05-01T09:00:00Z',
            fechaFin: '2027-05-03T18:00:00Z',
          }),
        };
      default: {
        const k = slot++;
        const start = SLOT_BASE + k * 3_600_000;
        return {
          method: 'POST',
          path: `/api/eventos/${destinos[k % destinos.length]}/periodos`,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            nombre: `Franja ${k}`,
            fechaInicio: new Date(start).toISOString(),
            fechaFin: new Date(start + 3_600_000).toISOString(),
          }),
        };
      }
    }
  }
  /** 5xx answers by who wrote them: an api replica (it sets x-request-id) or the proxy. */
  const serverErrors = {};
  function onResponse(status, body, context, headers) {
    const k = byKind[context.kind];
    k.status[status] = (k.status[status] ?? 0) + 1;
    k.ms.push(performance.now() - context.t0);
    if (status >= 500) {
      const who = headers?.['x-request-id'] ? 'api' : 'proxy';
      const key = `${status} ${who}: ${String(body ?? '').slice(0, 120)}`;
      serverErrors[key] = (serverErrors[key] ?? 0) + 1;
    }
  }

  // A short warm-up (JIT, pools, prepared statements), not measured.
  await autocannon({
    url: base,
    connections: 20,
    duration: 3,
    timeout: TIMEOUT_S,
    requests: [{ setupRequest, onResponse }],
  });
  for (const k of Object.values(byKind)) Object.assign(k, { sent: 0, status: {}, ms: [] });
  for (const key of Object.keys(serverErrors)) delete serverErrors[key];

  // PostgreSQL's backends of this database (the replicas' pooled connections): their CPU tells
  // whether the database or the api did the work.
  const pgPids = async () => {
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    try {
      const { rows } = await c.query('select pid from pg_stat_activity where datname = $1', [
        dbName,
      ]);
      return rows.map((r) => r.pid);
    } finally {
      await c.end();
    }
  };
  const pgCpu = (pids) => new Map(pids.map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
  const pgCpuBefore = pgCpu(await pgPids());
  const loadAvgBefore = os.loadavg();
  const cpuBefore = Object.fromEntries(processes.map((p) => [p.name, cpuSecondsOf(p.pid)]));
  const benchCpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: TIMEOUT_S,
    requests: [{ setupRequest, onResponse }],
  });
  const memoryAfter = Object.fromEntries(processes.map((p) => [p.name, memoryOf(p.pid)]));
  const cpuAfter = Object.fromEntries(processes.map((p) => [p.name, cpuSecondsOf(p.pid)]));
  const benchCpu = process.cpuUsage(benchCpuBefore);
  // Backends opened during the run started from 0 CPU; those closed are lost (pools keep theirs).
  const pgCpuAfter = pgCpu(await pgPids());
  let pgCpuDuring = 0;
  for (const [pid, sec] of pgCpuAfter) pgCpuDuring += sec - (pgCpuBefore.get(pid) ?? 0);
  const kinds = Object.fromEntries(
    Object.entries(byKind).map(([kind, k]) => {
      const sorted = k.ms.sort((a, b) => a - b);
      return [
        kind,
        {
          sent: k.sent,
          status: k.status,
          p50ms: percentile(sorted, 50),
          p99ms: percentile(sorted, 99),
        },
      ];
    }),
  );

  const non2xxByStatus = {};
  for (const k of Object.values(byKind)) {
    for (const [s, n] of Object.entries(k.status)) {
      if (s < 200 || s >= 300) non2xxByStatus[s] = (non2xxByStatus[s] ?? 0) + n;
    }
  }
  const groups = {};
  for (const [kind, k] of Object.entries(byKind)) {
    const g = (groups[GROUP[kind]] ??= { sent: 0 });
    g.sent += k.sent;
  }
  const totalSent = Object.values(groups).reduce((a, g) => a + g.sent, 0);
  for (const g of Object.values(groups)) g.share = Math.round((g.sent / totalSent) * 1000) / 10;

  const out = {
    machine: { ...machine(), loadAvgBefore: loadAvgBefore.map((x) => Math.round(x * 10) / 10) },
    provisional: true,
    setup: {
      replicas: REPLICAS,
      database: 'PostgreSQL',
      redis: true,
      connections: CONNECTIONS,
      durationS: DURATION,
      timeoutS: TIMEOUT_S,
      usuarios: USERS,
      eventos: EVENTOS,
      periodosPorEvento: PERIODOS_POR_EVENTO,
      seedMs,
      tokens: { admin: ADMIN_SESSIONS, gestor: GESTORES },
    },
    result: {
      requests: result.requests.total,
      reqPerSec: Math.round(result.requests.average),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      non2xxByStatus,
      serverErrors,
      targetMet: result.errors === 0 && result.timeouts === 0,
    },
    mix: groups,
    byKind: kinds,
    cpuSeconds: Object.fromEntries([
      ['autocannon', Math.round((benchCpu.user + benchCpu.system) / 1e5) / 10],
      [`postgresql (${pgCpuAfter.size} backends)`, Math.round(pgCpuDuring * 10) / 10],
      ...processes.map((p) => [
        p.name,
        cpuAfter[p.name] === null || cpuBefore[p.name] === null
          ? null
          : Math.round((cpuAfter[p.name] - cpuBefore[p.name]) * 10) / 10,
      ]),
    ]),
    memory: Object.fromEntries(
      processes.map((p) => [p.name, { before: memoryBefore[p.name], after: memoryAfter[p.name] }]),
    ),
  };

  const mem = (m) => (m ? `${m.rssMiB} MiB (peak ${m.peakMiB})` : 'n/a');
  const rows = [
    ['Measure', 'Value'],
    ['Requests', String(out.result.requests)],
    ['Throughput', `${out.result.reqPerSec} req/s`],
    [
      'Latency p50 / p90 / p99 / max',
      `${out.result.latencyMs.p50} / ${out.result.latencyMs.p90} / ${out.result.latencyMs.p99} / ${out.result.latencyMs.max} ms`,
    ],
    ['Errors / timeouts', `${out.result.errors} / ${out.result.timeouts}`],
    ['Non-2xx', `${out.result.non2xx} ${JSON.stringify(non2xxByStatus)}`],
    [
      'Mix (reads / lists / writes)',
      `${groups.lecturas.share} % / ${groups.listas.share} % / ${groups.escrituras.share} %`,
    ],
    ...processes.map((p) => [
      `Memory ${p.name} before → after`,
      `${mem(memoryBefore[p.name])} → ${mem(memoryAfter[p.name])}`,
    ]),
    [
      'CPU seconds during the run',
      Object.entries(out.cpuSeconds)
        .map(([name, sec]) => `${name} ${sec}`)
        .join(', '),
    ],
    ['5xx by origin', JSON.stringify(serverErrors)],
    ...Object.entries(kinds).map(([kind, k]) => [
      `${kind} (${GROUP[kind]}) p50 / p99`,
      `${k.p50ms} / ${k.p99ms} ms, ${k.sent} sent`,
    ]),
  ];
  writeResults(
    'load',
    out,
    `Mixed load: ${REPLICAS} replicas on PostgreSQL + Redis behind the proxy, ${CONNECTIONS} connections, ${DURATION} s`,
    rows,
    [
      `PROVISIONAL: taken while other engineers used the machine (load average ${out.machine.loadAvgBefore.join(', ')} just before the run); the lead re-runs it on a quiet machine.`,
      `Target 0 errors and 0 timeouts (timeout ${TIMEOUT_S} s): ${out.result.targetMet ? 'met' : 'NOT met'}.`,
      `CPU share during the run: ${processes
        .map((p) => `${p.name} ${Math.round(((out.cpuSeconds[p.name] ?? 0) / DURATION) * 100)} %`)
        .join(
          ', ',
        )} of one core — well below 100 % means the machine, not these processes, bounded the throughput.`,
      ...(Object.keys(serverErrors).length
        ? [
            "A 503 written by a replica (SERVICE_UNAVAILABLE) is the database guard of issue #7: a request that waits longer than PG_CONNECT_TIMEOUT_MS (api/src/db/connection.ts) for one of the pool's 10 PostgreSQL connections (the timeout also bounds the wait for a free pooled client) is shed with Retry-After instead of queueing; it appears when the replicas get too little CPU to drain their queue.",
          ]
        : []),
      'Mix: 70 % reads (GET /api/auth/me 35, /api/eventos/:id 20, /api/usuarios/:id 15), 25 % lists and search (/api/eventos?q= 10, /api/usuarios?q= 8, periods of an event 7), 5 % writes (POST /api/eventos 3, POST a period into a slot of its own 2).',
      `Data: ${USERS} users, ${EVENTOS} events × ${PERIODOS_POR_EVENTO} periods (bench/users-seed.mjs, bench/eventos-seed.mjs), fresh database dropped afterwards; ${ADMIN_SESSIONS} admin sessions and ${GESTORES} gestores signed in first.`,
      'Everything on one machine: autocannon in the benchmark process, the proxy (tools/cluster) in a process of its own, two api replicas, PostgreSQL and Redis. Memory: VmRSS at the time and VmHWM (peak) from /proc.',
      'Reproduce: npm run build && npm run bench:load -w bench (-- --duration 10 for a quick run).',
    ],
  );
} finally {
  await stopAll();
}
