/**
 * "With the defaults, no admin reaches the console without a second factor" (issue #16), on
 * SQLite and PostgreSQL, with the product's defaults kept (`adminMfa: true`; the other suites
 * switch the requirement off, see helper.ts `relaxAdminMfa`):
 * - a fresh database's first admin gets `{mfa: {token, configurar: true}}` for the right password
 *   and no session; that token opens no endpoint a caller without any token could not reach,
 *   except the enrolment calls; enrolling an authenticator app starts the session;
 * - migration 0013 switches `admin` on in an existing database and closes the sessions of admins
 *   without an authenticator app; a restart (the seed again) keeps an admin's decision to switch
 *   it off.
 */
import { ADMIN_ROLE } from '@gestion/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { adminMfaObligatorio } from '../src/db/migrations/0013-admin-mfa-obligatorio';
import { createUser } from './admin-fixtures';
import { collectEndpoints } from './fuzz-requests';
import {
  ADMIN,
  DATABASES,
  bearer,
  buildTestApp,
  createTestDatabase,
  login,
  type TestApp,
  type TestDatabase,
} from './helper';
import { codeAt, loginMfa, meWith, passwordSession, secondStep } from './mfa-fixtures';
import { post } from './ciclo-fixtures';

/** What an enrolment token may call (issue #16: TOTP, or a passkey's registration). */
const ENROLMENT = new Set([
  'POST /api/auth/mfa/totp',
  'POST /api/auth/mfa/totp/activate',
  'POST /api/auth/passkeys/registration-options',
  'POST /api/auth/passkeys',
]);

const adminRole = (app: FastifyInstance) =>
  app.db
    .selectFrom('roles')
    .select(['id', 'mfa_obligatorio', 'version'])
    .where('nombre', '=', ADMIN_ROLE)
    .executeTakeFirstOrThrow();

describe.each(DATABASES)('the admin role requires a second factor by default (%s)', (dialect) => {
  let db: TestDatabase;
  let t: TestApp;
  /** ADMIN's authenticator secret, once the first test enrolled it. */
  let adminSecret = '';

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    t = await buildTestApp(db, { adminMfa: true });
  });
  afterAll(async () => {
    await t?.app.close();
    await db?.drop();
  });

  it('walks the first admin from the password to enrolment; the token opens nothing else', async () => {
    expect(Number((await adminRole(t.app)).mfa_obligatorio)).toBe(1);
    const res = await login(t.app, ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa: { token: expect.any(String), configurar: true } });
    const { token } = res.json<{ mfa: { token: string } }>().mfa;

    // Every endpoint answers that bearer exactly as it answers a caller with no token at all.
    const differing: string[] = [];
    for (const ep of collectEndpoints(t.app)) {
      const key = `${ep.method} ${ep.path}`;
      if (ENROLMENT.has(key)) continue;
      const opts: InjectOptions = {
        method: ep.method,
        url: ep.path.replace(/:[A-Za-z0-9_]+/g, '1'),
        ...(ep.method === 'GET' || ep.method === 'DELETE' ? {} : { payload: {} }),
      };
      const anonymous = await t.app.inject(opts);
      const withToken = await t.app.inject({ ...opts, headers: bearer(token) });
      if (withToken.statusCode !== anonymous.statusCode)
        differing.push(`${key}: ${anonymous.statusCode} → ${withToken.statusCode}`);
    }
    expect(differing).toEqual([]);
    expect((await meWith(t.app, token)).statusCode).toBe(401);

    const enrol = await post(t.app, '/api/auth/mfa/totp', {}, token);
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json<{ secret: string }>();
    adminSecret = secret;
    const act = await post(
      t.app,
      '/api/auth/mfa/totp/activate',
      { codigo: await codeAt(secret, t.clock.now()) },
      token,
    );
    expect(act.statusCode).toBe(200);
    const signed = act.json<{ token: string; user: { email: string } }>();
    expect(signed.user.email).toBe(ADMIN.email);
    expect((await meWith(t.app, signed.token)).statusCode).toBe(200);

    // From now on: password, then a code.
    t.clock.advance(60_000);
    const next = await secondStep(t.app, ADMIN.email, ADMIN.password);
    expect(next.metodos).toEqual(['totp', 'recuperacion']);
    const ok = await loginMfa(t.app, next.token, await codeAt(secret, t.clock.now()));
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { email: ADMIN.email } });
  });

  it('migration 0013 switches admin on in an existing database and signs out admins without a factor', async () => {
    const migration = adminMfaObligatorio(dialect);
    // The database as migration 0011 left it: every role off.
    await migration.down!(t.app.db as never);
    expect(Number((await adminRole(t.app)).mfa_obligatorio)).toBe(0);
    // ADMIN enrolled above: its factor stays, so it signs in with a code.
    t.clock.advance(60_000);
    const step = await secondStep(t.app, ADMIN.email, ADMIN.password);
    const enrolled = (
      await loginMfa(t.app, step.token, await codeAt(adminSecret, t.clock.now()))
    ).json<{ token: string }>().token;
    const other = await createUser(t.app, enrolled, { roles: [ADMIN_ROLE] });
    const otherSession = await passwordSession(t.app, other.email);
    const plain = await createUser(t.app, enrolled, { roles: ['gestor'] });
    const plainSession = await passwordSession(t.app, plain.email);

    await migration.up(t.app.db as never);

    expect(Number((await adminRole(t.app)).mfa_obligatorio)).toBe(1);
    expect((await meWith(t.app, otherSession)).statusCode).toBe(401);
    expect((await meWith(t.app, enrolled)).statusCode).toBe(200);
    expect((await meWith(t.app, plainSession)).statusCode).toBe(200);
    expect((await secondStep(t.app, other.email)).configurar).toBe(true);
  });

  it('keeps an admin’s decision to switch it off across a restart', async () => {
    t.clock.advance(60_000);
    const step = await secondStep(t.app, ADMIN.email, ADMIN.password);
    const session = (
      await loginMfa(t.app, step.token, await codeAt(adminSecret, t.clock.now()))
    ).json<{ token: string }>().token;
    const rol = await adminRole(t.app);
    const relaxed = await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${rol.id}`,
      headers: bearer(session),
      payload: { mfaObligatorio: false, version: rol.version },
    });
    expect(relaxed.json()).toMatchObject({ nombre: ADMIN_ROLE, mfaObligatorio: false });
    const audit = await t.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'roles.editar')
      .where('objetivo_id', '=', String(rol.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.cambios!)).toMatchObject({
      antes: { mfaObligatorio: true },
      despues: { mfaObligatorio: false },
    });

    const restarted = await buildTestApp(db, { adminMfa: true, clock: t.clock });
    try {
      expect(Number((await adminRole(restarted.app)).mfa_obligatorio)).toBe(0);
    } finally {
      await restarted.app.close();
    }
  });
});
