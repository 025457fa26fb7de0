/**
 * The rules of api/src/db/migrations/README.md that a reviewer would otherwise check by eye:
 * one number per migration file, numbers without gaps, every file's steps registered in
 * index.ts in order under names carrying its number, and no landed name ever gone — then, on
 * every database of DATABASES, that a database migrated with the landed names (among them
 * 0003-eventos-busqueda, a file of its own until issue #14) upgrades cleanly to today's set:
 * nothing re-run, no "corrupted migrations".
 *
 * The files and registrations are read from the directory and index.ts, so a new migration
 * (0009-correo, 0010-ciclo-cuenta, …) passes without touching this file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/connection';
import { migrations } from '../src/db/migrations/index';
import { createTestDatabase, DATABASES, type TestDatabase } from './helper';

const DIR = path.join(__dirname, '../src/db/migrations');

/**
 * Every name that has landed, in order: deployed databases recorded them in `kysely_migration`,
 * so each must stay registered under exactly this name. Append a migration's names once it has
 * landed; never edit or remove one.
 */
const LANDED = [
  '0001-initial',
  '0002-administracion',
  '0002-administracion-busqueda',
  '0002-administracion-total',
  '0003-eventos',
  '0003-eventos-busqueda',
  '0004-usuarios-rendimiento',
  '0005-informes',
  '0006-filtrado-indices',
  '0007-informes-contadores',
  '0008-roles-nombre-unico',
  '0009-correo',
  '0010-ciclo-cuenta',
  '0011-segundo-factor',
  '0012-passkeys',
  '0013-admin-mfa-obligatorio',
  '0014-grupos',
  '0015-api-tokens',
  '0016-scim',
  '0017-sso',
];

/** A migration file: `NNNN-name.ts`. */
const FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

/** The numbered files of the directory, by name (so by number). */
function migrationFiles(): { file: string; stem: string; number: number }[] {
  return readdirSync(DIR)
    .filter((f) => /^\d/.test(f))
    .sort()
    .map((file) => ({ file, stem: file.replace(/\.ts$/, ''), number: Number(file.slice(0, 4)) }));
}

/** index.ts's imports: exported function name → the file (stem) it comes from. */
function importedFrom(): Map<string, string> {
  const source = readFileSync(path.join(DIR, 'index.ts'), 'utf8');
  const byName = new Map<string, string>();
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\/(\d{4}-[^']+)';/g)) {
    for (const name of m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)) {
      byName.set(name, m[2]!);
    }
  }
  return byName;
}

/** index.ts's registrations, in source order: `'name': fn(dialect)`. */
function registrations(): { name: string; fn: string }[] {
  const source = readFileSync(path.join(DIR, 'index.ts'), 'utf8');
  return [...source.matchAll(/^\s*'(\d{4}-[^']+)':\s*(\w+)\(dialect\)/gm)].map((m) => ({
    name: m[1]!,
    fn: m[2]!,
  }));
}

describe('the migration files and index.ts', () => {
  const files = migrationFiles();
  const registered = Object.keys(migrations('sqlite'));

  it('names every numbered file NNNN-name.ts (four digits, kebab-case)', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.file).filter((f) => !FILE.test(f))).toEqual([]);
  });

  it('gives every file its own number, 0001, 0002, … without a gap', () => {
    const numbers = files.map((f) => f.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('registers every step under a name that starts with its file name, in the order Kysely runs them', () => {
    const imports = importedFrom();
    const regs = registrations();
    // The source lines are what the object holds (a regex miss would hide a step).
    expect(regs.map((r) => r.name)).toEqual(registered);
    for (const { name, fn } of regs) {
      const stem = imports.get(fn);
      expect({ name, from: stem }).toEqual({ name, from: expect.any(String) });
      expect(name === stem || name.startsWith(`${stem}-`)).toBe(true);
    }
    // Kysely sorts by name: the object's order must be that order, so index.ts reads as it runs.
    expect(registered).toEqual([...registered].sort());
  });

  it('registers at least one step of every file, and imports from no other file', () => {
    const imports = importedFrom();
    const used = new Set(registrations().map((r) => imports.get(r.fn)));
    expect(files.map((f) => f.stem).filter((s) => !used.has(s))).toEqual([]);
    const stems = new Set(files.map((f) => f.stem));
    expect([...new Set(imports.values())].filter((s) => !stems.has(s))).toEqual([]);
  });

  it('keeps every landed name, in order, and puts every newer one after them', () => {
    expect(registered.slice(0, LANDED.length)).toEqual(LANDED);
    const newer = registered.slice(LANDED.length);
    expect(newer.filter((n) => n <= LANDED[LANDED.length - 1]!)).toEqual([]);
  });
});

/** A Kysely over `t` that runs no migration (the app's `openDatabase` always migrates). */
function bareKysely(t: TestDatabase): Kysely<unknown> {
  if (t.config.kind === 'sqlite') {
    return new Kysely({
      dialect: new SqliteDialect({ database: new SqliteDatabase(t.config.path) }),
    });
  }
  const pool = new pg.Pool({
    connectionString: t.config.url,
    max: 1,
    ...(t.config.schema ? { options: `-c search_path=${t.config.schema}` } : {}),
  });
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

/** What Kysely recorded as run, by name. */
async function recorded(db: Kysely<unknown>): Promise<{ name: string; timestamp: string }[]> {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(db);
  return rows.map((r) => ({ name: r.name, timestamp: String(r.timestamp) }));
}

describe.each(DATABASES)('upgrading a database migrated with the landed names, on %s', (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    if (t.config.kind === 'postgres') {
      const c = new pg.Client({ connectionString: t.config.url });
      await c.connect();
      await c.query(`create schema if not exists "${t.config.schema}"`);
      await c.end();
    }
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** Runs `fn` on a connection of its own, closed afterwards (so the app's open finds none). */
  async function withDb<T>(fn: (db: Kysely<unknown>) => Promise<T>): Promise<T> {
    const db = bareKysely(t);
    try {
      return await fn(db);
    } finally {
      await db.destroy();
    }
  }

  /** Runs `set` to the latest with the app's Migrator options (`migrate` in connection.ts). */
  function migrateWith(set: Record<string, Migration>) {
    const schema = t.config.kind === 'postgres' ? t.config.schema : undefined;
    return withDb((db) =>
      new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(set) },
        allowUnorderedMigrations: true,
        ...(schema ? { migrationTableSchema: schema } : {}),
      }).migrateToLatest(),
    );
  }

  it('runs only the newer steps, keeps every landed record, and refuses a renamed one', async () => {
    const current = migrations(dialect);
    // The set a deployed database ran: the landed names, as they were recorded.
    const landed = Object.fromEntries(LANDED.map((n) => [n, current[n]!]));
    const first = await migrateWith(landed);
    expect(first.error).toBeUndefined();
    expect(first.results?.map((r) => r.migrationName)).toEqual(LANDED);
    const before = await withDb(recorded);

    // The app's own start, with today's provider.
    const handle = await openDatabase(t.config);
    await handle.close();

    const after = await withDb(recorded);
    expect(after.map((r) => r.name)).toEqual(Object.keys(current).sort());
    // Nothing landed ran again: its record is the one written by the first run.
    expect(after.filter((r) => LANDED.includes(r.name))).toEqual(before);

    // What renumbering a recorded name would do: the app refuses to start.
    const { '0003-eventos-busqueda': step, ...rest } = current;
    const renamed = await migrateWith({ ...rest, '0011-eventos-busqueda': step! });
    expect(String(renamed.error)).toMatch(
      /corrupted migrations: previously executed migration 0003-eventos-busqueda is missing/,
    );
  });
});
