/** Column helpers shared by the migrations, so one migration serves both dialects. */
import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './index';

/**
 * Adds `id` as an auto-increment integer primary key: an identity column in PostgreSQL,
 * `integer primary key autoincrement` in SQLite (ids never reused after a delete).
 */
export function idColumn(dialect: Dialect) {
  return <T extends string>(t: CreateTableBuilder<T>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
