/**
 * GET /api/usuarios/:id/mfa (issue #16, the user page): an administrator sees another user's
 * second factor — the active methods, the recovery codes left, whether their roles require one —
 * before resetting it; the reset's delegation rule applies (a non-admin never on an admin, the
 * refusal audited), usuarios:editar is needed, and an unknown id is 404. SQLite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN, DATABASES, bearer, expectErrorShape, login } from './helper';
import { createUser } from './admin-fixtures';
import { buildCicloWorld, post, type CicloWorld } from './ciclo-fixtures';
import { codeAt, loginMfa, passwordSession, secondStep, userWithTotp } from './mfa-fixtures';

describe.each(DATABASES)("second factor: a user's factors on the user page (%s)", (dialect) => {
  let w: CicloWorld;
  let admin: string;
  let adminId: number;
  const factorsOf = (token: string, id: number) =>
    w.app.inject({ method: 'GET', url: `/api/usuarios/${id}/mfa`, headers: bearer(token) });

  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
    // One admin session for the file: the seeded admin role may require a second factor, so its
    // first sign-in may be the enrolment step (issue #16), done here with the bearer it gives.
    const res = await login(w.app, ADMIN.email, ADMIN.password);
    const body = res.json<{ token?: string; user?: { id: number }; mfa?: { token: string } }>();
    if (body.token) {
      admin = body.token;
      adminId = body.user!.id;
    } else {
      const enrol = await post(w.app, '/api/auth/mfa/totp', {}, body.mfa!.token);
      const { secret } = enrol.json<{ secret: string }>();
      const codigo = await codeAt(secret, w.clock.now());
      const act = await post(w.app, '/api/auth/mfa/totp/activate', { codigo }, body.mfa!.token);
      const signed = act.json<{ token: string; user: { id: number } }>();
      admin = signed.token;
      adminId = signed.user.id;
    }
  });
  afterAll(() => w.close());

  it('shows an admin the factors and the codes left, and nothing once reset', async () => {
    const plain = await createUser(w.app, admin, {});
    const none = await factorsOf(admin, plain.id);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      metodos: [],
      totp: { activo: false, pendiente: false, activadoEn: null },
      codigosRecuperacionRestantes: 0,
      obligatorio: false,
    });

    const u = await userWithTotp(w.app, admin, w.clock.now());
    const step = await secondStep(w.app, u.email);
    expect((await loginMfa(w.app, step.token, u.codigos[0]!)).statusCode).toBe(200);
    const seen = await factorsOf(admin, u.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      metodos: ['totp'],
      totp: { activo: true, activadoEn: expect.any(String) },
      codigosRecuperacionRestantes: 9,
      obligatorio: false,
    });

    expect(
      (await post(w.app, `/api/usuarios/${u.id}/mfa/reset`, { motivo: 'Móvil perdido' }, admin))
        .statusCode,
    ).toBe(204);
    expect((await factorsOf(admin, u.id)).json()).toMatchObject({
      metodos: [],
      codigosRecuperacionRestantes: 0,
    });
    expectErrorShape(await factorsOf(admin, 2_000_000_000), 404, 'NOT_FOUND');
  });

  it('refuses a reader without usuarios:editar, and a non-admin looking at an admin (audited)', async () => {
    const role = async (permisos: string[]) => {
      const nombre = `r-${randomBytes(3).toString('hex')}`;
      expect((await post(w.app, '/api/roles', { nombre, permisos }, admin)).statusCode).toBe(201);
      const user = await createUser(w.app, admin, { roles: [nombre] });
      return passwordSession(w.app, user.email);
    };
    const viewer = await role(['usuarios:ver']);
    expectErrorShape(await factorsOf(viewer, adminId), 403, 'FORBIDDEN');

    const soporte = await role(['usuarios:ver', 'usuarios:editar']);
    expectErrorShape(await factorsOf(soporte, adminId), 403, 'FORBIDDEN');
    const refusals = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'seguridad.escalada_rechazada')
      .where('objetivo_id', '=', String(adminId))
      .execute();
    expect(refusals.some((r) => (r.cambios ?? '').includes('verMfa'))).toBe(true);
    // A user the support role may act on (no permission beyond its own) is shown.
    const plain = await createUser(w.app, admin, {});
    expect((await factorsOf(soporte, plain.id)).statusCode).toBe(200);
  });
});
