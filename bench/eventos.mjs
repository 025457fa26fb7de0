// Issue #5 benchmark: latency of the event list (first page, search, state filter, date range,
// deep page) and of one event's periods over BENCH_EVENTOS events (default 100 000) with
// BENCH_PERIODOS_POR_EVENTO periods each (default 10 → 1 000 000), on SQLite and — when
// BENCH_DATABASE_URL is set — PostgreSQL. Target: p95 ≤ 25 ms for every scenario.
//
// Requests are sequential over one keep-alive connection (latency, not throughput), against the
// built api (`npm run build -w shared -w api`) in its own process, after a warm-up per scenario.
// Parameters vary per request (search words, pages, event ids) so no single row stays hot.
import os from 'node:os';
import { seedEventos } from './eventos-seed.mjs';
import { benchDatabase, measure, REQUESTS, WARMUP } from './lib/latency.mjs';
import { startApi } from './lib/processes.mjs';
import { machine, writeResults } from './lib/report.mjs';

const EVENTOS = Number(process.env.BENCH_EVENTOS ?? 100_000);
const POR_EVENTO = Number(process.env.BENCH_PERIODOS_POR_EVENTO ?? 10);
const TARGET_P95_MS = 25;
const ADMIN = { email: 'bench@bench.test', password: 'Bench-Clave-Segura-2026' };

const SEARCH_WORDS = [
  'malaga',
  'cordoba',
  'leon',
  'avila',
  'congreso',
  'taller de',
  'robotica',
  'jornadas de salud',
  'merida',
  'feria',
  'palmas',
  'burgos',
];
const rand = (n) => Math.floor(Math.random() * n);
const lastPage = Math.max(1, Math.ceil(EVENTOS / 20));

/** Scenario name → a function giving the next request path. */
const SCENARIOS = {
  'lista: primera página': () => '/api/eventos?pageSize=20',
  'lista: búsqueda q': () =>
    `/api/eventos?q=${encodeURIComponent(SEARCH_WORDS[rand(SEARCH_WORDS.length)])}`,
  'lista: filtro estado': () =>
    `/api/eventos?estado=${['cancelado', 'borrador', 'finalizado'][rand(3)]}&sort=-fechaInicio`,
  'lista: rango de fechas': () => {
    const y = 2020 + rand(Math.max(1, Math.floor((EVENTOS * 6) / 8760)));
    return `/api/eventos?desde=${y}-03-01&hasta=${y}-03-31`;
  },
  'lista: búsqueda + estado': () =>
    `/api/eventos?q=${SEARCH_WORDS[rand(5)]}&estado=publicado&sort=nombre`,
  'lista: página profunda': () =>
    `/api/eventos?pageSize=20&page=${lastPage - rand(Math.max(1, Math.floor(lastPage / 5)))}`,
  'periodos de un evento': () => `/api/eventos/${1 + rand(EVENTOS)}/periodos`,
};

async function runOn(dialect) {
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN: '100000',
  };
  const { env: dbEnv, target, cleanup } = benchDatabase(dialect, 'eventos');
  Object.assign(env, dbEnv);
  try {
    // First start migrates (and seeds the admin); then the data goes in with the api stopped.
    const first = await startApi(env);
    await first.stop();
    const t0 = Date.now();
    await seedEventos(target.url, EVENTOS, POR_EVENTO, { schema: target.schema });
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
      return { seedMs, scenarios };
    } finally {
      await api.stop();
    }
  } finally {
    await cleanup();
  }
}

const loadBefore = os.loadavg()[0];
const dialects = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
const results = {};
for (const d of dialects) results[d] = await runOn(d);

const rows = [
  ['Base de datos', 'Escenario', 'p50 ms', 'p95 ms', 'p99 ms', `p95 ≤ ${TARGET_P95_MS} ms`],
];
for (const [d, r] of Object.entries(results)) {
  for (const [name, s] of Object.entries(r.scenarios)) {
    rows.push([d, name, s.p50ms, s.p95ms, s.p99ms, s.p95ms <= TARGET_P95_MS ? 'sí' : 'NO']);
  }
}
writeResults(
  process.env.BENCH_RESULT_NAME ?? 'eventos',
  {
    machine: machine(),
    eventos: EVENTOS,
    periodosPorEvento: POR_EVENTO,
    requests: REQUESTS,
    targetP95ms: TARGET_P95_MS,
    results,
  },
  `Eventos: latencia con ${EVENTOS.toLocaleString('es')} eventos y ${(EVENTOS * POR_EVENTO).toLocaleString('es')} periodos`,
  rows,
  [
    `${REQUESTS} peticiones secuenciales por escenario tras ${WARMUP} de calentamiento, una conexión keep-alive, api compilada en su propio proceso.`,
    'Cada petición varía sus parámetros (palabras, páginas, ids de evento).',
    `Carga media de la máquina (1 min) al empezar ${loadBefore.toFixed(1)} y al terminar ${os.loadavg()[0].toFixed(1)} con ${os.cpus().length} núcleos: las colas p95/p99 incluyen la espera por CPU de otros procesos.`,
  ],
);
console.log(JSON.stringify(results));
