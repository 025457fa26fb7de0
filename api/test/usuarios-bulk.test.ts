/**
 * POST /api/usuarios/bulk (issue #13, rule 5): one request, one result per distinct user in the
 * order sent, each user's change in its own transaction with its own audit row, the caller never
 * touched, per-user refusals with their reason — on every database of DATABASES.
 */
import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  DELEGATION_MESSAGES,
  ERROR_CODES,
  type BulkUsuariosResponse,
  type Usuario,
} from '@gestion/shared';
import { sql } from 'kysely';
import { DATABASES, bearer, expectErrorShape } from './helper';
import { call, signIn } from './admin-fixtures';
import { createEvento } from './eventos-fixtures';
import {
  buildDelegationWorld,
  changesBetween,
  escalationCount,
  guardedState,
  makeCaller,
  makeRole,
  makeUser,
  type DelegationWorld,
} from './delegation-fixtures';

const fill = (template: string, x: string) => template.replace('{x}', x);

describe.each(DATABASES)('POST /api/usuarios/bulk on %s', (dialect) => {
  let w: DelegationWorld;

  beforeAll(async () => {
    w = await buildDelegationWorld(dialect);
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  const bulk = (token: string | undefined, payload: object) =>
    call(w.app, token, { method: 'POST', url: '/api/usuarios/bulk', payload });
  const usuario = async (id: number) =>
    (
      await call(w.app, w.adminToken, { method: 'GET', url: `/api/usuarios/${id}` })
    ).json<Usuario>();
  const audits = async (accion: string, id: number) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from auditoria
      where accion = ${accion} and objetivo_id = ${String(id)}`.execute(w.app.db);
    return Number(rows[0]!.n);
  };

  it('answers one result per distinct id in the order sent: done, not found, and the caller refused', async () => {
    const a = await makeUser(w, ['usuario']);
    const b = await makeUser(w, ['usuario']);
    const res = await bulk(w.adminToken, {
      accion: 'desactivar',
      ids: [b.id, w.adminId, a.id, b.id, 999_999],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkUsuariosResponse>()).toEqual({
      accion: 'desactivar',
      resultados: [
        { id: b.id, estado: 'hecho' },
        {
          id: w.adminId,
          estado: 'rechazado',
          motivo: DELEGATION_MESSAGES.selfDeactivate,
          code: ERROR_CODES.forbidden,
        },
        { id: a.id, estado: 'hecho' },
        {
          id: 999_999,
          estado: 'rechazado',
          motivo: API_MESSAGES.notFound,
          code: ERROR_CODES.notFound,
        },
      ],
      resumen: { hechos: 2, rechazados: 2 },
    });
    expect((await usuario(a.id)).activo).toBe(false);
    expect((await usuario(b.id)).activo).toBe(false);
    expect((await usuario(w.adminId)).activo).toBe(true);
    // Each change has its own audit row, written in its own transaction.
    expect(await audits('usuarios.desactivar', a.id)).toBe(1);
    expect(await audits('usuarios.desactivar', b.id)).toBe(1);
    // Nothing to change is done too, and writes nothing.
    const again = await bulk(w.adminToken, { accion: 'desactivar', ids: [a.id] });
    expect(again.json<BulkUsuariosResponse>().resultados).toEqual([{ id: a.id, estado: 'hecho' }]);
    expect(await audits('usuarios.desactivar', a.id)).toBe(1);
    const on = await bulk(w.adminToken, { accion: 'activar', ids: [a.id, b.id] });
    expect(on.json<BulkUsuariosResponse>().resumen).toEqual({ hechos: 2, rechazados: 0 });
    expect((await usuario(a.id)).activo).toBe(true);
  });

  it('never touches the caller, whatever the action, and says why', async () => {
    const cases: [string, string | undefined, string][] = [
      ['eliminar', undefined, DELEGATION_MESSAGES.selfDelete],
      ['quitarRol', 'admin', DELEGATION_MESSAGES.selfRemoveAdmin],
      ['asignarRol', 'gestor', ADMIN_MESSAGES.bulkSelf],
      ['revocarSesiones', undefined, ADMIN_MESSAGES.bulkSelf],
      ['activar', undefined, ADMIN_MESSAGES.bulkSelf],
    ];
    for (const [accion, rol, motivo] of cases) {
      const before = await guardedState(w);
      const res = await bulk(w.adminToken, { accion, ids: [w.adminId], ...(rol ? { rol } : {}) });
      expect(res.json<BulkUsuariosResponse>().resultados).toEqual([
        { id: w.adminId, estado: 'rechazado', motivo, code: ERROR_CODES.forbidden },
      ]);
      expect(changesBetween(before, await guardedState(w))).toEqual([]);
    }
    expect(
      (await call(w.app, w.adminToken, { method: 'GET', url: '/api/auth/me' })).statusCode,
    ).toBe(200);
  });

  it('refuses per user what the caller may not do to that user, and does the rest', async () => {
    const rol = await makeRole(w, ['usuarios:ver', 'usuarios:editar', 'eventos:ver']);
    const me = await makeCaller(w, [rol.nombre]);
    const weak = await makeUser(w, [], 'Débil');
    const boss = await makeUser(w, ['gestor'], 'Jefa');
    const res = await bulk(me.token, { accion: 'desactivar', ids: [boss.id, weak.id] });
    expect(res.json<BulkUsuariosResponse>().resultados).toEqual([
      {
        id: boss.id,
        estado: 'rechazado',
        motivo: fill(DELEGATION_MESSAGES.targetMorePowerful, 'Jefa'),
        code: ERROR_CODES.forbidden,
      },
      { id: weak.id, estado: 'hecho' },
    ]);
    expect((await usuario(boss.id)).activo).toBe(true);
    expect((await usuario(weak.id)).activo).toBe(false);
  });

  it('takes admin from another admin but never from the caller', async () => {
    const other = await makeUser(w, ['admin'], 'Otra admin');
    const res = await bulk(w.adminToken, {
      accion: 'quitarRol',
      rol: 'admin',
      ids: [other.id, w.adminId],
    });
    expect(res.json<BulkUsuariosResponse>().resultados).toEqual([
      { id: other.id, estado: 'hecho' },
      {
        id: w.adminId,
        estado: 'rechazado',
        motivo: DELEGATION_MESSAGES.selfRemoveAdmin,
        code: ERROR_CODES.forbidden,
      },
    ]);
    expect((await usuario(other.id)).roles).toEqual([]);
    expect((await usuario(w.adminId)).roles).toEqual(['admin']);
  });

  it('refuses the whole request (403, audited once, nothing done) for a role the caller may not give', async () => {
    const rol = await makeRole(w, ['usuarios:ver', 'usuarios:editar']);
    const me = await makeCaller(w, [rol.nombre]);
    const a = await makeUser(w, []);
    const b = await makeUser(w, []);
    for (const [r, message] of [
      ['admin', DELEGATION_MESSAGES.adminRoleOnlyByAdmin],
      ['gestor', fill(DELEGATION_MESSAGES.roleHasUnheldPermissions, 'gestor')],
    ] as const) {
      const before = await guardedState(w);
      const n = await escalationCount(w);
      const res = await bulk(me.token, { accion: 'asignarRol', rol: r, ids: [a.id, b.id] });
      const body = expectErrorShape(res, 403, ERROR_CODES.forbidden);
      expect(body).toMatchObject({ message, details: [{ field: 'rol', message }] });
      expect(changesBetween(before, await guardedState(w))).toEqual([]);
      expect(await escalationCount(w)).toBe(n + 1);
    }
    // A role they could give goes through.
    const ok = await bulk(me.token, { accion: 'asignarRol', rol: rol.nombre, ids: [a.id, b.id] });
    expect(ok.json<BulkUsuariosResponse>().resumen).toEqual({ hechos: 2, rechazados: 0 });
    expect((await usuario(a.id)).roles).toEqual([rol.nombre]);
    const off = await bulk(me.token, { accion: 'quitarRol', rol: rol.nombre, ids: [a.id] });
    expect(off.json<BulkUsuariosResponse>().resumen).toEqual({ hechos: 1, rechazados: 0 });
    expect((await usuario(a.id)).roles).toEqual([]);
  });

  it('needs a known rol for asignarRol and quitarRol (400, field rol)', async () => {
    const a = await makeUser(w, []);
    const missing = await bulk(w.adminToken, { accion: 'asignarRol', ids: [a.id] });
    expect(expectErrorShape(missing, 400, ERROR_CODES.validation).details).toEqual([
      { field: 'rol', message: ADMIN_MESSAGES.bulkRolRequired },
    ]);
    const unknown = await bulk(w.adminToken, { accion: 'quitarRol', rol: 'nadie', ids: [a.id] });
    expect(expectErrorShape(unknown, 400).details).toEqual([
      { field: 'rol', message: ADMIN_MESSAGES.unknownRole },
    ]);
    expectErrorShape(await bulk(w.adminToken, { accion: 'volar', ids: [a.id] }), 400);
    expectErrorShape(await bulk(w.adminToken, { accion: 'activar', ids: [] }), 400);
  });

  it('needs usuarios:editar, and usuarios:eliminar for eliminar (401 without a session)', async () => {
    const editar = await makeCaller(w, [
      (await makeRole(w, ['usuarios:ver', 'usuarios:editar'])).nombre,
    ]);
    const eliminar = await makeCaller(w, [
      (await makeRole(w, ['usuarios:ver', 'usuarios:eliminar'])).nombre,
    ]);
    const a = await makeUser(w, []);
    const del = await bulk(editar.token, { accion: 'eliminar', ids: [a.id] });
    expect(expectErrorShape(del, 403).message).toBe(API_MESSAGES.forbidden);
    const off = await bulk(eliminar.token, { accion: 'desactivar', ids: [a.id] });
    expect(expectErrorShape(off, 403).message).toBe(API_MESSAGES.forbidden);
    expectErrorShape(await bulk(undefined, { accion: 'activar', ids: [a.id] }), 401);
    const ok = await bulk(eliminar.token, { accion: 'eliminar', ids: [a.id] });
    expect(ok.json<BulkUsuariosResponse>().resultados).toEqual([{ id: a.id, estado: 'hecho' }]);
    expect(
      (await call(w.app, w.adminToken, { method: 'GET', url: `/api/usuarios/${a.id}` })).statusCode,
    ).toBe(404);
  });

  it('eliminar deactivates a user who owns data instead, and says so; revocarSesiones ends their sessions', async () => {
    const owner = await makeCaller(w, ['gestor'], 'Dueña');
    await createEvento(w.app, bearer(owner.token), { responsableId: owner.id });
    const revoked = await bulk(w.adminToken, { accion: 'revocarSesiones', ids: [owner.id] });
    expect(revoked.json<BulkUsuariosResponse>().resultados).toEqual([
      { id: owner.id, estado: 'hecho' },
    ]);
    expect(
      (await call(w.app, owner.token, { method: 'GET', url: '/api/auth/me' })).statusCode,
    ).toBe(401);
    const res = await bulk(w.adminToken, { accion: 'eliminar', ids: [owner.id] });
    expect(res.json<BulkUsuariosResponse>().resultados).toEqual([
      { id: owner.id, estado: 'hecho', motivo: ADMIN_MESSAGES.deactivatedInstead },
    ]);
    expect((await usuario(owner.id)).activo).toBe(false);
    await expect(signIn(w.app, owner.email)).rejects.toThrow();
  });
});
