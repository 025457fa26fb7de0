// Shared by the list-latency benchmarks (users, eventos): a throwaway database per dialect and
// sequential latency sampling over one keep-alive connection.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './processes.mjs';

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);

/**
 * A fresh database for one benchmark run: a SQLite file under bench/tmp, or a random schema in
 * BENCH_DATABASE_URL. Returns the api env (DATABASE_URL, DATABASE_SCHEMA), the seeding target
 * `{url, schema?}` and `cleanup()` that deletes it.
 */
export function benchDatabase(dialect, prefix) {
  const id = randomBytes(4).toString('hex');
  if (dialect === 'sqlite') {
    const dir = path.join(ROOT, 'bench', 'tmp', `${prefix}-${id}`);
    mkdirSync(dir, { recursive: true });
    const url = `sqlite:${path.join(dir, 'app.db')}`;
    return {
      env: { DATABASE_URL: url },
      target: { url },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.BENCH_DATABASE_URL;
  const schema = `bench_${prefix}_${id}`;
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    target: { url, schema },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * WARMUP then REQUESTS sequential GETs of `url + next()`; every answer must be 200.
 * @returns {{p50ms, p95ms, p99ms, maxms}} latencies in ms, two decimals.
 */
export async function measure(url, headers, next) {
  const run = async () => {
    const t0 = performance.now();
    const res = await fetch(url + next(), { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.status} for ${url}`);
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
