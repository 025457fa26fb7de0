#!/usr/bin/env node
/**
 * `npm run start:cluster`: the scaled-out topology without containers (README "Running at
 * scale"): `REPLICAS` api processes (default 2) on PostgreSQL and Redis behind a round-robin
 * proxy on `HOST`:`PORT` (default 127.0.0.1:3000). Every other variable of README
 * "Configuration" (ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL, SESSION_*…) reaches the replicas as
 * is. Ctrl-C (or SIGTERM) stops everything it started.
 *
 * Defaults: DATABASE_URL=postgres://postgres@127.0.0.1:5432/gestion_cluster (created when
 * missing), REDIS_URL=redis://127.0.0.1:6379 (REDIS_URL= empty: per-replica memory counters).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startCluster } from './cluster.mjs';

const env = process.env;
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/gestion_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const port = Number(env.PORT || 3000);
const host = env.HOST || '127.0.0.1';
const replicas = Number(env.REPLICAS || 2);

const missing = ['shell', 'remote-auth', 'remote-eventos', 'remote-informes'].filter(
  (p) => !existsSync(path.join(ROOT, p, 'dist')),
);
if (missing.length) {
  console.warn(
    `start:cluster: no build of ${missing.join(', ')}; run \`npm run build\` to serve them`,
  );
}

let cluster;
try {
  cluster = await startCluster({
    databaseUrl,
    redisUrl,
    replicas,
    port,
    host,
    echo: true,
    env: { LOG_LEVEL: env.LOG_LEVEL || 'info' },
  });
} catch (err) {
  console.error(`start:cluster: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const shownDb = databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
console.log(`Gestión de usuarios (cluster) escuchando en ${cluster.url}`);
console.log(`  base de datos: ${shownDb}`);
console.log(`  Redis:         ${redisUrl || '(sin Redis: contadores en memoria)'}`);
for (const [i, r] of cluster.replicas.entries())
  console.log(`  api-${i}:        ${r.url} (pid ${r.pid})`);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`start:cluster: ${signal}, stopping`);
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
