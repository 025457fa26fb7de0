/**
 * The two types every layer below the routes is written against, defined here once (STYLE.md:
 * `db/` holds the table types, the migrations and the dialect setup):
 *
 * - `Dialect`: which database `DATABASE_URL` chose (DESIGN.md §2) — SQLite embedded, PostgreSQL
 *   scaled out. Code branches on it only where the two really differ (locks, full-text search,
 *   an identity column); everything else is one query for both.
 * - `Db`: what a repository function runs on — the app's Kysely instance or an open transaction,
 *   so a caller decides whether a write and its audit row commit together.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database';

/** The database engine in use: `sqlite` (embedded default) or `postgres` (scaled out). */
export type Dialect = 'sqlite' | 'postgres';

/** A Kysely instance or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
