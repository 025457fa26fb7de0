/**
 * Starts the built api (which also serves the shell and the remotes) as a child process on a
 * free port with its own temporary SQLite database, and stops it by PID.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-e2e-Clave-2026' };

export interface RunningServer {
  url: string;
  dbPath: string;
  stop: () => Promise<void>;
}

/** A port free on 127.0.0.1 when asked. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Switches the seeded `admin` role's second-factor requirement off in the database at `dbPath`,
 * as an admin may (issue #16). The product seeds it on, so ADMIN would sign in to an enrolment
 * step; the suites that test other things sign in as ADMIN with the password alone. The walk
 * through enrolment is tested with `startServer(env, {adminMfa: true})`.
 */
export function relaxAdminMfa(dbPath: string): void {
  setRoleMfa(dbPath, 'admin', false);
}

/**
 * Sets role `rol`'s "Requiere verificación en dos pasos" in the database at `dbPath`: what the
 * role editor's switch writes (issue #16), for the tests of the enrolment step.
 */
export function setRoleMfa(dbPath: string, rol: string, obligatorio: boolean): void {
  const db = new Database(dbPath, { timeout: 5000 });
  try {
    db.prepare('update roles set mfa_obligatorio = ? where nombre = ?').run(
      obligatorio ? 1 : 0,
      rol,
    );
  } finally {
    db.close();
  }
}

/**
 * Starts `node api/dist/server.js`; resolves once `/readyz` answers 200.
 * @param opts.adminMfa keep the product's default (the `admin` role requires a second factor);
 *   otherwise `relaxAdminMfa` runs before anyone signs in.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { adminMfa?: boolean } = {},
): Promise<RunningServer> {
  // `env.PORT`: a test that must know the port first (APP_URL on localhost for WebAuthn).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'gestion-e2e-'));
  const dbPath = path.join(dir, 'app.db');
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'api', 'dist', 'server.js')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: `sqlite:${dbPath}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        BUILD_ID_POLL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`api did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  if (!opts.adminMfa) relaxAdminMfa(dbPath);
  return {
    url,
    dbPath,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Registers a user through the api (gets the default role `usuario`); returns its token. */
export async function registerUser(
  url: string,
  user: { email: string; password: string; nombre: string },
): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 201)
    throw new Error(`register ${user.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
