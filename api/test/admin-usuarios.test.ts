/**
 * /api/usuarios (issue #4) on every database of DATABASES: search, filters, sort and paging;
 * create, edit with version, delete or deactivate, roles, session revocation; the last-admin
 * rules; a deactivated user's token dies at once; an audit entry for each write.
 */
import {
  ADMIN_MESSAGES,
  DELEGATION_MESSAGES,
  API_MESSAGES,
  ERROR_CODES,
  type CreatedUsuario,
  type Usuario,
  type UsuariosPage,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { DATABASES, PASSWORD, expectErrorShape, login, me, uniqueEmail } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

describe.each(DATABASES)('/api/usuarios on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;

  withAdminWorld(dialect, (x) => ({ w, app, admin } = x));

  const get = (url: string, token = admin) => call(app, token, { method: 'GET', url });
  const list = async (qs: string) => {
    const res = await get(`/api/usuarios?${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json<UsuariosPage>();
  };
  const lastAudit = async (accion: string) => (await listAudit(app.db, { accion, limit: 1 }))[0];

  describe('list', () => {
    const tag = `zq${Date.now().toString(36)}`;
    beforeAll(async () => {
      await createUser(app, admin, { nombre: `José Núñez ${tag}`, roles: ['gestor'] });
      await createUser(app, admin, { nombre: `Ángela Pérez ${tag}` });
      await createUser(app, admin, {
        nombre: `Zoe Martín ${tag}`,
        email: `MARIA.${tag}@ejemplo.es`,
      });
    });

    it('finds "José" when searching "jose", case- and accent-insensitive', async () => {
      const page = await list(`q=jose ${tag}`);
      expect(page.items.map((u) => u.nombre)).toEqual([`José Núñez ${tag}`]);
      expect((await list(`q=NUNEZ`)).items.map((u) => u.nombre)).toContain(`José Núñez ${tag}`);
      expect((await list(`q=núñez ${tag.toUpperCase()}`)).total).toBe(1);
    });

    it('matches the e-mail too, and treats % and _ literally', async () => {
      const page = await list(`q=maria.${tag}`);
      expect(page.items.map((u) => u.email)).toEqual([`maria.${tag}@ejemplo.es`]);
      expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
      expect((await list(`q=_`)).total).toBe(0);
    });

    it('returns the list shape with role names, ISO dates and version; no hash', async () => {
      const page = await list(`q=${tag}&sort=nombre`);
      expect(Object.keys(page).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
      expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
      // Sorted by the nombre without accents: Ángela, José, Zoe.
      expect(page.items.map((u) => u.nombre.split(' ')[0])).toEqual(['Ángela', 'José', 'Zoe']);
      const jose = page.items[1]!;
      expect(Object.keys(jose).sort()).toEqual(
        [
          'activo',
          'creadoEn',
          'email',
          'id',
          'invitacionPendiente',
          'nombre',
          'roles',
          'ultimoAcceso',
          'version',
        ].sort(),
      );
      expect(jose.roles).toEqual(['gestor']);
      expect(jose.creadoEn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(jose.ultimoAcceso).toBeNull();
      expect(jose.version).toBe(1);
      expect(JSON.stringify(page)).not.toMatch(/password|hash/i);
    });

    it('sorts descending with "-campo" and pages with page/pageSize', async () => {
      const desc = await list(`q=${tag}&sort=-nombre`);
      expect(desc.items[0]!.nombre).toMatch(/^Zoe/);
      const p2 = await list(`q=${tag}&sort=nombre&page=2&pageSize=2`);
      expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(p2.items.map((u) => u.nombre)).toEqual([`Zoe Martín ${tag}`]);
    });

    it('puts users who never signed in last when sorting by ultimoAcceso', async () => {
      const page = await list('sort=-ultimoAcceso&pageSize=100');
      const firstNull = page.items.findIndex((u) => u.ultimoAcceso === null);
      expect(page.items[0]!.ultimoAcceso).not.toBeNull();
      expect(page.items.slice(firstNull).every((u) => u.ultimoAcceso === null)).toBe(true);
      const asc = await list('sort=ultimoAcceso&pageSize=100');
      expect(asc.items[0]!.ultimoAcceso).not.toBeNull();
    });

    it('filters by role and by state', async () => {
      const gestores = await list('rol=gestor&pageSize=100');
      expect(gestores.items.every((u) => u.roles.includes('gestor'))).toBe(true);
      expect(gestores.items.map((u) => u.nombre)).toContain(`José Núñez ${tag}`);
      const inactivos = await list('activo=false');
      expect(inactivos.items.every((u) => !u.activo)).toBe(true);
    });

    it('refuses an unknown sort field or a page size over 100 with 400', async () => {
      expectErrorShape(await get('/api/usuarios?sort=password'), 400, ERROR_CODES.validation);
      expectErrorShape(await get('/api/usuarios?pageSize=101'), 400, ERROR_CODES.validation);
    });
  });

  describe('create', () => {
    it('creates a pending, invited user when no password is given (issue #15)', async () => {
      const email = uniqueEmail('nuevo');
      const res = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios',
        payload: {
          email: ` ${email.toUpperCase()} `,
          nombre: ' Nueva Persona ',
          roles: ['gestor'],
        },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json<CreatedUsuario>();
      expect(body).toMatchObject({
        email,
        nombre: 'Nueva Persona',
        activo: true,
        roles: ['gestor'],
        invitacionPendiente: true,
        version: 1,
      });
      expect(body).not.toHaveProperty('passwordTemporal');
      const audit = await lastAudit('usuarios.crear');
      expect(audit).toMatchObject({ objetivo_tipo: 'usuario', objetivo_id: String(body.id) });
      expect(audit!.cambios).not.toMatch(/passwordTemporal|password_hash|argon2/);
    });

    it('generates a temporary password on request, returned once, that must be changed', async () => {
      const email = uniqueEmail('temporal');
      const res = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios',
        payload: { email, nombre: 'Temporal', generarPassword: true },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json<CreatedUsuario>();
      expect(body.invitacionPendiente).toBe(false);
      // No look-alikes O 0 l 1 I (issue #15).
      expect(body.passwordTemporal).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
      const signed = await login(app, email, body.passwordTemporal!);
      expect(signed.statusCode).toBe(200);
      expect(
        signed.json<{ user: { debeCambiarPassword?: boolean } }>().user.debeCambiarPassword,
      ).toBe(true);
      const again = await get(`/api/usuarios/${body.id}`);
      expect(again.json()).not.toHaveProperty('passwordTemporal');
      expect((await lastAudit('usuarios.crear'))!.cambios).not.toContain(body.passwordTemporal);
    });

    it('keeps a given password, does not echo it, and asks for a change at sign-in', async () => {
      const email = uniqueEmail('conclave');
      const res = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios',
        payload: { email, nombre: 'Con Clave', password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('passwordTemporal');
      const signed = await login(app, email, PASSWORD);
      expect(signed.statusCode).toBe(200);
      expect(
        signed.json<{ user: { debeCambiarPassword?: boolean } }>().user.debeCambiarPassword,
      ).toBe(true);
    });

    it('answers 400 per field, 409 for a taken e-mail, 400 for an unknown role', async () => {
      const bad = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios',
        payload: { email: 'no-es-correo', nombre: '  ', password: 'corta' },
      });
      const body = expectErrorShape(bad, 400, ERROR_CODES.validation);
      expect((body.details as { field: string }[]).map((d) => d.field).sort()).toEqual([
        'email',
        'nombre',
        'password',
      ]);
      const taken = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios',
        payload: { email: 'ADMIN@test.local', nombre: 'Otro' },
      });
      expect(expectErrorShape(taken, 409, ERROR_CODES.emailTaken).message).toBe(
        API_MESSAGES.emailTaken,
      );
      const rol = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios',
        payload: { email: uniqueEmail(), nombre: 'X', roles: ['inventado'] },
      });
      expect(expectErrorShape(rol, 400).details).toEqual([
        { field: 'roles', message: `${ADMIN_MESSAGES.unknownRole}: inventado` },
      ]);
    });
  });

  describe('GET /:id and PATCH /:id', () => {
    it('answers 404 for an unknown id', async () => {
      expectErrorShape(await get('/api/usuarios/999999'), 404, ERROR_CODES.notFound);
    });

    it('edits with the current version, bumps it, and refuses a stale one with 409', async () => {
      const { id } = await createUser(app, admin, { nombre: 'Antes' });
      const v1 = (await get(`/api/usuarios/${id}`)).json<Usuario>().version;
      const ok = await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${id}`,
        payload: { nombre: 'Después', version: v1 },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Usuario>()).toMatchObject({ nombre: 'Después', version: v1 + 1 });
      const audit = await lastAudit('usuarios.editar');
      expect(JSON.parse(audit!.cambios!)).toEqual({
        antes: { nombre: 'Antes' },
        despues: { nombre: 'Después' },
      });
      const stale = await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${id}`,
        payload: { nombre: 'Pisado', version: v1 },
      });
      const body = expectErrorShape(stale, 409, ERROR_CODES.versionConflict);
      expect(body.message).toBe(API_MESSAGES.versionConflict);
      expect((await get(`/api/usuarios/${id}`)).json<Usuario>().nombre).toBe('Después');
    });

    it('keeps search in step with a new nombre', async () => {
      const { id } = await createUser(app, admin, { nombre: 'Nombre Viejo' });
      const tag = `rn${Date.now().toString(36)}`;
      await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${id}`,
        payload: { nombre: `Íñigo ${tag}`, version: 1 },
      });
      expect((await list(`q=inigo ${tag}`)).items.map((u) => u.id)).toEqual([id]);
    });

    it('refuses an e-mail another account uses with 409 EMAIL_TAKEN', async () => {
      const { id } = await createUser(app, admin);
      const res = await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${id}`,
        payload: { email: 'admin@test.local', version: 1 },
      });
      expectErrorShape(res, 409, ERROR_CODES.emailTaken);
    });
  });

  describe('deactivation', () => {
    it("kills the user's token at once and is audited", async () => {
      const { id, email } = await createUser(app, admin, { roles: ['usuario'] });
      const { token } = await signIn(app, email);
      expect((await me(app, token)).statusCode).toBe(200);
      const res = await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${id}`,
        payload: { activo: false, version: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Usuario>().activo).toBe(false);
      expectErrorShape(await me(app, token), 401, ERROR_CODES.unauthenticated);
      expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
      const audit = await lastAudit('usuarios.desactivar');
      expect(JSON.parse(audit!.cambios!)).toEqual({
        antes: { activo: true },
        despues: { activo: false },
      });
    });

    it('POST /:id/sessions/revoke ends every session of the user', async () => {
      const { id, email } = await createUser(app, admin);
      const a = await signIn(app, email);
      const b = await signIn(app, email);
      const res = await call(app, admin, {
        method: 'POST',
        url: `/api/usuarios/${id}/sessions/revoke`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ revocadas: 2 });
      expect((await me(app, a.token)).statusCode).toBe(401);
      expect((await me(app, b.token)).statusCode).toBe(401);
      expect(await lastAudit('usuarios.revocar_sesiones')).toMatchObject({
        objetivo_id: String(id),
      });
    });
  });

  describe('roles', () => {
    it('PUT /:id/roles replaces the roles, bumps the version and is audited', async () => {
      const { id, email } = await createUser(app, admin, { roles: ['usuario'] });
      const { token } = await signIn(app, email);
      const res = await call(app, admin, {
        method: 'PUT',
        url: `/api/usuarios/${id}/roles`,
        payload: { roles: ['gestor', 'usuario'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Usuario>()).toMatchObject({ roles: ['gestor', 'usuario'], version: 2 });
      // The next request sees the new roles (nothing is cached).
      const user = (await me(app, token)).json<{ user: { roles: { nombre: string }[] } }>().user;
      expect(user.roles.map((r) => r.nombre).sort()).toEqual(['gestor', 'usuario']);
      expect(JSON.parse((await lastAudit('usuarios.roles'))!.cambios!)).toEqual({
        antes: { roles: ['usuario'] },
        despues: { roles: ['gestor', 'usuario'] },
      });
      const stale = await call(app, admin, {
        method: 'PUT',
        url: `/api/usuarios/${id}/roles`,
        payload: { roles: [], version: 1 },
      });
      expectErrorShape(stale, 409, ERROR_CODES.versionConflict);
    });
  });

  describe('delete', () => {
    it('keeps the unfiltered total exact through creates and deletes', async () => {
      const total = async () => (await list('pageSize=1')).total;
      const filteredTotal = async () =>
        (await list('pageSize=1&activo=true')).total +
        (await list('pageSize=1&activo=false')).total;
      const before = await total();
      expect(before).toBe(await filteredTotal());
      const { id } = await createUser(app, admin);
      expect(await total()).toBe(before + 1);
      await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${id}` });
      expect(await total()).toBe(before);
      expect(await total()).toBe(await filteredTotal());
    });

    it('deletes a user without data (204, sessions and audit rows do not count)', async () => {
      const { id, email } = await createUser(app, admin);
      await signIn(app, email);
      const res = await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${id}` });
      expect(res.statusCode).toBe(204);
      expectErrorShape(await get(`/api/usuarios/${id}`), 404);
      const audit = await lastAudit('usuarios.eliminar');
      expect(JSON.parse(audit!.cambios!)).toMatchObject({ antes: { email } });
    });

    it('deactivates instead a user who is responsible for an event, and says so', async () => {
      const { id, email } = await createUser(app, admin, { roles: ['gestor'] });
      const { token } = await signIn(app, email);
      const ev = await call(app, admin, {
        method: 'POST',
        url: '/api/eventos',
        payload: {
          nombre: 'Congreso',
          lugar: 'Madrid',
          fechaInicio: '2026-03-01T09:00:00Z',
          fechaFin: '2026-03-02T18:00:00Z',
          responsableId: id,
        },
      });
      expect(ev.statusCode).toBe(201);
      const res = await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        desactivado: true,
        usuario: { id, activo: false },
        message: ADMIN_MESSAGES.deactivatedInstead,
      });
      expect((await me(app, token)).statusCode).toBe(401);
      expect((await get(`/api/usuarios/${id}`)).statusCode).toBe(200);
      expect(JSON.parse((await lastAudit('usuarios.desactivar'))!.cambios!)).toMatchObject({
        motivo: 'tiene_datos',
      });
    });
  });

  describe('the last active admin', () => {
    it('the admin can neither deactivate, delete nor strip admin from their own account (403, issue #13 rule 5)', async () => {
      const id = w.ids.admin;
      const v = (await get(`/api/usuarios/${id}`)).json<Usuario>().version;
      const deactivate = await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${id}`,
        payload: { activo: false, version: v },
      });
      expect(expectErrorShape(deactivate, 403, ERROR_CODES.forbidden).message).toBe(
        DELEGATION_MESSAGES.selfDeactivate,
      );
      const del = await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${id}` });
      expect(expectErrorShape(del, 403).message).toBe(DELEGATION_MESSAGES.selfDelete);
      const strip = await call(app, admin, {
        method: 'PUT',
        url: `/api/usuarios/${id}/roles`,
        payload: { roles: ['gestor'] },
      });
      expect(expectErrorShape(strip, 403).message).toBe(DELEGATION_MESSAGES.selfRemoveAdmin);
      expect((await me(app, admin)).statusCode).toBe(200);
    });

    it('an inactive admin does not count; a second active admin lifts the rule', async () => {
      const other = await createUser(app, admin, { roles: ['admin'] });
      const off = await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${other.id}`,
        payload: { activo: false, version: 1 },
      });
      expect(off.statusCode).toBe(200);
      const strip = await call(app, admin, {
        method: 'PUT',
        url: `/api/usuarios/${w.ids.admin}/roles`,
        payload: { roles: ['gestor'] },
      });
      // Their own admin role: rule 5 (issue #13) refuses before the last-admin rule is asked.
      expect(strip.statusCode).toBe(403);
      await call(app, admin, {
        method: 'PATCH',
        url: `/api/usuarios/${other.id}`,
        payload: { activo: true, version: 2 },
      });
      const otherToken = (await signIn(app, other.email)).token;
      // Now the seeded admin may be demoted — by the other admin — and back.
      const demote = await call(app, otherToken, {
        method: 'PUT',
        url: `/api/usuarios/${w.ids.admin}/roles`,
        payload: { roles: ['gestor'] },
      });
      expect(demote.statusCode).toBe(200);
      const restore = await call(app, otherToken, {
        method: 'PUT',
        url: `/api/usuarios/${w.ids.admin}/roles`,
        payload: { roles: ['admin'] },
      });
      expect(restore.statusCode).toBe(200);
      const del = await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${other.id}` });
      expect(del.statusCode).toBe(204);
    });

    it('two admins deactivating each other at once: exactly one succeeds, one admin stays', async () => {
      const other = await createUser(app, admin, { roles: ['admin'] });
      const otherToken = (await signIn(app, other.email)).token;
      const version = async (id: number) =>
        (await get(`/api/usuarios/${id}`)).json<Usuario>().version;
      const [v1, v2] = [await version(w.ids.admin), await version(other.id)];
      const [r1, r2] = await Promise.all([
        call(app, admin, {
          method: 'PATCH',
          url: `/api/usuarios/${other.id}`,
          payload: { activo: false, version: v2 },
        }),
        call(app, otherToken, {
          method: 'PATCH',
          url: `/api/usuarios/${w.ids.admin}`,
          payload: { activo: false, version: v1 },
        }),
      ]);
      // The loser is refused: 409 (last admin) or, when its own session already died with
      // the winner's commit, 401. Never both deactivated.
      const codes = [r1.statusCode, r2.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const survivor = r1.statusCode === 200 ? admin : otherToken;
      const activos = await call(app, survivor, {
        method: 'GET',
        url: '/api/usuarios?rol=admin&activo=true',
      });
      expect(activos.json<UsuariosPage>().total).toBe(1);
      // Put the seeded admin back for the rest of the file, whoever won.
      if (r2.statusCode === 200) {
        const back = await call(app, otherToken, {
          method: 'PATCH',
          url: `/api/usuarios/${w.ids.admin}`,
          payload: { activo: true, version: v1 + 1 },
        });
        expect(back.statusCode).toBe(200);
        admin = (await signIn(app, 'admin@test.local', 'Admin-Clave-Segura-2026')).token;
      }
    });
  });
});
