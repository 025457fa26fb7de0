/**
 * Single sign-on's effects on accounts (issue #18), SQLite and PostgreSQL, with a real OpenID
 * provider: roles from the groups claim re-synced at each sign-in (hand-given roles kept),
 * `obligatorio` closing password sign-in and reset for its domains, and the second factor of
 * issue #16 still asked after the provider.
 */
import { LIFECYCLE_TTL_MS, SSO_ERROR_CODES } from '@gestion/shared';
import { TOKEN_TIPOS, issueToken } from '../src/repositories/tokens-cuenta-repository';
import { createUser } from './admin-fixtures';
import { bearer, DATABASES, login, PASSWORD } from './helper';
import { buildSsoWorld, createProveedor, rolesOf, ssoSignIn, type SsoWorld } from './sso-fixtures';

let seq = 0;
const unique = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

describe.each(DATABASES)('single sign-on and accounts (%s)', (dialect) => {
  let w: SsoWorld;
  beforeAll(async () => {
    w = await buildSsoWorld(dialect);
  });
  afterAll(() => w?.close());

  async function role(permisos: string[] = ['eventos:ver']): Promise<string> {
    const nombre = unique('rol');
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(w.admin),
      payload: { nombre, permisos },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return nombre;
  }

  it('gives and takes the mapped roles at every sign-in and leaves hand-given roles alone', async () => {
    const [ventas, manual, ambos] = [await role(), await role(), await role()];
    const p = await createProveedor(w, {
      dominios: ['grupos.es'],
      mapeoGrupos: [
        { grupo: 'ventas', rol: ventas },
        { grupo: 'comercial', rol: ambos },
      ],
    });
    // `manual` and `ambos` are given by hand; `ambos` is also what group `comercial` maps to.
    const u = await createUser(w.app, w.admin, {
      email: `${unique('eva')}@grupos.es`,
      roles: [manual, ambos],
    });
    w.op.setAccount('eva', {
      email: u.email,
      email_verified: true,
      groups: ['ventas', 'comercial'],
    });
    const first = await ssoSignIn(w, p.id, 'eva');
    const t1 = first.res!.json<{ token: string }>().token;
    expect(await rolesOf(w, t1)).toEqual([ambos, manual, ventas].sort());

    w.op.setAccount('eva', { email: u.email, email_verified: true, groups: ['otro'] });
    const second = await ssoSignIn(w, p.id, 'eva');
    const t2 = second.res!.json<{ token: string }>().token;
    expect(await rolesOf(w, t2)).toEqual([ambos, manual].sort());

    w.op.setAccount('eva', { email: u.email, email_verified: true, groups: ['ventas'] });
    const third = await ssoSignIn(w, p.id, 'eva');
    expect(await rolesOf(w, third.res!.json<{ token: string }>().token)).toEqual(
      [ambos, manual, ventas].sort(),
    );

    const audit = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'sso.roles')
      .where('objetivo_id', '=', String(u.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => JSON.parse(String(a.cambios)) as object)).toEqual([
      expect.objectContaining({ añadidos: [ventas] }),
      expect.objectContaining({ quitados: [ventas] }),
      expect.objectContaining({ añadidos: [ventas] }),
    ]);
  });

  it('obligatorio: no password sign-in nor reset for its domains, whoever the account', async () => {
    const p = await createProveedor(w, {
      nombre: 'Entra de la empresa',
      dominios: ['obligada.es'],
      obligatorio: true,
    });
    const u = await createUser(w.app, w.admin, { email: `${unique('ana')}@obligada.es` });
    const unknown = `${unique('nadie')}@obligada.es`;
    for (const email of [u.email, unknown]) {
      const res = await login(w.app, email, PASSWORD);
      expect([email, res.statusCode]).toEqual([email, 403]);
      expect(res.json()).toMatchObject({
        code: SSO_ERROR_CODES.obligatorio,
        message: expect.stringContaining('Entra de la empresa'),
        details: [{ field: 'proveedorId', message: String(p.id) }],
      });
    }

    const mails = async () =>
      Number(
        (
          await w.app.db
            .selectFrom('correos')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await mails();
    for (const email of [u.email, unknown]) {
      const forgot = await w.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email },
      });
      expect([email, forgot.statusCode]).toEqual([email, 403]);
      expect(forgot.json()).toMatchObject({ code: SSO_ERROR_CODES.obligatorio });
    }
    const byAdmin = await w.app.inject({
      method: 'POST',
      url: `/api/usuarios/${u.id}/password-reset`,
      headers: bearer(w.admin),
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ code: SSO_ERROR_CODES.obligatorio });
    expect(await mails()).toBe(before);

    // A link mailed before the provider became obligatorio no longer resets.
    const token = await issueToken(w.app.db, {
      usuarioId: u.id,
      tipo: TOKEN_TIPOS.reset,
      ttlMs: LIFECYCLE_TTL_MS.reset,
      now: Date.UTC(2026, 0, 15, 9, 0, 0),
    });
    const reset = await w.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'Otra-Clave-Muy-Segura-2026' },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ code: SSO_ERROR_CODES.obligatorio });

    // The provider still signs the user in; another domain keeps its password.
    w.op.setAccount('ana', { email: u.email, email_verified: true });
    expect((await ssoSignIn(w, p.id, 'ana')).res?.statusCode).toBe(200);
    const other = await createUser(w.app, w.admin, { email: `${unique('luis')}@libre.es` });
    expect((await login(w.app, other.email, PASSWORD)).statusCode).toBe(200);

    // Switched off, the password works again.
    const off = await w.app.inject({
      method: 'PATCH',
      url: `/api/sso/proveedores/${p.id}`,
      headers: bearer(w.admin),
      payload: { version: p.version, obligatorio: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await login(w.app, u.email, PASSWORD)).statusCode).toBe(200);
  });

  it('asks for the second factor after the provider when the roles require one (issue #16)', async () => {
    const mfaRol = await role();
    await w.app.db
      .updateTable('roles')
      .set({ mfa_obligatorio: 1 })
      .where('nombre', '=', mfaRol)
      .execute();
    const p = await createProveedor(w, {
      dominios: ['mfa.es'],
      crearUsuarios: true,
      rolPorDefecto: mfaRol,
    });
    w.op.setAccount('mario', { email: `${unique('mario')}@mfa.es`, email_verified: true });
    const r = await ssoSignIn(w, p.id, 'mario');
    expect(r.res?.statusCode).toBe(200);
    const body = r.res!.json<Record<string, unknown>>();
    expect(body).toEqual({ mfa: { token: expect.any(String), configurar: true } });
    const sesiones = await w.app.db
      .selectFrom('sesiones')
      .innerJoin('usuarios', 'usuarios.id', 'sesiones.usuario_id')
      .select('sesiones.id')
      .where('usuarios.email', 'like', 'mario-%')
      .execute();
    expect(sesiones).toHaveLength(0);
  });
});
