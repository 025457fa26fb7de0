/**
 * Effective roles (issue #17) on every database of DATABASES: a user holds their own roles plus
 * their groups'. GET /api/auth/me and the sign-in answer carry them in SPEC's shape, with
 * `origen` on a role a group gives; every permission check sees them at the next request (no
 * cache to invalidate); the per-role second-factor requirement and step-up count group roles.
 */
import { MFA_ERROR_CODES, type Grupo, type User } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { DATABASES, PASSWORD, login, me } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

describe.each(DATABASES)('effective roles through groups on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;

  withAdminWorld(dialect, (x) => ({ w, app, admin } = x));

  const req = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = admin,
  ) => call(app, token, { method, url, ...(payload ? { payload } : {}) });
  const group = async (nombre: string, roles: string[]) => {
    const res = await req('POST', '/api/grupos', { nombre, roles });
    expect(res.statusCode).toBe(201);
    return res.json<Grupo>();
  };
  const members = (id: number, body: object, token = admin) =>
    req('PUT', `/api/grupos/${id}/miembros`, body, token);
  const meRoles = async (token: string) => (await me(app, token)).json<{ user: User }>().user.roles;

  it('gives a member the group roles in /me and in every permission check, at once', async () => {
    const u = await createUser(app, admin, { roles: [] });
    const token = (await signIn(app, u.email)).token;
    expect(await meRoles(token)).toEqual([]);
    expect((await req('GET', '/api/eventos', undefined, token)).statusCode).toBe(403);

    const g = await group('Planificación', ['gestor']);
    expect((await members(g.id, { añadir: [u.id] })).statusCode).toBe(200);
    const roles = await meRoles(token);
    expect(roles.map((r) => [r.nombre, r.origen])).toEqual([
      ['gestor', { directo: false, grupos: ['Planificación'] }],
    ]);
    expect(roles[0]!.permisos.map((p) => p.nombre)).toContain('eventos:ver');
    expect((await req('GET', '/api/eventos', undefined, token)).statusCode).toBe(200);

    // Taking the role from the group, or the member from the group, is seen at the next request.
    await req('PATCH', `/api/grupos/${g.id}`, { roles: [], version: g.version });
    expect((await req('GET', '/api/eventos', undefined, token)).statusCode).toBe(403);
    await req('PATCH', `/api/grupos/${g.id}`, { roles: ['gestor'], version: g.version + 1 });
    expect((await req('GET', '/api/eventos', undefined, token)).statusCode).toBe(200);
    await members(g.id, { quitar: [u.id] });
    expect((await req('GET', '/api/eventos', undefined, token)).statusCode).toBe(403);
    expect(await meRoles(token)).toEqual([]);
  });

  it('merges an own role and the same role from two groups: permissions once, both origins', async () => {
    const u = await createUser(app, admin, { roles: ['usuario'] });
    const a = await group('Origen A', ['usuario', 'gestor']);
    const b = await group('Origen B', ['gestor']);
    await members(a.id, { añadir: [u.id] });
    await members(b.id, { añadir: [u.id] });
    const res = await login(app, u.email, PASSWORD);
    const body = res.json<{ token: string; user: User }>();
    const fromLogin = body.user.roles;
    const fromMe = await meRoles(body.token);
    for (const roles of [fromLogin, fromMe]) {
      const byName = new Map(roles.map((r) => [r.nombre, r]));
      expect([...byName.keys()].sort()).toEqual(['gestor', 'usuario']);
      expect(byName.get('usuario')!.origen).toEqual({ directo: true, grupos: ['Origen A'] });
      expect(byName.get('gestor')!.origen).toEqual({
        directo: false,
        grupos: expect.arrayContaining(['Origen A', 'Origen B']),
      });
      const permisos = byName.get('gestor')!.permisos.map((p) => p.nombre);
      expect(new Set(permisos).size).toBe(permisos.length);
      expect(byName.get('usuario')!.permisos.map((p) => p.nombre)).toEqual([
        'eventos:ver',
        'periodos:ver',
        'informes:ver',
      ]);
    }
  });

  it('keeps SPEC’s shape exactly for a user without groups', async () => {
    const body = (await me(app, w.tokens.usuario)).json<{ user: User }>().user;
    expect(body.roles).toEqual([
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

  it('gives admin through a group, and refuses its member removing themselves (rule 5)', async () => {
    const u = await createUser(app, admin, { roles: [] });
    const g = await group('Administración delegada', ['admin']);
    await members(g.id, { añadir: [u.id] });
    const token = (await signIn(app, u.email)).token;
    const roles = await meRoles(token);
    expect(roles.map((r) => r.nombre)).toEqual(['admin']);
    expect(roles[0]!.permisos.map((p) => p.nombre)).toContain('grupos:gestionar');
    const self = await members(g.id, { quitar: [u.id] }, token);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ details: [{ field: 'quitar' }] });
    expect((await req('DELETE', `/api/grupos/${g.id}`, undefined, token)).statusCode).toBe(403);
    // Another admin may.
    expect((await members(g.id, { quitar: [u.id] })).statusCode).toBe(200);
  });

  it('requires a second factor when a group role requires it', async () => {
    const rol = await req('POST', '/api/roles', {
      nombre: 'sensible-grupo',
      permisos: ['eventos:ver'],
      mfaObligatorio: true,
    });
    expect(rol.statusCode).toBe(201);
    const u = await createUser(app, admin, { roles: [] });
    expect((await login(app, u.email, PASSWORD)).json()).toHaveProperty('token');
    const g = await group('Con segundo factor', ['sensible-grupo']);
    await members(g.id, { añadir: [u.id] });
    const res = await login(app, u.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mfa: { token: expect.any(String), configurar: true } });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('asks for step-up before adding a member to a group giving admin', async () => {
    const g = await group('Admins por grupo', ['admin']);
    const u = await createUser(app, admin, { roles: [] });
    const fresh = (await signIn(app, 'admin@test.local', 'Admin-Clave-Segura-2026')).token;
    w.clock.advance(11 * 60_000);
    const late = await members(g.id, { añadir: [u.id] }, fresh);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: MFA_ERROR_CODES.reauthRequired });
    const plain = await group('Sin admin', ['usuario']);
    expect((await members(plain.id, { añadir: [u.id] }, fresh)).statusCode).toBe(200);
  });
});
