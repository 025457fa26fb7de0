// Issue #4 benchmark: latency of the user list (GET /api/usuarios) over BENCH_USUARIOS users
// (default 100 000) on SQLite and — when BENCH_DATABASE_URL is set — PostgreSQL: `q` prefix,
// role filter, sort by nombre, page 1 and a deep page. Target p95 ≤ 25 ms at 100 000 (≤ 50 ms
// at 1 000 000). Then the CSV export of every user, reporting the api's peak RSS before and
// after (memory must stay flat: the export streams in batches).
//
// Requests are sequential over one keep-alive connection (latency, not throughput), against the
// built api (`npm run build -w shared -w api`) in its own process, after a warm-up per scenario.
//
//   node bench/users.mjs                                   # SQLite, 100 000
//   BENCH_USUARIOS=1000000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/users.mjs
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { seedUsuarios } from './users-seed.mjs';
import { benchDatabase, measure, REQUESTS, WARMUP } from './lib/latency.mjs';
import { startApi } from './lib/processes.mjs';
import { machine, writeResults } from './lib/report.mjs';

const USUARIOS = Number(process.env.BENCH_USUARIOS ?? 100_000);
const TARGET_P95_MS = USUARIOS > 100_000 ? 50 : 25;
const ADMIN = { email: 'bench@bench.test', password: 'Bench-Clave-Segura-2026' };
const PAGE_SIZE = 25;

const PREFIJOS = ['mar', 'jos', 'gar', 'lop', 'fer', 'san', 'rod', 'gonz', 'ana', 'luc', 'alv'];
const rand = (n) => Math.floor(Math.random() * n);
const lastPage = Math.max(1, Math.ceil(USUARIOS / PAGE_SIZE));

/** Scenario name → a function giving the next request path. */
const SCENARIOS = {
  'q prefijo': () => `/api/usuarios?q=${PREFIJOS[rand(PREFIJOS.length)]}`,
  'filtro rol': () => `/api/usuarios?rol=${['gestor', 'usuario', 'admin'][rand(3)]}`,
  'orden nombre': () => `/api/usuarios?sort=${rand(2) ? '' : '-'}nombre&page=${1 + rand(5)}`,
  'página 1': () => '/api/usuarios',
  'página profunda': () =>
    `/api/usuarios?sort=nombre&page=${lastPage - rand(Math.max(1, Math.floor(lastPage / 5)))}`,
  // Not in the list: the worst page for OFFSET paging. A page in the second half is
  // walked back from the end, so the middle one skips the most entries (informative).
  'página media': () =>
    `/api/usuarios?sort=nombre&page=${Math.floor(lastPage / 2) - rand(Math.max(1, Math.floor(lastPage / 10)))}`,
};

/** Resident and peak resident set of a process, MiB (Linux /proc). */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kb('VmRSS') / 1024), peakMiB: Math.round(kb('VmHWM') / 1024) };
}

async function exportAll(api, headers) {
  const before = rss(api.pid);
  const t0 = performance.now();
  const res = await fetch(`${api.url}/api/usuarios/export`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const after = rss(api.pid);
  return {
    ms: Math.round(performance.now() - t0),
    mib: Math.round(bytes / 2 ** 20),
    filas: lines - 1,
    peakRssAntesMiB: before.peakMiB,
    peakRssDespuesMiB: after.peakMiB,
  };
}

async function runOn(dialect) {
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN: '100000',
  };
  const { env: dbEnv, target, cleanup } = benchDatabase(dialect, 'usuarios');
  Object.assign(env, dbEnv);
  try {
    const first = await startApi(env);
    await first.stop();
    const t0 = Date.now();
    await seedUsuarios(target.url, USUARIOS, { schema: target.schema });
    const seedMs = Date.now() - t0;
    const api = await startApi(env);
    try {
      const login = await fetch(`${api.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status}`);
      const { token } = await login.json();
      const headers = { authorization: `Bearer ${token}` };
      const scenarios = {};
      for (const [name, next] of Object.entries(SCENARIOS)) {
        scenarios[name] = await measure(api.url, headers, next);
        console.error(dialect, name, scenarios[name]);
      }
      const exportacion = await exportAll(api, headers);
      console.error(dialect, 'export', exportacion);
      return { seedMs, scenarios, exportacion };
    } finally {
      await api.stop();
    }
  } finally {
    await cleanup();
  }
}

const dialects = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
const results = {};
// The machine's load (1-minute average) before and after: a shared machine's numbers are
// provisional, and this says how busy it was.
const loadBefore = os.loadavg()[0];
for (const d of dialects) results[d] = await runOn(d);
const loadAfter = os.loadavg()[0];
const PROVISIONAL = process.env.BENCH_PROVISIONAL === '1';

const rows = [
  ['Base de datos', 'Escenario', 'p50 ms', 'p95 ms', 'p99 ms', `p95 ≤ ${TARGET_P95_MS} ms`],
];
for (const [d, r] of Object.entries(results)) {
  for (const [name, s] of Object.entries(r.scenarios)) {
    rows.push([d, name, s.p50ms, s.p95ms, s.p99ms, s.p95ms <= TARGET_P95_MS ? 'sí' : 'NO']);
  }
}
const exports = Object.entries(results).map(
  ([d, r]) =>
    `Exportación CSV en ${d}: ${r.exportacion.filas.toLocaleString('es')} filas, ${r.exportacion.mib} MiB en ${r.exportacion.ms} ms; RSS máximo del api ${r.exportacion.peakRssAntesMiB} MiB antes → ${r.exportacion.peakRssDespuesMiB} MiB después.`,
);
writeResults(
  process.env.BENCH_RESULT_NAME ?? `usuarios-${USUARIOS >= 1_000_000 ? '1m' : '100k'}`,
  {
    machine: machine(),
    usuarios: USUARIOS,
    requests: REQUESTS,
    targetP95ms: TARGET_P95_MS,
    loadAverage: { before: loadBefore, after: loadAfter },
    provisional: PROVISIONAL,
    results,
  },
  `Usuarios: latencia de la lista con ${USUARIOS.toLocaleString('es')} usuarios`,
  rows,
  [
    ...(PROVISIONAL
      ? [
          `**Provisional**: medido en una máquina compartida y ocupada (carga media ${loadBefore.toFixed(1)} antes, ${loadAfter.toFixed(1)} después, con ${os.cpus().length} núcleos); el responsable lo repite en una máquina tranquila.`,
        ]
      : []),
    `${REQUESTS} peticiones secuenciales por escenario tras ${WARMUP} de calentamiento, una conexión keep-alive, api compilada en su propio proceso.`,
    '«página media» no está en la lista del issue: es la página que más entradas salta (las de la segunda mitad se recorren desde el final).',
    '`total` con `q` o `activo` se cuenta hasta 2000 (TOTAL_MAX, ver api/src/routes/api/usuarios/README.md); sin filtro y con solo `rol` es exacto (contadores mantenidos por triggers).',
    'Cada petición varía sus parámetros (prefijos, roles, páginas).',
    ...exports,
  ],
);
console.log(JSON.stringify(results));
