// Child-process helpers for the benchmarks: every server runs in its own process so the load
// generator (this process) never competes with it on the event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { relaxAdminMfa } from './admin-mfa.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, getOutput, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${getOutput()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`not ready: ${url}\n${getOutput()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopper(child, cleanup = () => {}) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    cleanup();
  };
}

/**
 * The built api (`api/dist/server.js`) on a temporary SQLite database (or `env.DATABASE_URL`),
 * with the `admin` role's second-factor requirement switched off once it is ready
 * (lib/admin-mfa.mjs) unless `opts.adminMfa`.
 */
export async function startApi(env = {}, opts = {}) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'gestion-bench-'));
  let output = '';
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${path.join(dir, 'bench.db')}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child, () => output);
  if (!opts.adminMfa) await relaxAdminMfa(databaseUrl);
  return {
    url,
    pid: child.pid,
    stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })),
  };
}

/** A node script of bench/ run as a server: it must listen on `PORT` and answer `readyPath`. */
export async function startScript(script, readyPath, env = {}) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${readyPath}`, child, () => output);
  return { url, pid: child.pid, stop: stopper(child) };
}

/** Runs a node script of bench/ to completion and parses the JSON it prints last. */
export async function runScript(script, env = {}) {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', script)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${err}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        reject(new Error(`${script} printed no JSON: ${out}${err}`));
      }
    });
  });
}
