/**
 * Opens the database chosen by `DATABASE_URL` (DESIGN.md §2) and runs the migrations:
 * SQLite through better-sqlite3 (one connection: WAL, foreign keys, busy timeout) or PostgreSQL
 * through a `pg` Pool (optionally confined to one schema through `search_path`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './database';
import { migrationProvider } from './migrations/index';
import type { Dialect } from './types';

/**
 * The raw driver under Kysely, for the one hot-path query that bypasses the query builder. On
 * SQLite `sqlite` is a second, read-only connection: Kysely keeps a transaction open on its own
 * connection across awaits, and a lookup run on that connection meanwhile would see the
 * transaction's uncommitted writes (a role grant about to be rolled back could pass a check).
 * WAL lets this reader see only committed data without blocking the writer. An in-memory
 * database cannot be shared, so there the reader is the one connection.
 */
export type RawDriver =
  { kind: 'sqlite'; sqlite: SqliteDatabase.Database } | { kind: 'postgres'; pool: pg.Pool };

/** An open database: Kysely for everything, the raw driver for the session lookup. */
export interface DatabaseHandle {
  dialect: Dialect;
  db: Kysely<Database>;
  raw: RawDriver;
  /** Closes the Kysely instance and with it the connection/pool. Idempotent. */
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * int8 (`bigint`, and `count(*)`) comes back from `pg` as a string; our epoch-millisecond
 * timestamps and counts fit in a double, so read them as numbers (exact up to 2^53).
 */
function parseInt8(value: string): number {
  return Number(value);
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : (pg.types.getTypeParser(
          oid,
          format ?? 'text',
        ) as unknown)) as typeof pg.types.getTypeParser,
};

/** Most distinct SQL texts whose prepared statements one SQLite connection keeps. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * What Kysely sees of the SQLite connection: `prepare` answers from a bounded LRU cache of
 * prepared statements keyed by SQL text. Kysely's SQLite driver prepares every query afresh,
 * which costs 10–30 µs a statement (a join of five tables ≈ 28 µs) against a few µs to run
 * it; a sign-in runs seven statements (issue #2 login benchmark). Reusing a statement is safe:
 * better-sqlite3 rebinds every parameter on each call, and SQLite re-prepares a statement by
 * itself when the schema changes. A statement still being iterated (`busy`) is never handed out
 * twice — that caller gets a fresh one. Texts differ per IN-list length and the like, hence
 * the bound; an evicted statement is finalised when garbage-collected or at close.
 */
export function cachingStatements(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (text) => {
      const cached = cache.get(text);
      if (cached) {
        if (cached.busy) return sqlite.prepare(text);
        // Re-insert: Map order is least-recently-used first.
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const stmt = sqlite.prepare(text);
      cache.set(text, stmt);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL: readers never block the writer; NORMAL is durable across application crashes in WAL
  // mode; busy_timeout waits instead of failing when another process holds the write lock.
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
  });
  let reader = sqlite;
  if (file !== ':memory:') {
    reader = new SqliteDatabase(file, { readonly: true });
    reader.pragma('busy_timeout = 5000');
  }
  let closed = false;
  return {
    dialect: 'sqlite',
    db,
    raw: { kind: 'sqlite', sqlite: reader },
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (reader !== sqlite) reader.close();
    },
  };
}

/** How long a request waits for a PostgreSQL connection before failing, in ms. */
export const PG_CONNECT_TIMEOUT_MS = 5000;

/** Receives errors of pooled connections, idle or checked out (e.g. the server restarted). */
export type PoolErrorListener = (err: Error) => void;

function openPostgres(
  url: string,
  schema: string | undefined,
  onPoolError: PoolErrorListener,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes,
    // Fail fast while PostgreSQL is unreachable (issue #7): a refused connection fails at once;
    // a server that does not answer makes a request wait at most this long for a connection —
    // a new one or a free pooled one — and then answer 503, instead of piling up behind it.
    // Generous enough that a loaded but healthy server never trips it.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // search_path per connection, set by the server at connect time, so no query can run
    // before it is in place.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Without a listener, an idle client's error (PostgreSQL restarted, network cut) is an
  // unhandled 'error' event that kills the process; the pool replaces the client by itself.
  pool.on('error', onPoolError);
  // pg-pool listens only to idle clients: a checked-out client whose socket dies (server
  // restarted, network cut mid-query) emits 'error' with nobody listening, which would crash
  // the process. Its query still fails (→ 503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', onPoolError));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    dialect: 'postgres',
    db,
    raw: { kind: 'postgres', pool },
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * Opens the database and brings its schema to the latest migration.
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onPoolError: PoolErrorListener = (err) => console.warn(`PostgreSQL pool error: ${err.message}`),
): Promise<DatabaseHandle> {
  const handle =
    config.kind === 'sqlite'
      ? openSqlite(config.path)
      : openPostgres(config.url, config.schema, onPoolError);
  try {
    if (config.kind === 'postgres' && config.schema) {
      try {
        await sql`create schema if not exists ${sql.id(config.schema)}`.execute(handle.db);
      } catch (err) {
        // Two replicas creating the schema at once: the loser sees a duplicate; fine.
        const code = (err as { code?: string }).code;
        if (code !== '23505' && code !== '42P06') throw err;
      }
    }
    let schema: string | undefined;
    if (config.kind === 'postgres') {
      const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(handle.db);
      schema = rows[0]?.s ?? config.schema;
    }
    await migrate(handle, schema);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * Runs every pending migration (PostgreSQL: under Kysely's advisory lock, so replicas agree).
 * `schema` names where Kysely keeps its bookkeeping tables: its existence check looks across
 * all schemas, so without it a `kysely_migration` table in another schema would fool it.
 */
export async function migrate(handle: DatabaseHandle, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Areas add migrations in parallel (0002 administration landed after 0003 eventos): a
    // database that already ran a later one still gets an earlier newcomer.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
    );
  }
}

/** A trivial query: resolves when the database answers (for /readyz). */
export async function ping(handle: DatabaseHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
