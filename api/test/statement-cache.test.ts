/**
 * The prepared-statement cache under Kysely on SQLite (issue #2 login benchmark): a statement is
 * prepared once per SQL text and reused, and reuse must answer exactly what a fresh statement
 * would — new parameters, schema changes, a statement still being iterated, the LRU bound.
 */
import SqliteDatabase from 'better-sqlite3';
import { cachingStatements } from '../src/db/connection';

describe('cachingStatements', () => {
  let sqlite: SqliteDatabase.Database;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (id integer primary key, v text)');
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('prepares each SQL text once and binds the new parameters on every reuse', () => {
    const prepare = jest.spyOn(sqlite, 'prepare');
    const db = cachingStatements(sqlite);
    for (const v of ['a', 'b', 'c']) db.prepare('insert into t (v) values (?)').run([v]);
    const select = 'select v from t where id = ?';
    expect(db.prepare(select).all([1])).toEqual([{ v: 'a' }]);
    expect(db.prepare(select).all([3])).toEqual([{ v: 'c' }]);
    expect(db.prepare(select).all([9])).toEqual([]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('sees schema changes made after the statement was cached', () => {
    const db = cachingStatements(sqlite);
    db.prepare('insert into t (v) values (?)').run(['a']);
    expect(db.prepare('select * from t').all([])).toEqual([{ id: 1, v: 'a' }]);
    sqlite.exec("alter table t add column w text default 'x'");
    expect(db.prepare('select * from t').all([])).toEqual([{ id: 1, v: 'a', w: 'x' }]);
  });

  it('hands a statement that is still being iterated to nobody else', () => {
    const db = cachingStatements(sqlite);
    for (const v of ['a', 'b']) db.prepare('insert into t (v) values (?)').run([v]);
    const text = 'select v from t order by id';
    const outer = db.prepare(text).iterate([]);
    expect(outer.next().value).toEqual({ v: 'a' });
    // Reusing the busy statement would throw; the cache prepares a fresh one instead.
    expect(db.prepare(text).all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(outer.next().value).toEqual({ v: 'b' });
    expect(outer.next().done).toBe(true);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const prepare = jest.spyOn(sqlite, 'prepare');
    const db = cachingStatements(sqlite, 2);
    const q = (n: number) => db.prepare(`select ${n} as n`).all([]);
    q(1);
    q(2);
    q(1); // 1 is now the most recently used: 3 evicts 2
    q(3);
    expect(prepare).toHaveBeenCalledTimes(3);
    q(1);
    expect(prepare).toHaveBeenCalledTimes(3);
    q(2);
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('closes the connection', () => {
    cachingStatements(sqlite).close();
    expect(sqlite.open).toBe(false);
  });
});
