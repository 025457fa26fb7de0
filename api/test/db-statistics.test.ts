/**
 * Planner statistics on PostgreSQL (src/db/statistics.ts): a freshly created database leaves no
 * table unanalysed once the app has started, so the one-user lookups every request makes (the
 * session lookup, the SCIM connection's creator) are planned from real sizes — index probes and
 * nested loops, never hash joins or parallel workers sized for 2 000-row guesses. SQLite plans
 * without statistics of this kind, so these cases run on PostgreSQL only (TEST_DATABASE_URL, set
 * in CI).
 */
import { sql } from 'kysely';
import { analyzeNeverAnalyzed } from '../src/db/statistics';
import { userWithRolesQuery } from '../src/repositories/usuarios-repository';
import { buildTestApp, createTestDatabase, DATABASES, type TestDatabase } from './helper';

const postgres = DATABASES.includes('postgres') ? describe : describe.skip;

postgres('planner statistics on postgres', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(() => db.drop());

  it('leaves no table of the schema unanalysed after start-up, and has nothing left to do on the next', async () => {
    const { app } = await buildTestApp(db);
    try {
      const { rows } = await sql<{ relname: string }>`
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind = 'r' and c.reltuples < 0`.execute(
        app.db,
      );
      expect(rows).toEqual([]);
      expect(await analyzeNeverAnalyzed(app.db)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('plans the lookup of a user with their roles without parallel workers or hash joins', async () => {
    const { app } = await buildTestApp(db);
    try {
      const compiled = userWithRolesQuery(app.db, 1);
      const { rows } = await app.db.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `explain ${compiled.sql}`,
      });
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Gather|Parallel|Hash Join/);
    } finally {
      await app.close();
    }
  });
});
