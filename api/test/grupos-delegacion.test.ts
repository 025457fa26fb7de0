/**
 * Delegation over groups (issue #17 with issue #13's rules) on every database of DATABASES: a
 * non-admin with grupos:gestionar writes only groups whose every role they may give, adds and
 * removes only users they may act on; each refusal is a 403 naming the field, audited as
 * `seguridad.escalada_rechazada` on the group, and leaves the tables as they were.
 */
import { DELEGATION_MESSAGES, ERROR_CODES, type Grupo } from '@gestion/shared';
import type { InjectOptions } from 'fastify';
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
  type DelegationWorld,
} from './delegation-fixtures';
import { DATABASES, expectErrorShape } from './helper';

describe.each(DATABASES)('delegation over groups on %s', (dialect) => {
  let w: DelegationWorld;
  let caller: { id: number; token: string };
  let small: { nombre: string };
  let big: { nombre: string };

  beforeAll(async () => {
    w = await buildDelegationWorld(dialect);
    small = await makeRole(w, ['eventos:ver'], 'pequeno');
    big = await makeRole(w, ['eventos:ver', 'auditoria:ver'], 'grande');
    const manager = await makeRole(w, [
      'grupos:ver',
      'grupos:gestionar',
      'eventos:ver',
      'usuarios:ver',
    ]);
    caller = await makeCaller(w, [manager.nombre]);
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  const asAdmin = (opts: InjectOptions) => call(w.app, w.adminToken, opts);
  const asCaller = (opts: InjectOptions) => call(w.app, caller.token, opts);
  const adminGroup = async (roles: string[]) => {
    const res = await asAdmin({
      method: 'POST',
      url: '/api/grupos',
      payload: { nombre: `adm-${Math.random().toString(36).slice(2, 9)}`, roles },
    });
    return res.json<Grupo>();
  };

  /** Sends `opts` as the caller: 403 naming `field`, one audit row, no table changed. */
  async function expectRefused(opts: InjectOptions, field: string, message?: string) {
    const before = await guardedState(w);
    const count = await escalationCount(w);
    const res = await asCaller(opts);
    const body = expectErrorShape(res, 403, ERROR_CODES.forbidden);
    expect(body.details).toEqual([{ field, message: body.message }]);
    if (message) expect(body.message).toBe(message);
    expect(changesBetween(before, await guardedState(w))).toEqual([]);
    expect(await escalationCount(w)).toBe(count + 1);
    expect(await lastEscalation(w)).toMatchObject({ campo: field });
  }

  it('creates a group only with roles the caller may give', async () => {
    const ok = await asCaller({
      method: 'POST',
      url: '/api/grupos',
      payload: { nombre: 'Lectores', roles: [small.nombre] },
    });
    expect(ok.statusCode).toBe(201);
    await expectRefused(
      { method: 'POST', url: '/api/grupos', payload: { nombre: 'Auditores', roles: [big.nombre] } },
      'roles',
      DELEGATION_MESSAGES.roleHasUnheldPermissions.replace('{x}', big.nombre),
    );
    await expectRefused(
      { method: 'POST', url: '/api/grupos', payload: { nombre: 'Jefes', roles: ['admin'] } },
      'roles',
      DELEGATION_MESSAGES.adminRoleOnlyByAdmin,
    );
  });

  it('changes roles only within what the caller may give, before and after', async () => {
    const mine = await adminGroup([small.nombre]);
    const up = { method: 'PATCH' as const, url: `/api/grupos/${mine.id}` };
    await expectRefused(
      { ...up, payload: { roles: [small.nombre, big.nombre], version: 1 } },
      'roles',
    );
    const rename = await asCaller({ ...up, payload: { nombre: 'Renombrado', version: 1 } });
    expect(rename.statusCode).toBe(200);
    const theirs = await adminGroup([big.nombre]);
    await expectRefused(
      { method: 'PATCH', url: `/api/grupos/${theirs.id}`, payload: { roles: [], version: 1 } },
      'roles',
    );
    await expectRefused(
      { method: 'PATCH', url: `/api/grupos/${theirs.id}`, payload: { nombre: 'Otro', version: 1 } },
      'roles',
    );
  });

  it('adds and removes members only of groups whose roles the caller may give', async () => {
    const u = await makeUser(w, []);
    const theirs = await adminGroup([big.nombre]);
    await expectRefused(
      { method: 'PUT', url: `/api/grupos/${theirs.id}/miembros`, payload: { añadir: [u.id] } },
      'id',
    );
    await asAdmin({
      method: 'PUT',
      url: `/api/grupos/${theirs.id}/miembros`,
      payload: { añadir: [u.id] },
    });
    await expectRefused(
      { method: 'PUT', url: `/api/grupos/${theirs.id}/miembros`, payload: { quitar: [u.id] } },
      'id',
    );
    await expectRefused({ method: 'DELETE', url: `/api/grupos/${theirs.id}` }, 'id');
    // A group the caller may give, and a user they may act on: accepted.
    const mine = await adminGroup([small.nombre]);
    const plain = await makeUser(w, []);
    const add = await asCaller({
      method: 'PUT',
      url: `/api/grupos/${mine.id}/miembros`,
      payload: { añadir: [plain.id] },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json<Grupo>().miembros).toBe(1);
  });

  it('adds or removes only users the caller may act on (rule 2, group roles counted)', async () => {
    const mine = await adminGroup([small.nombre]);
    const url = `/api/grupos/${mine.id}/miembros`;
    await expectRefused({ method: 'PUT', url, payload: { añadir: [w.adminId] } }, 'añadir');
    // A user more powerful only through a group the caller cannot touch.
    const strong = await makeUser(w, [], 'Fuerte');
    const theirs = await adminGroup([big.nombre]);
    await asAdmin({
      method: 'PUT',
      url: `/api/grupos/${theirs.id}/miembros`,
      payload: { añadir: [strong.id] },
    });
    await expectRefused({ method: 'PUT', url, payload: { añadir: [strong.id] } }, 'añadir');
  });
});
