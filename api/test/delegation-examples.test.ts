/**
 * Every example of issue #13 ("administration that cannot be turned against the organisation")
 * is refused with the Spanish message of the shared rule, nothing changes in the database, and
 * the attempt is audited as `seguridad.escalada_rechazada` — on every database of DATABASES.
 */
import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  DELEGATION_MESSAGES,
  ERROR_CODES,
  type BulkUsuariosResponse,
  type ImportReport,
} from '@gestion/shared';
import type { InjectOptions } from 'fastify';
import { ESCALATION_AUDIT_ACTION } from '../src/services/delegation-guard';
import { DATABASES, expectErrorShape, register, uniqueEmail, PASSWORD } from './helper';
import { call } from './admin-fixtures';
import {
  buildDelegationWorld,
  changesBetween,
  escalationCount,
  guardedState,
  lastEscalation,
  makeCaller,
  makeRole,
  makeUser,
  versionOf,
  type DelegationWorld,
} from './delegation-fixtures';

const fill = (template: string, x: string) => template.replace('{x}', x);

describe.each(DATABASES)(
  'delegation without escalation: the issue #13 examples on %s',
  (dialect) => {
    let w: DelegationWorld;

    beforeAll(async () => {
      w = await buildDelegationWorld(dialect);
    });
    afterAll(async () => {
      await w?.app.close();
      await w?.db.drop();
    });

    /**
     * Sends `opts` as `token` and expects a 403 FORBIDDEN with `message` naming `field`, the
     * guarded tables unchanged and exactly one new audit row of the attempt; returns its cambios.
     */
    async function expectRefused(
      token: string,
      opts: InjectOptions,
      message: string,
      field: string,
    ) {
      const before = await guardedState(w);
      const audits = await escalationCount(w);
      const res = await call(w.app, token, opts);
      const body = expectErrorShape(res, 403, ERROR_CODES.forbidden);
      expect(body.message).toBe(message);
      expect(body.details).toEqual([{ field, message }]);
      expect(changesBetween(before, await guardedState(w))).toEqual([]);
      expect(await escalationCount(w)).toBe(audits + 1);
      const cambios = await lastEscalation(w);
      expect(cambios).toMatchObject({ campo: field, mensaje: message });
      return cambios;
    }

    it('a holder of usuarios:editar cannot make themselves admin with PUT /:id/roles', async () => {
      const rol = await makeRole(w, ['usuarios:ver', 'usuarios:editar']);
      const me = await makeCaller(w, [rol.nombre]);
      const cambios = await expectRefused(
        me.token,
        {
          method: 'PUT',
          url: `/api/usuarios/${me.id}/roles`,
          payload: { roles: [rol.nombre, 'admin'] },
        },
        DELEGATION_MESSAGES.adminRoleOnlyByAdmin,
        'roles',
      );
      expect(cambios).toMatchObject({
        motivo: 'adminRoleOnlyByAdmin',
        intento: { roles: [rol.nombre, 'admin'] },
      });
      // Nor a role carrying a permission they lack.
      await expectRefused(
        me.token,
        {
          method: 'PUT',
          url: `/api/usuarios/${me.id}/roles`,
          payload: { roles: [rol.nombre, 'gestor'] },
        },
        fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor'),
        'roles',
      );
    });

    it('a holder of usuarios:crear cannot create an admin (nor a gestor) with a password of their choice', async () => {
      const rol = await makeRole(w, ['usuarios:ver', 'usuarios:crear']);
      const me = await makeCaller(w, [rol.nombre]);
      const email = uniqueEmail('escalada');
      const payload = { email, nombre: 'Cómplice', password: PASSWORD, roles: ['admin'] };
      const cambios = await expectRefused(
        me.token,
        { method: 'POST', url: '/api/usuarios', payload },
        DELEGATION_MESSAGES.adminRoleOnlyByAdmin,
        'roles',
      );
      expect(JSON.stringify(cambios)).not.toContain(PASSWORD);
      await expectRefused(
        me.token,
        { method: 'POST', url: '/api/usuarios', payload: { ...payload, roles: ['gestor'] } },
        fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor'),
        'roles',
      );
      // A role whose permissions they hold is fine.
      const ok = await call(w.app, me.token, {
        method: 'POST',
        url: '/api/usuarios',
        payload: { ...payload, roles: [rol.nombre] },
      });
      expect(ok.statusCode).toBe(201);
    });

    it('a CSV import cannot grant admin: the row is rejected with the motivo, the apply writes nothing and is audited', async () => {
      const rol = await makeRole(w, ['usuarios:ver', 'usuarios:crear', 'usuarios:editar']);
      const me = await makeCaller(w, [rol.nombre]);
      const victim = await makeUser(w, [rol.nombre]);
      const csv = `email,nombre,roles\n${uniqueEmail('imp')},Nueva,admin\n${victim.email},Vieja,gestor\n${uniqueEmail('ok')},Bien,${rol.nombre}\n`;
      const opts = (dry: boolean): InjectOptions => ({
        method: 'POST',
        url: `/api/usuarios/import${dry ? '?dryRun=1' : ''}`,
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      });
      const dry = await call(w.app, me.token, opts(true));
      expect(dry.statusCode).toBe(200);
      expect(dry.json<ImportReport>().filas.map((f) => [f.resultado, f.motivo])).toEqual([
        ['rechazado', DELEGATION_MESSAGES.adminRoleOnlyByAdmin],
        ['rechazado', fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor')],
        ['creado', undefined],
      ]);
      const before = await guardedState(w);
      const audits = await escalationCount(w);
      const apply = await call(w.app, me.token, opts(false));
      const body = expectErrorShape(apply, 400, ERROR_CODES.validation);
      expect(body.message).toBe(ADMIN_MESSAGES.importRejected);
      expect(body.details).toEqual([
        { field: 'fila 2', message: DELEGATION_MESSAGES.adminRoleOnlyByAdmin },
        { field: 'fila 3', message: fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor') },
      ]);
      expect(changesBetween(before, await guardedState(w))).toEqual([]);
      expect(await escalationCount(w)).toBe(audits + 1);
      expect(await lastEscalation(w)).toMatchObject({
        campo: 'roles',
        motivo: 'adminRoleOnlyByAdmin',
      });
    });

    it('an import cannot update a user more powerful than the caller', async () => {
      const rol = await makeRole(w, ['usuarios:ver', 'usuarios:crear', 'usuarios:editar']);
      const me = await makeCaller(w, [rol.nombre]);
      const boss = await makeUser(w, ['gestor']);
      const res = await call(w.app, me.token, {
        method: 'POST',
        url: '/api/usuarios/import?dryRun=1',
        payload: `email,nombre,roles\n${boss.email},Jefa,${rol.nombre}\n`,
        headers: { 'content-type': 'text/csv' },
      });
      expect(res.json<ImportReport>().filas[0]).toMatchObject({
        resultado: 'rechazado',
        motivo: fill(DELEGATION_MESSAGES.targetMorePowerful, 'Persona'),
      });
    });

    it('a holder of roles:gestionar cannot add a permission to their own role, nor write one they lack', async () => {
      const rol = await makeRole(w, ['roles:ver', 'roles:gestionar', 'eventos:ver']);
      const me = await makeCaller(w, [rol.nombre]);
      const version = await versionOf(w, `/api/roles/${rol.id}`);
      await expectRefused(
        me.token,
        {
          method: 'PATCH',
          url: `/api/roles/${rol.id}`,
          payload: {
            permisos: ['roles:ver', 'roles:gestionar', 'eventos:ver', 'usuarios:editar'],
            version,
          },
        },
        fill(DELEGATION_MESSAGES.ownRolePermissions, rol.nombre),
        'permisos',
      );
      const otro = await makeRole(w, ['eventos:ver']);
      await expectRefused(
        me.token,
        {
          method: 'PATCH',
          url: `/api/roles/${otro.id}`,
          payload: { permisos: ['eventos:ver', 'auditoria:ver'], version: otro.version },
        },
        fill(DELEGATION_MESSAGES.permissionsNotHeld, 'auditoria:ver'),
        'permisos',
      );
      await expectRefused(
        me.token,
        {
          method: 'POST',
          url: '/api/roles',
          payload: { nombre: 'atajo', permisos: ['usuarios:editar'] },
        },
        fill(DELEGATION_MESSAGES.permissionsNotHeld, 'usuarios:editar'),
        'permisos',
      );
      // Renaming a role carrying permissions they lack (rule 3: it changes what its holders have).
      const gestor = (
        await call(w.app, w.adminToken, { method: 'GET', url: '/api/roles?q=gestor' })
      )
        .json<{ items: { id: number; nombre: string; permisos: string[]; version: number }[] }>()
        .items.find((r) => r.nombre === 'gestor')!;
      const missing = gestor.permisos.filter((p) => p !== 'eventos:ver').join(', ');
      await expectRefused(
        me.token,
        {
          method: 'PATCH',
          url: `/api/roles/${gestor.id}`,
          payload: { nombre: 'gestora', version: gestor.version },
        },
        fill(DELEGATION_MESSAGES.permissionsNotHeld, missing),
        'nombre',
      );
      await expectRefused(
        me.token,
        { method: 'DELETE', url: `/api/roles/${gestor.id}?reemplazo=usuario` },
        fill(DELEGATION_MESSAGES.permissionsNotHeld, missing),
        'id',
      );
    });

    it('a holder of roles:gestionar cannot delete their role with ?reemplazo=admin (nor anyone: admin is never a replacement)', async () => {
      const rol = await makeRole(w, ['roles:ver', 'roles:gestionar']);
      const me = await makeCaller(w, [rol.nombre]);
      const cambios = await expectRefused(
        me.token,
        { method: 'DELETE', url: `/api/roles/${rol.id}?reemplazo=admin` },
        DELEGATION_MESSAGES.adminNeverReplacement,
        'reemplazo',
      );
      expect(cambios).toMatchObject({ intento: { eliminar: rol.nombre, reemplazo: 'admin' } });
      await expectRefused(
        w.adminToken,
        { method: 'DELETE', url: `/api/roles/${rol.id}?reemplazo=admin` },
        DELEGATION_MESSAGES.adminNeverReplacement,
        'reemplazo',
      );
      // Nor with a replacement carrying permissions they lack.
      await expectRefused(
        me.token,
        { method: 'DELETE', url: `/api/roles/${rol.id}?reemplazo=gestor` },
        fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor'),
        'reemplazo',
      );
    });

    it('a holder of configuracion:gestionar cannot set the sign-up default to a powerful role, then register', async () => {
      const rol = await makeRole(w, ['configuracion:gestionar']);
      const me = await makeCaller(w, [rol.nombre]);
      const version = await versionOf(w, '/api/configuracion');
      await expectRefused(
        me.token,
        {
          method: 'PATCH',
          url: '/api/configuracion',
          payload: { rolPorDefecto: 'gestor', version },
        },
        fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor'),
        'rolPorDefecto',
      );
      await expectRefused(
        w.adminToken,
        {
          method: 'PATCH',
          url: '/api/configuracion',
          payload: { rolPorDefecto: 'admin', version },
        },
        DELEGATION_MESSAGES.adminNeverDefault,
        'rolPorDefecto',
      );
      const reg = await register(w.app, {
        email: uniqueEmail('reg'),
        password: PASSWORD,
        nombre: 'Recién',
      });
      expect(
        reg.json<{ user: { roles: { nombre: string }[] } }>().user.roles.map((r) => r.nombre),
      ).toEqual(['usuario']);
      // Toggling registration alone, with the current default sent back, is not a grant.
      const toggle = await call(w.app, me.token, {
        method: 'PATCH',
        url: '/api/configuracion',
        payload: { registroAbierto: true, rolPorDefecto: 'usuario', version },
      });
      expect(toggle.statusCode).toBe(200);
    });

    it('an admin cannot deactivate, delete or de-admin their own account (and the second admin still can do it to them)', async () => {
      const v = await versionOf(w, `/api/usuarios/${w.adminId}`);
      await expectRefused(
        w.adminToken,
        {
          method: 'PATCH',
          url: `/api/usuarios/${w.adminId}`,
          payload: { activo: false, version: v },
        },
        DELEGATION_MESSAGES.selfDeactivate,
        'activo',
      );
      await expectRefused(
        w.adminToken,
        { method: 'DELETE', url: `/api/usuarios/${w.adminId}` },
        DELEGATION_MESSAGES.selfDelete,
        'id',
      );
      await expectRefused(
        w.adminToken,
        { method: 'PUT', url: `/api/usuarios/${w.adminId}/roles`, payload: { roles: ['gestor'] } },
        DELEGATION_MESSAGES.selfRemoveAdmin,
        'roles',
      );
      const other = await makeCaller(w, ['admin'], 'Otra admin');
      const v2 = await versionOf(w, `/api/usuarios/${other.id}`);
      const off = await call(w.app, w.adminToken, {
        method: 'PATCH',
        url: `/api/usuarios/${other.id}`,
        payload: { activo: false, version: v2 },
      });
      expect(off.statusCode).toBe(200);
    });

    it('a holder of usuarios:editar cannot edit, deactivate or revoke the sessions of an admin or a more powerful user', async () => {
      const rol = await makeRole(w, ['usuarios:ver', 'usuarios:editar']);
      const me = await makeCaller(w, [rol.nombre]);
      const v = await versionOf(w, `/api/usuarios/${w.adminId}`);
      const adminNombre = (
        await call(w.app, w.adminToken, { method: 'GET', url: `/api/usuarios/${w.adminId}` })
      ).json<{
        nombre: string;
      }>().nombre;
      await expectRefused(
        me.token,
        {
          method: 'PATCH',
          url: `/api/usuarios/${w.adminId}`,
          payload: { activo: false, version: v },
        },
        fill(DELEGATION_MESSAGES.targetMorePowerful, adminNombre),
        'id',
      );
      await expectRefused(
        me.token,
        { method: 'POST', url: `/api/usuarios/${w.adminId}/sessions/revoke` },
        fill(DELEGATION_MESSAGES.targetMorePowerful, adminNombre),
        'id',
      );
      const boss = await makeUser(w, ['gestor'], 'Jefa');
      await expectRefused(
        me.token,
        {
          method: 'PATCH',
          url: `/api/usuarios/${boss.id}`,
          payload: { nombre: 'Otra', version: 1 },
        },
        fill(DELEGATION_MESSAGES.targetMorePowerful, 'Jefa'),
        'id',
      );
      // A peer (same permissions) is fine.
      const peer = await makeUser(w, [rol.nombre], 'Par');
      const ok = await call(w.app, me.token, {
        method: 'PATCH',
        url: `/api/usuarios/${peer.id}`,
        payload: { nombre: 'Par renombrado', version: 1 },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('a bulk action never touches the caller: their row is refused with the reason, the others are done', async () => {
      const a = await makeUser(w, ['usuario']);
      const res = await call(w.app, w.adminToken, {
        method: 'POST',
        url: '/api/usuarios/bulk',
        payload: { accion: 'desactivar', ids: [w.adminId, a.id] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<BulkUsuariosResponse>()).toEqual({
        accion: 'desactivar',
        resultados: [
          {
            id: w.adminId,
            estado: 'rechazado',
            motivo: DELEGATION_MESSAGES.selfDeactivate,
            code: ERROR_CODES.forbidden,
          },
          { id: a.id, estado: 'hecho' },
        ],
        resumen: { hechos: 1, rechazados: 1 },
      });
      expect(await lastEscalation(w)).toMatchObject({ motivo: 'selfDeactivate', campo: 'ids' });
      const me = await call(w.app, w.adminToken, { method: 'GET', url: '/api/auth/me' });
      expect(me.statusCode).toBe(200);
    });

    it('DELETE of the default role needs ?rolPorDefecto=: the default never moves silently', async () => {
      const rol = await makeRole(w, ['eventos:ver']);
      const cv = await versionOf(w, '/api/configuracion');
      const set = await call(w.app, w.adminToken, {
        method: 'PATCH',
        url: '/api/configuracion',
        payload: { rolPorDefecto: rol.nombre, version: cv },
      });
      expect(set.statusCode).toBe(200);
      const holder = await makeUser(w, [rol.nombre]);
      const del = (q: string) =>
        call(w.app, w.adminToken, { method: 'DELETE', url: `/api/roles/${rol.id}${q}` });
      const noDefault = await del('?reemplazo=usuario');
      expect(expectErrorShape(noDefault, 409, ERROR_CODES.conflict).message).toBe(
        ADMIN_MESSAGES.roleIsDefault,
      );
      expect(
        expectErrorShape(await del('?reemplazo=usuario&rolPorDefecto=nadie'), 400).details,
      ).toEqual([{ field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleUnknown }]);
      expect(
        expectErrorShape(await del(`?reemplazo=usuario&rolPorDefecto=${rol.nombre}`), 400).details,
      ).toEqual([{ field: 'rolPorDefecto', message: ADMIN_MESSAGES.defaultRoleDeleted }]);
      expect(
        expectErrorShape(await del('?reemplazo=usuario&rolPorDefecto=admin'), 403).message,
      ).toBe(DELEGATION_MESSAGES.adminNeverDefault);
      expect(
        (await call(w.app, w.adminToken, { method: 'GET', url: '/api/configuracion' })).json(),
      ).toMatchObject({
        rolPorDefecto: rol.nombre,
      });
      const ok = await del('?reemplazo=usuario&rolPorDefecto=usuario');
      expect(ok.statusCode).toBe(204);
      expect(
        (await call(w.app, w.adminToken, { method: 'GET', url: '/api/configuracion' })).json(),
      ).toMatchObject({
        rolPorDefecto: 'usuario',
      });
      expect(
        (
          await call(w.app, w.adminToken, { method: 'GET', url: `/api/usuarios/${holder.id}` })
        ).json(),
      ).toMatchObject({
        roles: ['usuario'],
      });
    });

    it('role nombres are unique ignoring case: no Admin beside admin', async () => {
      const post = (nombre: string) =>
        call(w.app, w.adminToken, {
          method: 'POST',
          url: '/api/roles',
          payload: { nombre, permisos: [] },
        });
      for (const nombre of ['Admin', 'ADMIN', 'Gestor', 'USUARIO']) {
        expect(expectErrorShape(await post(nombre), 409, ERROR_CODES.conflict).message).toBe(
          ADMIN_MESSAGES.roleNameTaken,
        );
      }
      const rol = await makeRole(w, [], 'caja');
      const rename = (nombre: string, version: number) =>
        call(w.app, w.adminToken, {
          method: 'PATCH',
          url: `/api/roles/${rol.id}`,
          payload: { nombre, version },
        });
      expect((await rename('Gestor', rol.version)).statusCode).toBe(409);
      // Its own nombre in other letters is not taken by another role.
      const upper = await rename(rol.nombre.toUpperCase(), rol.version);
      expect(upper.statusCode).toBe(200);
    });

    it('the generic permission refusal still comes first for a caller without the permission', async () => {
      const rol = await makeRole(w, ['usuarios:ver']);
      const me = await makeCaller(w, [rol.nombre]);
      const res = await call(w.app, me.token, {
        method: 'PUT',
        url: `/api/usuarios/${me.id}/roles`,
        payload: { roles: ['admin'] },
      });
      expect(expectErrorShape(res, 403, ERROR_CODES.forbidden).message).toBe(
        API_MESSAGES.forbidden,
      );
      expect(ESCALATION_AUDIT_ACTION).toBe('seguridad.escalada_rechazada');
    });

    it('whoever gives roles or acts on users reads the roles catalogue (the console applies the rules with it)', async () => {
      for (const permisos of [
        ['usuarios:editar'],
        ['usuarios:crear'],
        ['configuracion:gestionar'],
      ]) {
        const me = await makeCaller(w, [(await makeRole(w, permisos)).nombre]);
        const res = await call(w.app, me.token, { method: 'GET', url: '/api/roles?pageSize=100' });
        expect(res.statusCode).toBe(200);
        expect(res.json<{ items: { nombre: string }[] }>().items.map((r) => r.nombre)).toContain(
          'admin',
        );
      }
      const lector = await makeCaller(w, [(await makeRole(w, ['eventos:ver'])).nombre]);
      const res = await call(w.app, lector.token, { method: 'GET', url: '/api/roles' });
      expect(expectErrorShape(res, 403, ERROR_CODES.forbidden).message).toBe(
        API_MESSAGES.forbidden,
      );
    });
  },
);
