/**
 * The groups part of the delegation property (issue #17, delegation-property.test.ts): the
 * generated group requests — POST a group with roles, PATCH its roles, PUT its members, DELETE
 * it — the run's groups (created by the admin with random roles, `admin` among them, and random
 * members), and every user's effective permissions read from the tables, own roles and group
 * roles alike, which the invariant compares before and after each accepted request.
 */
import { ADMIN_ROLE } from '@gestion/shared';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'kysely';
import { call } from '../admin-fixtures';
import { uniqueEmail } from '../helper';
import type { DelegationWorld } from '../delegation-fixtures';

/** Groups of a run, created by the admin before the caller acts. */
export const N_GRUPOS = 2;

/**
 * The generated group commands. `roles` are role references of the property (its `RoleRef`),
 * `grupo` a group of the run (0..N_GRUPOS-1), members targets of the property (its `target`).
 */
export function grupoCommands(roleRef: fc.Arbitrary<number>, target: fc.Arbitrary<number>) {
  const grupo = fc.integer({ min: 0, max: N_GRUPOS - 1 });
  return [
    fc.record({
      k: fc.constant('postGrupo' as const),
      roles: fc.uniqueArray(roleRef, { maxLength: 3 }),
    }),
    fc.record({
      k: fc.constant('patchGrupo' as const),
      grupo,
      roles: fc.uniqueArray(roleRef, { maxLength: 3 }),
    }),
    fc.record({
      k: fc.constant('putMiembros' as const),
      grupo,
      añadir: fc.uniqueArray(target, { maxLength: 3 }),
      quitar: fc.uniqueArray(target, { maxLength: 2 }),
    }),
    fc.record({ k: fc.constant('deleteGrupo' as const), grupo }),
  ];
}

/** A run's groups: for each, the role references and member targets the admin gives it. */
export const grupoSetup = fc.array(
  fc.record({
    roles: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 2 }),
    members: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
  }),
  { minLength: N_GRUPOS, maxLength: N_GRUPOS },
);

/**
 * Creates the run's groups as the admin; returns their ids. The caller (target 3) is left out of
 * a group giving `admin` (role reference 4): the property is about a non-admin caller.
 */
export async function makeGrupos(
  w: DelegationWorld,
  setup: { roles: number[]; members: number[] }[],
  nombre: (ref: number) => string,
  who: (t: number) => { id: number },
): Promise<number[]> {
  const ids: number[] = [];
  for (const g of setup) {
    const res = await call(w.app, w.adminToken, {
      method: 'POST',
      url: '/api/grupos',
      payload: { nombre: `g-${uniqueEmail('').slice(1, 11)}`, roles: g.roles.map(nombre) },
    });
    if (res.statusCode !== 201) throw new Error(`make group: ${res.statusCode} ${res.body}`);
    const id = res.json<{ id: number }>().id;
    const put = await call(w.app, w.adminToken, {
      method: 'PUT',
      url: `/api/grupos/${id}/miembros`,
      payload: {
        añadir: g.members.filter((t) => t !== 3 || !g.roles.includes(4)).map((t) => who(t).id),
      },
    });
    if (put.statusCode !== 200) throw new Error(`group members: ${put.statusCode} ${put.body}`);
    ids.push(id);
  }
  return ids;
}

type GrupoCommand =
  ReturnType<typeof grupoCommands>[number] extends fc.Arbitrary<infer T> ? T : never;

/** The request of a group command (undefined when its group is gone). */
export async function grupoRequest(
  w: DelegationWorld,
  c: GrupoCommand,
  grupos: number[],
  nombre: (ref: number) => string,
  who: (t: number) => { id: number },
): Promise<InjectOptions | undefined> {
  if (c.k === 'postGrupo')
    return {
      method: 'POST',
      url: '/api/grupos',
      payload: { nombre: `gen-${uniqueEmail('').slice(1, 11)}`, roles: c.roles.map(nombre) },
    };
  const id = grupos[c.grupo]!;
  const current = await call(w.app, w.adminToken, { method: 'GET', url: `/api/grupos/${id}` });
  if (current.statusCode !== 200) return undefined;
  switch (c.k) {
    case 'patchGrupo':
      return {
        method: 'PATCH',
        url: `/api/grupos/${id}`,
        payload: {
          roles: c.roles.map(nombre),
          version: current.json<{ version: number }>().version,
        },
      };
    case 'putMiembros':
      return {
        method: 'PUT',
        url: `/api/grupos/${id}/miembros`,
        payload: { añadir: c.añadir.map((t) => who(t).id), quitar: c.quitar.map((t) => who(t).id) },
      };
    case 'deleteGrupo':
      return { method: 'DELETE', url: `/api/grupos/${id}` };
  }
}

/**
 * Every user's effective permissions (`'ALL'` for an admin), read from the tables: their own
 * roles and their groups' (issue #17).
 */
export async function effectivePermissionsOfAll(
  w: DelegationWorld,
): Promise<Map<number, Set<string> | 'ALL'>> {
  const { rows } = await sql<{ usuario_id: number; rol: string; permiso: string | null }>`
    select h.usuario_id, r.nombre as rol, p.nombre as permiso from (
      select usuario_id, rol_id from usuario_roles
      union
      select gm.usuario_id, gr.rol_id from grupo_miembros gm
        join grupo_roles gr on gr.grupo_id = gm.grupo_id
    ) h
    join roles r on r.id = h.rol_id
    left join rol_permisos rp on rp.rol_id = r.id
    left join permisos p on p.id = rp.permiso_id`.execute(w.app.db);
  const out = new Map<number, Set<string> | 'ALL'>();
  for (const r of rows) {
    const id = Number(r.usuario_id);
    if (r.rol === ADMIN_ROLE) out.set(id, 'ALL');
    const held = out.get(id);
    if (held === 'ALL') continue;
    const set = held ?? new Set<string>();
    if (r.permiso) set.add(r.permiso);
    out.set(id, set);
  }
  return out;
}
