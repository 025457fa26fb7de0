/**
 * Log lines (issue #2, OWASP Logging Cheat Sheet): JSON with request ids, and never a password,
 * a token, a hash, a stack trace or SQL.
 */
import type { FastifyInstance } from 'fastify';
import {
  ADMIN,
  bearer,
  buildTestApp,
  createTestDatabase,
  login,
  me,
  register,
  uniqueEmail,
  type TestDatabase,
} from './helper';

describe('logging', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ({ app } = await buildTestApp(db, {
      config: { logLevel: 'trace' },
      build: { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
      setup: (a) => {
        a.get('/api/boom', () => {
          throw new Error('boom');
        });
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('writes JSON lines with request ids and no secrets, stacks or SQL', async () => {
    const password = 'Secreto-De-Prueba-123';
    const email = uniqueEmail('log');
    const reg = await register(app, { email, password, nombre: 'Log' });
    const token = reg.json<{ token: string }>().token;
    await me(app, token);
    await login(app, ADMIN.email, 'Clave-Mala-Registrada-1');
    await app.inject({ method: 'GET', url: '/api/boom', headers: bearer(token) });
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

    expect(lines.length).toBeGreaterThan(5);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.filter((l) => l.reqId !== undefined).length).toBeGreaterThan(5);
    expect(parsed.some((l) => l.msg === 'request failed')).toBe(true);
    const all = lines.join('\n');
    for (const secret of [password, 'Clave-Mala-Registrada-1', token, '$argon2id$']) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/"stack"|\bselect\b.*\bfrom\b|insert into/i);
  });
});
