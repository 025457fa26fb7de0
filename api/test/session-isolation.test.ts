/**
 * The session check reads only committed data (issue #2, DESIGN.md §3: a role change applies on
 * the next request — a change that is rolled back never applied). On SQLite the lookup runs on
 * its own read-only connection; were it on Kysely's, it would see a transaction that another
 * request holds open across awaits.
 */
import type { FastifyInstance } from 'fastify';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  me,
  registerUser,
  type TestDatabase,
} from './helper';

interface MeBody {
  user: { roles: { nombre: string }[] };
}

describe.each(DATABASES)('session lookup isolation on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildTestApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('does not grant a role that an open transaction added and then rolls back', async () => {
    const user = await registerUser(app, 'aislado');
    const gestor = await app.db
      .selectFrom('roles')
      .select('id')
      .where('nombre', '=', 'gestor')
      .executeTakeFirstOrThrow();
    let seenInside: string[] = [];
    await expect(
      app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('usuario_roles')
          .values({ usuario_id: user.id, rol_id: gestor.id })
          .execute();
        const res = await me(app, user.token);
        seenInside = res.json<MeBody>().user.roles.map((r) => r.nombre);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(seenInside).toEqual(['usuario']);
    const after = await me(app, user.token);
    expect(after.json<MeBody>().user.roles.map((r) => r.nombre)).toEqual(['usuario']);
  });

  it('sees a committed role change on the next request', async () => {
    const user = await registerUser(app, 'comprometido');
    const gestor = await app.db
      .selectFrom('roles')
      .select('id')
      .where('nombre', '=', 'gestor')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('usuario_roles')
      .values({ usuario_id: user.id, rol_id: gestor.id })
      .execute();
    const res = await me(app, user.token);
    expect(
      res
        .json<MeBody>()
        .user.roles.map((r) => r.nombre)
        .sort(),
    ).toEqual(['gestor', 'usuario']);
  });
});
