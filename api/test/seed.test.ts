/**
 * First start and restarts (issue #2): migrations and seeding are idempotent, the first admin
 * is created once, a generated password is handed out exactly once, and passwords are hashed
 * with argon2id at OWASP cost.
 */
import { ADMIN_ROLE, ALL_PERMISSIONS, SEEDED_ROLES } from '@gestion/shared';
import { buildApp } from '../src/app';
import { OWASP_ARGON2ID } from '../src/lib/passwords';
import { getAjuste } from '../src/repositories/ajustes-repository';
import {
  DATABASES,
  FAST_HASHING,
  createTestDatabase,
  login,
  testConfig,
  type TestDatabase,
} from './helper';

describe.each(DATABASES)('seeding on %s', (dialect) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await db.drop();
  });

  const start = (env: { adminEmail?: string; adminPassword?: string } = {}) => {
    const config = testConfig(db.config, { adminEmail: env.adminEmail ?? 'admin@localhost' });
    if (env.adminPassword) config.adminPassword = env.adminPassword;
    else delete config.adminPassword;
    return buildApp(config, { logger: false, passwordHashing: FAST_HASHING });
  };

  it('generates the first admin password once; a restart neither duplicates nor re-prints anything', async () => {
    const first = await start();
    const { adminCreated, generatedPassword } = first.seedResult;
    expect(adminCreated).toEqual({ email: 'admin@localhost' });
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await login(first, 'admin@localhost', generatedPassword!)).statusCode).toBe(200);
    await first.close();

    const second = await start();
    expect(second.seedResult).toEqual({});
    const admins = await second.db
      .selectFrom('usuario_roles')
      .innerJoin('roles', 'roles.id', 'usuario_roles.rol_id')
      .select('usuario_roles.usuario_id')
      .where('roles.nombre', '=', ADMIN_ROLE)
      .execute();
    expect(admins).toHaveLength(1);
    const roles = await second.db.selectFrom('roles').select('nombre').orderBy('nombre').execute();
    expect(roles.map((r) => r.nombre)).toEqual(SEEDED_ROLES.map((r) => r.nombre).sort());
    const permisos = await second.db
      .selectFrom('permisos')
      .select(['nombre', 'descripcion', 'grupo'])
      .execute();
    expect(permisos).toHaveLength(ALL_PERMISSIONS.length);
    expect(permisos).toContainEqual({
      nombre: 'eventos:ver',
      descripcion: 'Ver eventos',
      grupo: 'eventos',
    });
    const gestor = await second.db
      .selectFrom('rol_permisos')
      .innerJoin('roles', 'roles.id', 'rol_permisos.rol_id')
      .select('rol_permisos.permiso_id')
      .where('roles.nombre', '=', 'gestor')
      .execute();
    expect(gestor).toHaveLength(SEEDED_ROLES.find((r) => r.nombre === 'gestor')!.permisos.length);
    // The generated password still works: nothing was reset.
    expect((await login(second, 'admin@localhost', generatedPassword!)).statusCode).toBe(200);
    await second.close();
  });

  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD and prints no password', async () => {
    const app = await start({
      adminEmail: 'jefa@example.org',
      adminPassword: 'Jefa-Clave-Larga-1',
    });
    expect(app.seedResult).toEqual({ adminCreated: { email: 'jefa@example.org' } });
    expect((await login(app, 'jefa@example.org', 'Jefa-Clave-Larga-1')).statusCode).toBe(200);
    await app.close();
  });

  it('never overwrites settings changed by an administrator', async () => {
    const first = await start();
    expect(await getAjuste(first.db, 'registro_abierto')).toBe(true);
    expect(await getAjuste(first.db, 'rol_por_defecto')).toBe('usuario');
    await first.db
      .updateTable('ajustes')
      .set({ valor: 'false' })
      .where('clave', '=', 'registro_abierto')
      .execute();
    await first.close();
    const second = await start();
    expect(await getAjuste(second.db, 'registro_abierto')).toBe(false);
    await second.close();
  });
});

describe('password hashing at the real OWASP cost', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('stores argon2id (m=19456, t=2, p=1) hashes and signs in with them', async () => {
    const app = await buildApp(testConfig(db.config), {
      logger: false,
      passwordHashing: OWASP_ARGON2ID,
    });
    const row = await app.db
      .selectFrom('usuarios')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const ok = await login(app, 'admin@test.local', 'Admin-Clave-Segura-2026');
    expect(ok.statusCode).toBe(200);
    // Unknown e-mails verify a dummy hash: comparable work, so timing does not reveal accounts.
    const t0 = performance.now();
    await login(app, 'admin@test.local', 'otra-clave-mala');
    const known = performance.now() - t0;
    const t1 = performance.now();
    await login(app, 'nadie@test.local', 'otra-clave-mala');
    const unknown = performance.now() - t1;
    expect(unknown).toBeGreaterThan(known / 4);
    await app.close();
  });
});
