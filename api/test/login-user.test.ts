/**
 * The user a sign-in answers with (issue #2 login benchmark: its query's SQL is built once per
 * database and reused with each user's id): each sign-in gets its own user, with the same roles
 * and permisos, in the same order, as GET /api/auth/me — on every database of DATABASES.
 */
import type { LoginResponse } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { removeAllRoles } from '../src/repositories/roles-repository';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  buildTestApp,
  createTestDatabase,
  login,
  me,
  registerUser,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('the signed-in user on %s', (dialect) => {
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

  async function signIn(email: string, password: string): Promise<LoginResponse> {
    const res = await login(app, email, password);
    expect(res.statusCode).toBe(200);
    return res.json<LoginResponse>();
  }

  it('is, for each of several users in turn, exactly what /me answers for its token', async () => {
    const plain = await registerUser(app, 'uno');
    const sinRoles = await registerUser(app, 'sin-roles');
    await removeAllRoles(app.db, sinRoles.id);
    const accounts = [
      { email: plain.email, password: PASSWORD, id: plain.id },
      { email: ADMIN.email, password: ADMIN.password },
      { email: sinRoles.email, password: PASSWORD, id: sinRoles.id },
    ];
    // Twice round, so each user's lookup follows another user's.
    for (const account of [...accounts, ...accounts]) {
      const body = await signIn(account.email, account.password);
      expect(body.user.email).toBe(account.email);
      if (account.id !== undefined) expect(body.user.id).toBe(account.id);
      expect((await me(app, body.token)).json()).toEqual({ user: body.user });
    }
    const sinRolesBody = await signIn(sinRoles.email, PASSWORD);
    expect(sinRolesBody.user.roles).toEqual([]);
    const plainBody = await signIn(plain.email, PASSWORD);
    expect(plainBody.user.roles).toEqual([
      {
        nombre: 'usuario',
        permisos: [
          { nombre: 'eventos:ver' },
          { nombre: 'periodos:ver' },
          { nombre: 'informes:ver' },
        ],
      },
    ]);
  });
});
