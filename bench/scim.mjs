// Issue #17 benchmark: the look-up a directory (Entra ID, Okta) makes before every create —
// GET /scim/v2/Users?filter=userName eq "…" — over BENCH_USUARIOS users (default 1 000 000) on
// SQLite and, when BENCH_DATABASE_URL is set, PostgreSQL. Target p95 ≤ 20 ms.
//
// Users are seeded as bench/users.mjs seeds them (bench/users-seed.mjs); the SCIM connection's
// row (only the SHA-256 of its token) is written straight into the database, owned by the seeded
// admin, as POST /api/scim/tokens would write it. Requests are sequential over one keep-alive
// connection against the built api in its own process, after a warm-up per scenario; each asks
// for a different, randomly chosen user (or a missing one), so no answer is a cache hit.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/scim.mjs
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import Database from 'better-sqlite3';
import pg from 'pg';
import { seedUsuarios } from './users-seed.mjs';
import { benchDatabase, measure, REQUESTS, WARMUP } from './lib/latency.mjs';
import { startApi } from './lib/processes.mjs';
import { machine, writeResults } from './lib/report.mjs';

const USUARIOS = Number(process.env.BENCH_USUARIOS ?? 1_000_000);
const TARGET_P95_MS = 20;
const ADMIN = { email: 'bench@bench.test', password: 'Bench-Clave-Segura-2026' };
const SAMPLE = 2000;
const rand = (n) => Math.floor(Math.random() * n);
const filter = (expr) => `/scim/v2/Users?filter=${encodeURIComponent(expr)}`;

/** Inserts the connection and returns a sample of e-mails of random existing users. */
async function prepare(target, token) {
  const hash = createHash('sha256').update(token).digest('hex');
  const ids = Array.from({ length: SAMPLE }, () => 1 + rand(USUARIOS));
  // PostgreSQL infers no type for a parameter in a SELECT list: the casts say them (SQLite has
  // none of that syntax, so its copy has plain placeholders).
  const insert = `insert into scim_conexiones (nombre, token_hash, prefijo, creado_por, creado_en)
    select 'bench', $1::text, $2::text, id, $3::bigint from usuarios where email = $4::text`;
  const params = [hash, token.slice(0, 13), Date.now(), ADMIN.email];
  if (target.url.startsWith('sqlite:')) {
    const db = new Database(target.url.slice('sqlite:'.length));
    try {
      db.prepare(insert.replace(/\$\d::\w+/g, '?')).run(...params);
      const q = db.prepare('select email from usuarios where id = ?');
      return ids.map((id) => q.get(id)?.email).filter(Boolean);
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({
    connectionString: target.url,
    options: `-c search_path=${target.schema}`,
  });
  await c.connect();
  try {
    await c.query(insert, params);
    const { rows } = await c.query('select email from usuarios where id = any($1::int[])', [ids]);
    return rows.map((r) => r.email);
  } finally {
    await c.end();
  }
}

async function runOn(dialect) {
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const { env: dbEnv, target, cleanup } = benchDatabase(dialect, 'scim');
  Object.assign(env, dbEnv);
  try {
    // No one signs in here (the connection's row is written directly), so the admin role's
    // second factor stays as seeded: `adminMfa` skips relaxing it.
    const first = await startApi(env, { adminMfa: true });
    await first.stop();
    const t0 = Date.now();
    await seedUsuarios(target.url, USUARIOS, { schema: target.schema });
    const seedMs = Date.now() - t0;
    const token = `gdu_scim_${randomBytes(32).toString('base64url')}`;
    const emails = await prepare(target, token);
    const api = await startApi(env, { adminMfa: true });
    try {
      const headers = { authorization: `Bearer ${token}`, accept: 'application/scim+json' };
      const check = await fetch(api.url + filter(`userName eq "${emails[0]}"`), { headers });
      const body = await check.json();
      if (check.status !== 200 || body.totalResults !== 1)
        throw new Error(`unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
      const scenarios = {
        'userName eq (existe)': () => filter(`userName eq "${emails[rand(emails.length)]}"`),
        'userName eq (no existe)': () => filter(`userName eq "nadie.${rand(1e9)}@ejemplo.es"`),
        'emails[type eq "work"].value eq': () =>
          filter(`emails[type eq "work"].value eq "${emails[rand(emails.length)].toUpperCase()}"`),
      };
      const out = {};
      for (const [name, next] of Object.entries(scenarios)) {
        out[name] = await measure(api.url, headers, next);
        console.error(dialect, name, out[name]);
      }
      return { seedMs, scenarios: out };
    } finally {
      await api.stop();
    }
  } finally {
    await cleanup();
  }
}

// BENCH_DIALECTS=postgres measures only those and keeps the other dialects' figures of the
// committed bench/results/scim.json (each with the date of its own run).
const dialects = process.env.BENCH_DIALECTS?.split(',') ?? [
  'sqlite',
  ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : []),
];
const previous = process.env.BENCH_DIALECTS
  ? JSON.parse(readFileSync(new URL('./results/scim.json', import.meta.url), 'utf8'))
  : { results: {} };
const results = {};
for (const [d, r] of Object.entries(previous.results))
  if (!dialects.includes(d)) results[d] = { ...r, date: r.date ?? previous.machine.date };
const loadBefore = os.loadavg()[0];
for (const d of dialects) results[d] = { ...(await runOn(d)), date: new Date().toISOString() };
const loadAfter = os.loadavg()[0];

const rows = [
  ['Base de datos', 'Escenario', 'p50 ms', 'p95 ms', 'p99 ms', `p95 ≤ ${TARGET_P95_MS} ms`],
];
for (const [d, r] of Object.entries(results))
  for (const [name, s] of Object.entries(r.scenarios))
    rows.push([d, name, s.p50ms, s.p95ms, s.p99ms, s.p95ms <= TARGET_P95_MS ? 'sí' : 'NO']);
writeResults(
  process.env.BENCH_RESULT_NAME ?? 'scim',
  {
    machine: machine(),
    usuarios: USUARIOS,
    requests: REQUESTS,
    targetP95ms: TARGET_P95_MS,
    loadAverage: { before: loadBefore, after: loadAfter },
    results,
  },
  `SCIM: GET /scim/v2/Users?filter=userName eq "…" con ${USUARIOS.toLocaleString('es')} usuarios`,
  rows,
  [
    `Carga media de la máquina (1 min): ${loadBefore.toFixed(1)} antes, ${loadAfter.toFixed(1)} después, con ${os.cpus().length} núcleos (compartida).`,
    `${REQUESTS} peticiones secuenciales por escenario tras ${WARMUP} de calentamiento, una conexión keep-alive, api compilada en su propio proceso, con el token de una conexión SCIM.`,
    'Cada petición busca un usuario distinto elegido al azar entre 2000 existentes (o uno que no existe): la búsqueda usa el índice único de `usuarios.email` (el correo se guarda en minúsculas y el literal se pasa a minúsculas: userName no distingue mayúsculas, RFC 7643 §4.1.1).',
    'Cada petición también autentica la conexión (hash del token → fila de `scim_conexiones`) y relee los roles de su creador (la conexión actúa con su autoridad).',
    'PostgreSQL: el api analiza al arrancar las tablas que PostgreSQL nunca analizó (`api/src/db/statistics.ts`, a429832). Sin ello (la misma prueba el 2026-11-26, antes de a429832) el plan de la consulta de roles del creador usaba hash joins y dos procesos paralelos: p50 25,8 ms y p95 69 ms.',
    ...Object.entries(results).map(
      ([d, r]) =>
        `${d}: medido ${r.date}${r.seedMs ? `, siembra de ${Math.round(r.seedMs / 1000)} s` : ''}.`,
    ),
  ],
);
console.log(JSON.stringify(results));
