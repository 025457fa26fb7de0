/**
 * src/db/unchanged-reads.ts: the auth hot path's SQLite lookups reuse what they read only while
 * no connection has committed. The invariant — a wrapped read always equals the query run at
 * that moment — is checked as a property over random interleavings of commits (by the app's
 * writer connection and by another process's connection) and lookups; the examples pin the
 * parts a property would hide (what is kept, the bound, the read-only requirement), and the
 * last case runs the real session lookup through a sign-out and a role change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import { whileUnchanged } from '../src/db/unchanged-reads';
import { createSessionLookup, hashToken } from '../src/repositories/sesiones-repository';
import { ADMIN, buildTestApp, createTestDatabase, login, me, type TestDatabase } from './helper';

describe('whileUnchanged', () => {
  let dir: string;
  let file: string;
  let writer: SqliteDatabase.Database;
  let other: SqliteDatabase.Database;
  let reader: SqliteDatabase.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'unchanged-reads-'));
    file = path.join(dir, 'db.sqlite');
    writer = new SqliteDatabase(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (k text not null, v integer not null)');
    other = new SqliteDatabase(file);
    reader = new SqliteDatabase(file, { readonly: true });
  });
  afterEach(() => {
    for (const c of [reader, other, writer]) c.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const direct = () => {
    const stmt = reader.prepare<[string], { v: number }>('select v from t where k = ? order by v');
    return (k: string) => stmt.all(k);
  };

  it('equals the query at every moment, whoever commits in between (property)', () => {
    const keys = fc.constantFrom('a', 'b', 'c');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('read' as const), k: keys }),
      fc.record({
        kind: fc.constantFrom('insert' as const, 'delete' as const, 'update' as const),
        k: keys,
        v: fc.integer({ min: 0, max: 5 }),
        by: fc.constantFrom('writer' as const, 'other' as const),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        writer.exec('delete from t');
        const query = direct();
        const wrapped = whileUnchanged(reader, query);
        for (const o of ops) {
          if (o.kind === 'read') {
            expect(wrapped(o.k)).toEqual(query(o.k));
            continue;
          }
          const conn = o.by === 'writer' ? writer : other;
          if (o.kind === 'insert') conn.prepare('insert into t values (?, ?)').run(o.k, o.v);
          if (o.kind === 'delete') conn.prepare('delete from t where k = ?').run(o.k);
          if (o.kind === 'update') conn.prepare('update t set v = ? where k = ?').run(o.v, o.k);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('asks the database once while nothing is committed, and again after a commit', () => {
    writer.prepare('insert into t values (?, ?)').run('a', 1);
    const query = direct();
    let calls = 0;
    const wrapped = whileUnchanged(reader, (k) => (calls++, query(k)));
    expect(wrapped('a')).toEqual([{ v: 1 }]);
    expect(wrapped('a')).toEqual([{ v: 1 }]);
    expect(calls).toBe(1);
    // A transaction still open is not a commit: the reader sees the committed state either way.
    writer.exec('begin');
    writer.prepare('update t set v = 2').run();
    expect(wrapped('a')).toEqual([{ v: 1 }]);
    writer.exec('commit');
    expect(wrapped('a')).toEqual([{ v: 2 }]);
    expect(calls).toBe(2);
  });

  it('never keeps an empty answer, so unknown keys cannot fill the memory', () => {
    const query = direct();
    let calls = 0;
    const wrapped = whileUnchanged(reader, (k) => (calls++, query(k)));
    expect(wrapped('nadie')).toEqual([]);
    expect(wrapped('nadie')).toEqual([]);
    expect(calls).toBe(2);
  });

  it('starts again past its bound instead of growing', () => {
    for (const k of ['a', 'b', 'c']) writer.prepare('insert into t values (?, 1)').run(k);
    const query = direct();
    const asked: string[] = [];
    const wrapped = whileUnchanged(reader, (k) => (asked.push(k), query(k)), 2);
    for (const k of ['a', 'b', 'c', 'a']) wrapped(k);
    // 'c' found the memory full (a, b) and emptied it, so 'a' is asked again.
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });

  it('refuses a connection that commits itself, whose own commits it could not see', () => {
    expect(() => whileUnchanged(writer, () => [])).toThrow(/read-only/);
  });
});

describe('the session lookup through it', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(() => db.drop());

  it('sees a sign-out and a role change at the next request', async () => {
    const { app } = await buildTestApp(db);
    try {
      expect(app.database.raw.kind === 'sqlite' && app.database.raw.sqlite.readonly).toBe(true);
      const token = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
      const lookup = createSessionLookup(app.database.raw);
      const rolesNow = async () =>
        [...new Set((await lookup(hashToken(token))).map((r) => r.rol))].sort();
      expect(await rolesNow()).toEqual(['admin']);
      expect(await rolesNow()).toEqual(['admin']);
      const gestor = await app.db
        .selectFrom('roles')
        .select('id')
        .where('nombre', '=', 'gestor')
        .executeTakeFirstOrThrow();
      const { id } = await app.db
        .selectFrom('usuarios')
        .select('id')
        .where('email', '=', ADMIN.email)
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto('usuario_roles')
        .values({ usuario_id: id, rol_id: gestor.id })
        .execute();
      expect(await rolesNow()).toEqual(['admin', 'gestor']);
      expect((await me(app, token)).statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await lookup(hashToken(token))).toEqual([]);
      expect((await me(app, token)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
