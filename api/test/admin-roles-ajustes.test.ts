/**
 * /api/roles, /api/permisos, /api/configuracion, /api/sesiones, /api/auditoria and "Mi cuenta"
 * (issue #4) on every database of DATABASES.
 */
import {
  ADMIN_MESSAGES,
  DELEGATION_MESSAGES,
  ALL_PERMISSIONS,
  API_MESSAGES,
  ERROR_CODES,
  PERMISSION_DESCRIPTIONS,
  type AuditoriaPage,
  type Configuracion,
  type PermisosPage,
  type Rol,
  type RolesPage,
  type SesionesPage,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { DATABASES, PASSWORD, expectErrorShape, login, me, register, uniqueEmail } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

describe.each(DATABASES)('administration on %s', (dialect) => {
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
  const lastAudit = async (accion: string) => (await listAudit(app.db, { accion, limit: 1 }))[0];

  describe('/api/roles', () => {
    it('lists roles with their permissions and user counts', async () => {
      const res = await req('GET', '/api/roles');
      expect(res.statusCode).toBe(200);
      const page = res.json<RolesPage>();
      expect(page.items.map((r) => r.nombre)).toEqual(['admin', 'gestor', 'usuario']);
      const admins = page.items[0]!;
      expect(admins).toMatchObject({ permisos: [], usuarios: 1, version: 1 });
      expect(page.items[2]).toMatchObject({
        permisos: ['eventos:ver', 'periodos:ver', 'informes:ver'],
      });
      expect(page.items[2]!.usuarios).toBeGreaterThanOrEqual(1);
    });

    it('creates, renames and re-permits a role; refuses unknown permissions and stale versions', async () => {
      const bad = await req('POST', '/api/roles', {
        nombre: 'auditor',
        permisos: ['auditoria:ver', 'nada:hacer'],
      });
      expect(expectErrorShape(bad, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'permisos', message: `${ADMIN_MESSAGES.unknownPermission}: nada:hacer` },
      ]);
      const res = await req('POST', '/api/roles', {
        nombre: 'auditor',
        descripcion: 'Lee la auditoría',
        permisos: ['auditoria:ver'],
      });
      expect(res.statusCode).toBe(201);
      const rol = res.json<Rol>();
      expect(rol).toMatchObject({
        nombre: 'auditor',
        permisos: ['auditoria:ver'],
        usuarios: 0,
        version: 1,
      });
      expect(await lastAudit('roles.crear')).toMatchObject({ objetivo_id: String(rol.id) });
      expectErrorShape(
        await req('POST', '/api/roles', { nombre: 'auditor', permisos: [] }),
        409,
        ERROR_CODES.conflict,
      );

      const upd = await req('PATCH', `/api/roles/${rol.id}`, {
        nombre: 'auditora',
        permisos: ['auditoria:ver', 'usuarios:ver'],
        version: 1,
      });
      expect(upd.statusCode).toBe(200);
      expect(upd.json<Rol>()).toMatchObject({
        nombre: 'auditora',
        permisos: ['usuarios:ver', 'auditoria:ver'],
        version: 2,
      });
      expect(JSON.parse((await lastAudit('roles.editar'))!.cambios!)).toEqual({
        antes: { nombre: 'auditor', permisos: ['auditoria:ver'] },
        despues: { nombre: 'auditora', permisos: ['usuarios:ver', 'auditoria:ver'] },
      });
      const stale = await req('PATCH', `/api/roles/${rol.id}`, { descripcion: 'x', version: 1 });
      expect(expectErrorShape(stale, 409, ERROR_CODES.versionConflict).message).toBe(
        API_MESSAGES.versionConflict,
      );
      const unknown = await req('PATCH', `/api/roles/${rol.id}`, {
        permisos: ['usuarios:volar'],
        version: 2,
      });
      expectErrorShape(unknown, 400, ERROR_CODES.validation);
    });

    it('a permission change applies to the holder on the next request', async () => {
      const rol = (await req('POST', '/api/roles', { nombre: 'lector', permisos: [] })).json<Rol>();
      const u = await createUser(app, admin, { roles: ['lector'] });
      const { token } = await signIn(app, u.email);
      expect((await req('GET', '/api/auditoria', undefined, token)).statusCode).toBe(403);
      await req('PATCH', `/api/roles/${rol.id}`, { permisos: ['auditoria:ver'], version: 1 });
      expect((await req('GET', '/api/auditoria', undefined, token)).statusCode).toBe(200);
    });

    it('admin can be neither deleted, renamed nor re-permitted (409, Spanish message)', async () => {
      const adminRol = (await req('GET', '/api/roles?q=admin')).json<RolesPage>().items[0]!;
      const del = await req('DELETE', `/api/roles/${adminRol.id}`);
      expect(expectErrorShape(del, 409, ERROR_CODES.conflict).message).toBe(
        ADMIN_MESSAGES.adminRoleFixed,
      );
      const ren = await req('PATCH', `/api/roles/${adminRol.id}`, {
        nombre: 'jefe',
        version: adminRol.version,
      });
      expect(expectErrorShape(ren, 409).message).toBe(ADMIN_MESSAGES.adminRoleFixed);
      const perm = await req('PATCH', `/api/roles/${adminRol.id}`, {
        permisos: ['eventos:ver'],
        version: adminRol.version,
      });
      expect(expectErrorShape(perm, 409).message).toBe(ADMIN_MESSAGES.adminRoleFixed);
      const desc = await req('PATCH', `/api/roles/${adminRol.id}`, {
        descripcion: 'Todo',
        version: adminRol.version,
      });
      expect(desc.statusCode).toBe(200);
    });

    it('refuses to delete a role users hold unless a replacement is named', async () => {
      const rol = (
        await req('POST', '/api/roles', { nombre: 'temporal', permisos: ['eventos:ver'] })
      ).json<Rol>();
      const u = await createUser(app, admin, { roles: ['temporal'] });
      const refused = await req('DELETE', `/api/roles/${rol.id}`);
      expect(expectErrorShape(refused, 409, ERROR_CODES.conflict).message).toBe(
        ADMIN_MESSAGES.roleInUse,
      );
      const badRepl = await req('DELETE', `/api/roles/${rol.id}?reemplazo=noexiste`);
      expect(expectErrorShape(badRepl, 400).details).toEqual([
        { field: 'reemplazo', message: ADMIN_MESSAGES.invalidReplacement },
      ]);
      const ok = await req('DELETE', `/api/roles/${rol.id}?reemplazo=usuario`);
      expect(ok.statusCode).toBe(204);
      expect((await req('GET', `/api/usuarios/${u.id}`)).json()).toMatchObject({
        roles: ['usuario'],
      });
      expect(JSON.parse((await lastAudit('roles.eliminar'))!.cambios!)).toMatchObject({
        antes: { nombre: 'temporal', usuarios: 1 },
        reemplazo: 'usuario',
      });
      expectErrorShape(await req('GET', `/api/roles/${rol.id}`), 404);
    });

    it('refuses to delete the default role of registration without a replacement', async () => {
      const usuarioRol = (await req('GET', '/api/roles?q=usuario')).json<RolesPage>().items[0]!;
      const res = await req('DELETE', `/api/roles/${usuarioRol.id}`);
      expect(res.statusCode).toBe(409);
    });
  });

  describe('/api/permisos', () => {
    it('lists the catalogue with Spanish descriptions and groups', async () => {
      const res = await req('GET', '/api/permisos');
      expect(res.statusCode).toBe(200);
      const page = res.json<PermisosPage>();
      expect(page.total).toBe(ALL_PERMISSIONS.length);
      expect(page.items.map((p) => p.nombre)).toEqual([...ALL_PERMISSIONS]);
      expect(page.items[0]).toEqual({
        nombre: 'usuarios:ver',
        descripcion: PERMISSION_DESCRIPTIONS['usuarios:ver'],
        grupo: 'usuarios',
      });
    });
  });

  describe('/api/configuracion', () => {
    it('closes and reopens registration, sets the default role, with version and audit', async () => {
      const c = (await req('GET', '/api/configuracion')).json<Configuracion>();
      expect(c).toEqual({
        registroAbierto: true,
        rolPorDefecto: 'usuario',
        dominiosPermitidos: [],
        verificacionEmail: false,
        version: 1,
      });

      const closed = await req('PATCH', '/api/configuracion', {
        registroAbierto: false,
        version: 1,
      });
      expect(closed.json<Configuracion>()).toEqual({
        registroAbierto: false,
        rolPorDefecto: 'usuario',
        dominiosPermitidos: [],
        verificacionEmail: false,
        version: 2,
      });
      const refused = await register(app, {
        email: uniqueEmail(),
        password: PASSWORD,
        nombre: 'X',
      });
      expectErrorShape(refused, 403, ERROR_CODES.registrationClosed);
      expect(JSON.parse((await lastAudit('configuracion.editar'))!.cambios!)).toEqual({
        antes: { registroAbierto: true },
        despues: { registroAbierto: false },
      });

      const stale = await req('PATCH', '/api/configuracion', { registroAbierto: true, version: 1 });
      expectErrorShape(stale, 409, ERROR_CODES.versionConflict);
      const adminDefault = await req('PATCH', '/api/configuracion', {
        rolPorDefecto: 'admin',
        version: 2,
      });
      // Issue #13 rule 4: a delegation refusal (403), not a bad value, with the field named.
      expect(expectErrorShape(adminDefault, 403, ERROR_CODES.forbidden).details).toEqual([
        { field: 'rolPorDefecto', message: DELEGATION_MESSAGES.adminNeverDefault },
      ]);
      const unknown = await req('PATCH', '/api/configuracion', {
        rolPorDefecto: 'nadie',
        version: 2,
      });
      expect(expectErrorShape(unknown, 400).details).toEqual([
        { field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleUnknown },
      ]);

      const open = await req('PATCH', '/api/configuracion', {
        registroAbierto: true,
        rolPorDefecto: 'gestor',
        version: 2,
      });
      expect(open.json<Configuracion>()).toEqual({
        registroAbierto: true,
        rolPorDefecto: 'gestor',
        dominiosPermitidos: [],
        verificacionEmail: false,
        version: 3,
      });
      const reg = await register(app, {
        email: uniqueEmail(),
        password: PASSWORD,
        nombre: 'Nuevo',
      });
      expect(reg.statusCode).toBe(201);
      expect(
        reg.json<{ user: { roles: { nombre: string }[] } }>().user.roles.map((r) => r.nombre),
      ).toEqual(['gestor']);
      await req('PATCH', '/api/configuracion', { rolPorDefecto: 'usuario', version: 3 });
    });
  });

  describe('/api/sesiones', () => {
    it('lists my sessions with the current one marked, and revokes one or all the others', async () => {
      const u = await createUser(app, admin);
      const res1 = await login(app, u.email, PASSWORD, {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
      });
      const a = res1.json<{ token: string }>().token;
      const b = (await signIn(app, u.email)).token;
      const c = (await signIn(app, u.email)).token;
      const page = (await req('GET', '/api/sesiones', undefined, a)).json<SesionesPage>();
      expect(page.total).toBe(3);
      const mine = page.items.find((s) => s.actual)!;
      expect(mine).toMatchObject({
        dispositivo: 'Chrome en Windows',
        ip: '127.0.0.1',
        actual: true,
      });
      expect(page.items.filter((s) => s.actual)).toHaveLength(1);
      const other = page.items.find((s) => !s.actual)!;
      // Another user cannot end it: 404.
      expectErrorShape(await req('DELETE', `/api/sesiones/${other.id}`, undefined, admin), 404);
      expect((await req('DELETE', `/api/sesiones/${other.id}`, undefined, a)).statusCode).toBe(204);
      expect(await lastAudit('sesiones.revocar')).toMatchObject({ objetivo_id: String(other.id) });
      const rest = await req('POST', '/api/sesiones/revocar-otras', undefined, a);
      expect(rest.json()).toEqual({ revocadas: 1 });
      expect((await me(app, a)).statusCode).toBe(200);
      expect((await me(app, b)).statusCode + (await me(app, c)).statusCode).toBe(802);
      expect(await lastAudit('sesiones.revocar_otras')).toBeDefined();
    });
  });

  describe('Mi cuenta', () => {
    it('PATCH /api/auth/me changes my nombre and answers {user}', async () => {
      const u = await createUser(app, admin, { nombre: 'Viejo' });
      const { token } = await signIn(app, u.email);
      const res = await req('PATCH', '/api/auth/me', { nombre: '  Nuevo Nombre ' }, token);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ user: { nombre: string } }>().user).toMatchObject({
        id: u.id,
        nombre: 'Nuevo Nombre',
      });
      expect(await lastAudit('cuenta.editar')).toMatchObject({ actor_id: u.id });
      expectErrorShape(await req('PATCH', '/api/auth/me', { nombre: ' ' }, token), 400);
    });

    it('POST /api/auth/password checks the current one, the policy, and ends my other sessions', async () => {
      const u = await createUser(app, admin);
      const { token } = await signIn(app, u.email);
      const other = (await signIn(app, u.email)).token;
      const wrong = await req(
        'POST',
        '/api/auth/password',
        { actual: 'otra-cosa-123', nueva: 'Nueva-Clave-Larga-1' },
        token,
      );
      expect(expectErrorShape(wrong, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'actual', message: ADMIN_MESSAGES.wrongCurrentPassword },
      ]);
      const weak = await req(
        'POST',
        '/api/auth/password',
        { actual: PASSWORD, nueva: 'corta' },
        token,
      );
      expect(expectErrorShape(weak, 400).details).toEqual([
        { field: 'nueva', message: API_MESSAGES.passwordTooShort },
      ]);
      const ok = await req(
        'POST',
        '/api/auth/password',
        { actual: PASSWORD, nueva: 'Nueva-Clave-Larga-1' },
        token,
      );
      expect(ok.statusCode).toBe(204);
      expect((await me(app, token)).statusCode).toBe(200);
      expect((await me(app, other)).statusCode).toBe(401);
      expect((await login(app, u.email, PASSWORD)).statusCode).toBe(401);
      expect((await login(app, u.email, 'Nueva-Clave-Larga-1')).statusCode).toBe(200);
      const audit = await lastAudit('auth.cambio_password');
      expect(audit).toMatchObject({ actor_id: u.id, objetivo_id: String(u.id) });
      expect(audit!.cambios).not.toMatch(/Nueva-Clave|argon2/);
    });
  });

  describe('/api/auditoria', () => {
    it('filters by actor, action prefix, target and dates, newest first, paged', async () => {
      const page = (
        await req('GET', '/api/auditoria?accion=usuarios&pageSize=5')
      ).json<AuditoriaPage>();
      expect(page.pageSize).toBe(5);
      expect(page.items.length).toBeLessThanOrEqual(5);
      expect(page.total).toBeGreaterThan(5);
      expect(page.items.every((e) => e.accion.startsWith('usuarios.'))).toBe(true);
      const times = page.items.map((e) => e.creadoEn);
      expect([...times].sort().reverse()).toEqual(times);
      const first = page.items[0]!;
      expect(first).toMatchObject({ actorEmail: 'admin@test.local', ip: '127.0.0.1' });

      const byActor = (await req('GET', '/api/auditoria?actor=ADMIN@TEST')).json<AuditoriaPage>();
      expect(byActor.items.every((e) => e.actorEmail === 'admin@test.local')).toBe(true);
      const byTarget = (
        await req('GET', `/api/auditoria?objetivo=usuario:${w.ids.gestor}`)
      ).json<AuditoriaPage>();
      expect(byTarget.items.map((e) => e.accion)).toContain('usuarios.crear');
      expect(byTarget.items.every((e) => e.objetivoId === String(w.ids.gestor))).toBe(true);

      const day = new Date(w.clock.now()).toISOString().slice(0, 10);
      const inDay = (
        await req('GET', `/api/auditoria?desde=${day}&hasta=${day}`)
      ).json<AuditoriaPage>();
      expect(inDay.total).toBeGreaterThan(0);
      const before = (await req('GET', `/api/auditoria?hasta=2000-01-01`)).json<AuditoriaPage>();
      expect(before.total).toBe(0);
      const bad = await req('GET', '/api/auditoria?desde=ayer');
      expect(expectErrorShape(bad, 400).details).toEqual([
        { field: 'desde', message: ADMIN_MESSAGES.invalidDate },
      ]);
    });

    it('records auth events too, with cambios parsed', async () => {
      const page = (
        await req('GET', '/api/auditoria?accion=auth.login&pageSize=1')
      ).json<AuditoriaPage>();
      expect(page.items[0]).toMatchObject({ accion: 'auth.login', objetivoTipo: 'usuario' });
      const created = (
        await req('GET', '/api/auditoria?accion=usuarios.crear&pageSize=1')
      ).json<AuditoriaPage>();
      expect(created.items[0]!.cambios).toEqual(
        expect.objectContaining({ despues: expect.any(Object) }),
      );
    });
  });
});
