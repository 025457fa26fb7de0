/**
 * /api/sso/proveedores (issue #18) on SQLite and PostgreSQL, against a real OpenID provider:
 * the write-only secret (encrypted at rest), discovery's named refusals and the loopback-only
 * http rule, versions and names, delegation over the mapping, the public list of /login.
 */
import { SSO_ERROR_CODES, type ProveedorSso } from '@gestion/shared';
import { createUser, signIn } from './admin-fixtures';
import { bearer, DATABASES, uniqueEmail } from './helper';
import { buildSsoWorld, createProveedor, type SsoWorld } from './sso-fixtures';

describe.each(DATABASES)('/api/sso/proveedores (%s)', (dialect) => {
  let w: SsoWorld;
  beforeAll(async () => {
    w = await buildSsoWorld(dialect);
  });
  afterAll(() => w?.close());

  const post = (token: string, payload: Record<string, unknown>) =>
    w.app.inject({
      method: 'POST',
      url: '/api/sso/proveedores',
      headers: bearer(token),
      payload: {
        nombre: `P ${Math.random()}`,
        issuer: w.op.issuer,
        clientId: w.op.clientId,
        clientSecret: w.op.clientSecret,
        ...payload,
      },
    });

  it('never returns the client secret and stores it encrypted', async () => {
    const p = await createProveedor(w, { nombre: 'Keycloak de pruebas' });
    expect(p).toMatchObject({
      nombre: 'Keycloak de pruebas',
      issuer: w.op.issuer,
      clientSecretConfigurado: true,
      scopes: ['openid', 'email', 'profile', 'groups'],
      dominios: ['empresa.es'],
      claimGrupos: 'groups',
      activo: true,
      obligatorio: false,
      version: 1,
      redirectUri: `http://127.0.0.1:3999/api/auth/sso/${p.id}/callback`,
    });
    const one = await w.app.inject({
      method: 'GET',
      url: `/api/sso/proveedores/${p.id}`,
      headers: bearer(w.admin),
    });
    const list = await w.app.inject({
      method: 'GET',
      url: '/api/sso/proveedores',
      headers: bearer(w.admin),
    });
    for (const res of [one, list]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(w.op.clientSecret);
      expect(res.body).not.toContain('"clientSecret"');
    }
    const row = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'sso.proveedor_crear')
      .where('objetivo_id', '=', String(p.id))
      .executeTakeFirstOrThrow();
    expect(String(row.cambios)).not.toContain(w.op.clientSecret);
    const stored = await w.app.db
      .selectFrom('sso_proveedores' as never)
      .select('client_secret_cifrado' as never)
      .where('id' as never, '=', p.id as never)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(w.op.clientSecret);
    expect(JSON.stringify(stored)).toMatch(/v1\./);
  });

  it('names what is wrong with the issuer: not https, not answering, another issuer', async () => {
    const insecure = await post(w.admin, { issuer: 'http://sso.example.org/realms/x' });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json()).toMatchObject({ code: SSO_ERROR_CODES.issuerInseguro });

    const silent = await post(w.admin, { issuer: 'http://127.0.0.1:1' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toMatchObject({ code: SSO_ERROR_CODES.issuerNoResponde });

    // The provider at 127.0.0.1 says its issuer is http://127.0.0.1:<port>, not localhost.
    const other = await post(w.admin, { issuer: w.op.issuer.replace('127.0.0.1', 'localhost') });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: SSO_ERROR_CODES.issuerNoCoincide });

    const bad = await post(w.admin, { issuer: 'no es una url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: [{ field: 'issuer' }] });
  });

  it('refuses unknown roles, a creating provider without a default role, a taken name and a stale version', async () => {
    const unknown = await post(w.admin, { mapeoGrupos: [{ grupo: 'g', rol: 'no-existe' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ details: [{ field: 'mapeoGrupos' }] });

    const sinRol = await post(w.admin, { crearUsuarios: true });
    expect(sinRol.statusCode).toBe(400);
    expect(sinRol.json()).toMatchObject({ details: [{ field: 'rolPorDefecto' }] });

    const p = await createProveedor(w, { nombre: 'Único' });
    const taken = await post(w.admin, { nombre: 'único' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: SSO_ERROR_CODES.nombreEnUso });

    const patch = (version: number, body: Record<string, unknown>) =>
      w.app.inject({
        method: 'PATCH',
        url: `/api/sso/proveedores/${p.id}`,
        headers: bearer(w.admin),
        payload: { version, ...body },
      });
    const ok = await patch(1, { dominios: ['@Empresa.es', 'filial.es'], activo: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ProveedorSso>()).toMatchObject({
      dominios: ['empresa.es', 'filial.es'],
      activo: false,
      clientSecretConfigurado: true,
      version: 2,
    });
    const stale = await patch(1, { nombre: 'Otro' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });

    const del = await w.app.inject({
      method: 'DELETE',
      url: `/api/sso/proveedores/${p.id}`,
      headers: bearer(w.admin),
    });
    expect(del.statusCode).toBe(204);
    const gone = await w.app.inject({
      method: 'GET',
      url: `/api/sso/proveedores/${p.id}`,
      headers: bearer(w.admin),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('lets a mapping give only roles its writer may give (delegation), and audits the refusal', async () => {
    const rol = `ajustes-${Math.random().toString(36).slice(2, 8)}`;
    const created = await w.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(w.admin),
      payload: { nombre: rol, permisos: ['configuracion:gestionar'] },
    });
    expect(created.statusCode).toBe(201);
    const u = await createUser(w.app, w.admin, { roles: [rol] });
    const { token } = await signIn(w.app, u.email);

    for (const mapeo of [{ rol: 'admin' }, { rol: 'gestor' }]) {
      const res = await post(token, { mapeoGrupos: [{ grupo: 'g', ...mapeo }] });
      expect([mapeo.rol, res.statusCode]).toEqual([mapeo.rol, 403]);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'mapeoGrupos' }] });
    }
    const asDefault = await post(token, { crearUsuarios: true, rolPorDefecto: 'admin' });
    expect(asDefault.statusCode).toBe(403);
    const audited = await w.app.db
      .selectFrom('auditoria')
      .select('id')
      .where('accion', '=', 'seguridad.escalada_rechazada')
      .where('actor_id', '=', u.id)
      .execute();
    expect(audited).toHaveLength(3);

    const own = await post(token, { mapeoGrupos: [{ grupo: 'g', rol }] });
    expect(own.statusCode).toBe(201);

    // A provider mapping to `admin` (written by the admin) is out of the non-admin's hands.
    const adminMap = await createProveedor(w, { mapeoGrupos: [{ grupo: 'g', rol: 'admin' }] });
    const del = await w.app.inject({
      method: 'DELETE',
      url: `/api/sso/proveedores/${adminMap.id}`,
      headers: bearer(token),
    });
    expect(del.statusCode).toBe(403);
  });

  it('asks for step-up before a provider gives admin, by default role or by mapping', async () => {
    // The admin signed in eleven minutes ago and has not entered the password since.
    const aged = w.app.now() - 11 * 60_000;
    await w.app.db.updateTable('sesiones').set({ creada_en: aged, reautenticado_en: null }).execute();
    try {
      const byMapping = await post(w.admin, { mapeoGrupos: [{ grupo: 'ti', rol: 'admin' }] });
      expect([byMapping.statusCode, byMapping.json<{ code: string }>().code]).toEqual([
        403,
        'REAUTENTICACION_REQUERIDA',
      ]);
      const byDefault = await post(w.admin, { crearUsuarios: true, rolPorDefecto: 'admin' });
      expect(byDefault.statusCode).toBe(403);
      const created = await post(w.admin, { mapeoGrupos: [{ grupo: 'ti', rol: 'usuario' }] });
      expect(created.statusCode).toBe(201);
      const p = created.json<ProveedorSso>();
      const toAdmin = await w.app.inject({
        method: 'PATCH',
        url: `/api/sso/proveedores/${p.id}`,
        headers: bearer(w.admin),
        payload: { version: p.version, mapeoGrupos: [{ grupo: 'ti', rol: 'admin' }] },
      });
      expect(toAdmin.json<{ code: string }>().code).toBe('REAUTENTICACION_REQUERIDA');
    } finally {
      await w.app.db.updateTable('sesiones').set({ reautenticado_en: w.app.now() }).execute();
    }
  });

  it('needs configuracion:gestionar; the public list has only the active ones, id and nombre', async () => {
    const plain = await createUser(w.app, w.admin, { email: uniqueEmail('plain') });
    const { token } = await signIn(w.app, plain.email);
    const refused = await w.app.inject({
      method: 'GET',
      url: '/api/sso/proveedores',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);

    const visible = await createProveedor(w, { nombre: 'Visible' });
    const hidden = await createProveedor(w, { nombre: 'Oculto', activo: false });
    const pub = await w.app.inject({ method: 'GET', url: '/api/auth/sso/proveedores' });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    const items = pub.json<{ id: number; nombre: string }[]>();
    expect(items).toContainEqual({ id: visible.id, nombre: 'Visible' });
    expect(items.map((i) => i.id)).not.toContain(hidden.id);
    for (const i of items) expect(Object.keys(i).sort()).toEqual(['id', 'nombre']);

    const start = await w.app.inject({ method: 'GET', url: `/api/auth/sso/${hidden.id}/start` });
    expect(start.headers.location).toBe(
      `/login/sso?error=${SSO_ERROR_CODES.proveedorNoDisponible}`,
    );
  });
});
