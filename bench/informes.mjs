// Issue #6 benchmark: the filter builder and the reports over 100 000 events, 1 000 000 periods
// (10 per event) and 1 000 000 users (+ BENCH_AUDITORIA audit rows for `actividad`), on SQLite
// and — when BENCH_DATABASE_URL is set — PostgreSQL:
//
// - p50/p95 of POST /api/filtrado for typical filters (state, name prefix, date ranges, role);
// - p50/p95 of GET /api/informes/:id/resultado for every report type (target p95 ≤ 200 ms);
// - the CSV export (`resultado.csv`) of a `listado` of all 1 000 000 periods, with the api's
//   peak RSS before and after (memory must stay flat: the export streams keyset batches).
//
// Requests are sequential over one keep-alive connection (latency, not throughput), against the
// built api (`npm run build -w shared -w api`) in its own process, after a warm-up per scenario.
// Each run seeds throwaway databases (bench/tmp, or a random PostgreSQL schema) and deletes them.
//
//   nice node bench/informes.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test nice node bench/informes.mjs
//   BENCH_WAIT_FILE=/tmp/go …   seed now, measure once /tmp/go exists (a quiet machine)
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { seedEventos } from './eventos-seed.mjs';
import { seedUsuarios } from './users-seed.mjs';
import { benchDatabase } from './lib/latency.mjs';
import { ROOT, startApi } from './lib/processes.mjs';
import { machine, writeResults } from './lib/report.mjs';

const EVENTOS = Number(process.env.BENCH_EVENTOS ?? 100_000);
const PERIODOS_POR_EVENTO = Number(process.env.BENCH_PERIODOS_POR_EVENTO ?? 10);
const USUARIOS = Number(process.env.BENCH_USUARIOS ?? 1_000_000);
const AUDITORIA = Number(process.env.BENCH_AUDITORIA ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const ONLY = process.env.BENCH_DIALECTS?.split(',');
const TARGET_P95_MS = 200;
const ADMIN = { email: 'bench@bench.test', password: 'Bench-Clave-Segura-2026' };

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** As bench/eventos-seed.mjs: event i starts at BASE + 6 h · i. */
const EVENTOS_BASE = Date.UTC(2020, 0, 1, 9);
const rand = (n) => Math.floor(Math.random() * n);
const pick = (xs) => xs[rand(xs.length)];
const iso = (ms) => new Date(ms).toISOString();
const f = (campo, operador, valor) => ({ campo, operador, valor });

/** An instant inside the seeded events' span. */
const eventoInstant = () => EVENTOS_BASE + rand(EVENTOS) * 6 * HOUR;

/** Scenario name → the next POST /api/filtrado body. */
const FILTRADO = {
  'eventos: estado en, orden -fechaInicio': () => ({
    entidad: 'eventos',
    filtros: [f('estado', 'en', pick([['publicado'], ['borrador', 'cancelado'], ['finalizado']]))],
    sort: '-fechaInicio',
  }),
  'eventos: nombre empieza': () => ({
    entidad: 'eventos',
    filtros: [f('nombre', 'empieza', pick(['congreso', 'taller', 'feria', 'curso', 'foro']))],
    sort: 'nombre',
  }),
  'eventos: fechaInicio entre (1 mes) y estado': () => {
    const t = eventoInstant();
    return {
      entidad: 'eventos',
      filtros: [
        f('fechaInicio', 'entre', [iso(t), iso(t + 30 * DAY)]),
        f('estado', 'eq', 'publicado'),
      ],
      sort: 'fechaInicio',
    };
  },
  'periodos: eventoId eq': () => ({
    entidad: 'periodos',
    filtros: [f('eventoId', 'eq', 1 + rand(EVENTOS))],
    sort: 'fechaInicio',
  }),
  'periodos: fechaInicio entre (1 semana)': () => {
    const t = eventoInstant();
    return {
      entidad: 'periodos',
      filtros: [f('fechaInicio', 'entre', [iso(t), iso(t + 7 * DAY)])],
      sort: '-fechaInicio',
    };
  },
  'usuarios: nombre empieza': () => ({
    entidad: 'usuarios',
    filtros: [f('nombre', 'empieza', pick(['mar', 'jos', 'ana', 'luc', 'alv', 'car']))],
    sort: 'nombre',
  }),
  'usuarios: rol eq y activo': () => ({
    entidad: 'usuarios',
    filtros: [f('rol', 'eq', pick(['gestor', 'usuario', 'admin'])), f('activo', 'eq', true)],
  }),
  'usuarios: rol eq (solo)': () => ({
    entidad: 'usuarios',
    filtros: [f('rol', 'eq', pick(['gestor', 'usuario', 'admin']))],
    sort: '-creadoEn',
  }),
  'usuarios: creadoEn entre (1 mes)': () => {
    const t = Date.UTC(2022, 0, 1) + rand(900) * DAY;
    return {
      entidad: 'usuarios',
      filtros: [f('creadoEn', 'entre', [iso(t), iso(t + 30 * DAY)])],
      sort: '-creadoEn',
    };
  },
  'usuarios: email contiene': () => ({
    entidad: 'usuarios',
    filtros: [f('email', 'contiene', pick(['garcia', 'lopez', 'martin', 'ruiz']))],
  }),
};

/** The saved reports whose result page is measured: one per type, plus filtered variants. */
const INFORMES = {
  'listado eventos (estado)': {
    tipo: 'listado',
    filtros: {
      entidad: 'eventos',
      filtros: [f('estado', 'eq', 'publicado')],
      sort: '-fechaInicio',
    },
  },
  'listado periodos (todos)': {
    tipo: 'listado',
    filtros: { entidad: 'periodos', filtros: [f('id', 'gte', 1)] },
  },
  'listado usuarios (activos)': {
    tipo: 'listado',
    filtros: { entidad: 'usuarios', filtros: [f('activo', 'eq', true)], sort: 'nombre' },
  },
  'eventos-por-estado': { tipo: 'eventos-por-estado' },
  'eventos-por-estado (2021)': {
    tipo: 'eventos-por-estado',
    filtros: {
      entidad: 'eventos',
      filtros: [f('fechaInicio', 'entre', ['2021-01-01T00:00:00Z', '2021-12-31T23:59:59Z'])],
    },
  },
  'eventos-por-mes': { tipo: 'eventos-por-mes' },
  'periodos-por-evento': { tipo: 'periodos-por-evento' },
  'periodos-por-evento (1 mes)': {
    tipo: 'periodos-por-evento',
    filtros: {
      entidad: 'periodos',
      filtros: [f('fechaInicio', 'entre', ['2022-03-01T00:00:00Z', '2022-03-31T23:59:59Z'])],
    },
  },
  'usuarios-por-rol': { tipo: 'usuarios-por-rol' },
  'usuarios-por-rol (activos)': {
    tipo: 'usuarios-por-rol',
    filtros: { entidad: 'usuarios', filtros: [f('activo', 'eq', true)] },
  },
  actividad: { tipo: 'actividad' },
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** WARMUP then REQUESTS sequential calls of `call()` (which must resolve a 200 Response). */
async function sample(call) {
  const run = async () => {
    const t0 = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) await run();
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await run());
  times.sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return {
    p50ms: r(percentile(times, 50)),
    p95ms: r(percentile(times, 95)),
    p99ms: r(percentile(times, 99)),
    maxms: r(times.at(-1)),
  };
}

/** Resident and peak resident set of a process, MiB (Linux /proc). */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kb('VmRSS') / 1024), peakMiB: Math.round(kb('VmHWM') / 1024) };
}

/** Audit rows for `actividad`: AUDITORIA rows spread over the last two years, a few actions. */
async function seedAuditoria(target) {
  const now = Date.UTC(2026, 0, 1);
  const row = (i) => [
    ['auth.login', 'auth.login', 'eventos.crear', 'usuarios.editar', 'informes.ejecutar'][i % 5],
    now - Math.floor((i / AUDITORIA) * 730 * DAY),
  ];
  if (target.url.startsWith('sqlite:')) {
    const db = new SqliteDatabase(target.url.slice('sqlite:'.length));
    db.pragma('synchronous = OFF');
    const ins = db.prepare(`insert into auditoria (actor_id, actor_email, accion, objetivo_tipo,
      objetivo_id, cambios, ip, creado_en) values (null, 'bench@bench.test', ?, null, null, null,
      '127.0.0.1', ?)`);
    db.transaction(() => {
      for (let i = 0; i < AUDITORIA; i++) ins.run(...row(i));
    })();
    db.exec('analyze');
    db.close();
    return;
  }
  const client = new pg.Client({
    connectionString: target.url,
    options: `-c search_path=${target.schema}`,
  });
  await client.connect();
  try {
    for (let from = 0; from < AUDITORIA; from += 10_000) {
      const acc = [];
      const t = [];
      for (let i = from; i < Math.min(AUDITORIA, from + 10_000); i++) {
        const [a, c] = row(i);
        acc.push(a);
        t.push(c);
      }
      await client.query(
        `insert into auditoria (actor_email, accion, ip, creado_en)
         select 'bench@bench.test', a, '127.0.0.1', t from unnest($1::text[], $2::bigint[]) x(a, t)`,
        [acc, t],
      );
    }
    await client.query('vacuum analyze auditoria');
    // The seeders analyse their own tables; the api's other tables get fresh statistics too.
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** The CSV of a report, streamed and counted; the api's peak RSS before and after. */
async function exportCsv(api, headers, id) {
  const before = rss(api.pid);
  const t0 = performance.now();
  const res = await fetch(`${api.url}/api/informes/${id}/resultado.csv`, { headers });
  if (res.status !== 200) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
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
    rssAntesMiB: before.rssMiB,
    peakRssAntesMiB: before.peakMiB,
    peakRssDespuesMiB: after.peakMiB,
  };
}

/**
 * With BENCH_WAIT_FILE set, waits after seeding until that file exists: seeding (minutes, and
 * indifferent to the machine's load) can run beside other work, the measuring only once the
 * machine is quiet (`touch` the file then).
 */
async function waitForGo(dialect) {
  const file = process.env.BENCH_WAIT_FILE;
  if (!file) return;
  console.error(dialect, 'seeded; waiting for', file);
  while (!existsSync(file)) await new Promise((r) => setTimeout(r, 2000));
}

async function runOn(dialect) {
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN: '100000',
  };
  const { env: dbEnv, target, cleanup } = benchDatabase(dialect, 'informes');
  Object.assign(env, dbEnv);
  try {
    const first = await startApi(env); // migrates and seeds the roles and the admin
    await first.stop();
    const t0 = Date.now();
    await seedEventos(target.url, EVENTOS, PERIODOS_POR_EVENTO, { schema: target.schema });
    console.error(dialect, 'eventos + periodos seeded', Date.now() - t0, 'ms');
    await seedUsuarios(target.url, USUARIOS, { schema: target.schema });
    console.error(dialect, 'usuarios seeded', Date.now() - t0, 'ms');
    await seedAuditoria(target);
    const seedMs = Date.now() - t0;
    console.error(dialect, 'seeded in', seedMs, 'ms');
    await waitForGo(dialect);
    // Latencies depend on the machine's load; the report says what it was when measuring began.
    const cargaAlMedir = Number(os.loadavg()[0].toFixed(2));
    console.error(dialect, 'carga', cargaAlMedir);

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
      const json = { ...headers, 'content-type': 'application/json' };

      const filtrado = {};
      for (const [name, body] of Object.entries(FILTRADO)) {
        filtrado[name] = await sample(() =>
          fetch(`${api.url}/api/filtrado`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify(body()),
          }),
        );
        console.error(dialect, 'filtrado', name, filtrado[name]);
      }

      const informes = {};
      const ids = {};
      for (const [name, def] of Object.entries(INFORMES)) {
        const res = await fetch(`${api.url}/api/informes`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ nombre: name, ...def }),
        });
        if (res.status !== 201)
          throw new Error(`create ${name}: ${res.status} ${await res.text()}`);
        ids[name] = (await res.json()).id;
        informes[name] = await sample(() =>
          fetch(`${api.url}/api/informes/${ids[name]}/resultado`, { headers }),
        );
        console.error(dialect, 'informe', name, informes[name]);
      }

      const exportacion = await exportCsv(api, headers, ids['listado periodos (todos)']);
      console.error(dialect, 'export', exportacion);
      return { seedMs, cargaAlMedir, filtrado, informes, exportacion };
    } finally {
      await api.stop();
    }
  } finally {
    await cleanup();
  }
}

const dialects = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])].filter(
  (d) => !ONLY || ONLY.includes(d),
);
/**
 * The results a run printed on stderr (`BENCH_FROM_LOG=<file>`): what a run stopped after its
 * first dialect had measured (to leave the machine to another run) still reports.
 */
function fromLog(file) {
  const text = readFileSync(file, 'utf8');
  const obj = (inspected) => JSON.parse(inspected.replace(/([{,]\s*)(\w+):/g, '$1"$2":'));
  const out = {};
  const of = (d) => (out[d] ??= { filtrado: {}, informes: {} });
  for (const m of text.matchAll(/^(sqlite|postgres) (filtrado|informe) (.+?) (\{[^}]*\})$/gm)) {
    of(m[1])[m[2] === 'filtrado' ? 'filtrado' : 'informes'][m[3]] = obj(m[4]);
  }
  for (const m of text.matchAll(/^(sqlite|postgres) seeded in (\d+) ms$/gm))
    of(m[1]).seedMs = +m[2];
  for (const m of text.matchAll(/^(sqlite|postgres) carga ([\d.]+)$/gm))
    of(m[1]).cargaAlMedir = +m[2];
  for (const m of text.matchAll(/^(sqlite|postgres) export (\{[^}]*\})$/gm)) {
    of(m[1]).exportacion = obj(m[2]);
  }
  return out;
}

const results = process.env.BENCH_FROM_LOG ? fromLog(process.env.BENCH_FROM_LOG) : {};
if (!process.env.BENCH_FROM_LOG) for (const d of dialects) results[d] = await runOn(d);
const RESULT_NAME = process.env.BENCH_RESULT_NAME ?? 'informes';
// BENCH_MERGE=1 keeps the other dialects' results of an earlier run (e.g. SQLite and PostgreSQL
// measured by two runs of this script), each with the date it was measured.
const resultsFile = path.join(ROOT, 'bench', 'results', `${RESULT_NAME}.json`);
if (process.env.BENCH_MERGE && existsSync(resultsFile)) {
  const earlier = JSON.parse(readFileSync(resultsFile, 'utf8')).results ?? {};
  for (const [d, r] of Object.entries(earlier)) if (!(d in results)) results[d] = r;
}
for (const r of Object.values(results)) r.medido ??= new Date().toISOString();

const rows = [
  ['Base de datos', 'Escenario', 'p50 ms', 'p95 ms', 'p99 ms', `p95 ≤ ${TARGET_P95_MS} ms`],
];
for (const [d, r] of Object.entries(results)) {
  for (const [kind, set] of [
    ['POST /api/filtrado', r.filtrado],
    ['informe', r.informes],
  ]) {
    for (const [name, s] of Object.entries(set)) {
      rows.push([
        d,
        `${kind} — ${name}`,
        s.p50ms,
        s.p95ms,
        s.p99ms,
        s.p95ms <= TARGET_P95_MS ? 'sí' : 'NO',
      ]);
    }
  }
}
// Provisional unless every dialect began measuring with the 1-minute load average at most the
// number of cores (BENCH_PROVISIONAL=0/1 overrides, for a run whose load was noted by hand).
const cores = os.cpus().length;
const provisional = process.env.BENCH_PROVISIONAL
  ? process.env.BENCH_PROVISIONAL === '1'
  : Object.values(results).some((r) => !(r.cargaAlMedir <= cores));
const cargas = Object.entries(results)
  .filter(([, r]) => r.cargaAlMedir !== undefined)
  .map(([d, r]) => `${d} ${r.cargaAlMedir}`);
const exports = Object.entries(results).map(
  ([d, r]) =>
    `Exportación CSV (listado de todos los periodos) en ${d}: ${r.exportacion.filas.toLocaleString('es')} filas, ${r.exportacion.mib} MiB en ${r.exportacion.ms} ms; RSS máximo del api ${r.exportacion.peakRssAntesMiB} MiB antes → ${r.exportacion.peakRssDespuesMiB} MiB después.`,
);
writeResults(
  RESULT_NAME,
  {
    machine: machine(),
    provisional,
    eventos: EVENTOS,
    periodos: EVENTOS * PERIODOS_POR_EVENTO,
    usuarios: USUARIOS,
    auditoria: AUDITORIA,
    requests: REQUESTS,
    warmup: WARMUP,
    targetP95ms: TARGET_P95_MS,
    results,
  },
  `Filtrado e informes: ${EVENTOS.toLocaleString('es')} eventos, ${(EVENTOS * PERIODOS_POR_EVENTO).toLocaleString('es')} periodos, ${USUARIOS.toLocaleString('es')} usuarios`,
  rows,
  [
    provisional
      ? `**Provisional**: medido en una máquina ocupada (${cores} núcleos compartidos con otros procesos); el responsable lo repite en una máquina tranquila.`
      : `Medido en una máquina tranquila (${cores} núcleos, nada más en marcha).`,
    ...(cargas.length ? [`Carga media de 1 min al empezar a medir: ${cargas.join(', ')}.`] : []),
    `${REQUESTS} peticiones secuenciales por escenario tras ${WARMUP} de calentamiento, una conexión keep-alive, api compilada en su propio proceso.`,
    'Los filtros varían sus valores en cada petición (estados, prefijos, rangos de fechas, roles, eventos); los informes se ejecutan con su primera página (50 filas) y su serie.',
    `Auditoría: ${AUDITORIA.toLocaleString('es')} filas en dos años para «actividad».`,
    ...exports,
    // Context a run cannot know (e.g. which commit fixed a miss measured here), one per line.
    ...(process.env.BENCH_NOTAS?.split('\n').filter(Boolean) ?? []),
  ],
);
console.log(JSON.stringify(results));
