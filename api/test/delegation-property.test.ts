/**
 * The invariant of issue #13, proved by generated cases rather than examples (fast-check): from
 * random roles (random subsets of the permission catalogue) and a non-admin caller holding random
 * roles and management permissions, random sequences of requests through `app.inject` — PUT
 * roles, POST usuarios with roles, PATCH a role's permissions, POST roles, DELETE roles with
 * `reemplazo`/`rolPorDefecto`, PATCH configuracion `rolPorDefecto`, bulk asignarRol/quitarRol,
 * CSV imports, and the groups' requests of issue #17 (POST a group with roles, PATCH its roles,
 * PUT its members, DELETE it; the run starts with groups the admin made, `admin` among their
 * roles) — and, after EVERY accepted request (2xx), over effective permissions (own roles and
 * group roles alike):
 *   - no user holds a permission they did not hold before, unless the caller holds it — so
 *     adding a user to a group, or a role to a group, grants only what the caller may grant;
 *   - the number of admins never grows;
 *   - the default role of self-registration, when it changed, is not `admin` and carries only
 *     permissions the caller holds (every newcomer gets it).
 * Refused requests are free to happen (most do); the invariant is about what gets through.
 *
 * Reproducible: a fixed seed (DELEGATION_SEED) and bounded runs (DELEGATION_RUNS; fewer on
 * PostgreSQL), so the file stays within seconds.
 */
import { ADMIN_ROLE, ALL_PERMISSIONS } from '@gestion/shared';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'kysely';
import { DATABASES, uniqueEmail } from './helper';
import { call } from './admin-fixtures';
import {
  effectivePermissionsOfAll,
  grupoCommands,
  grupoRequest,
  grupoSetup,
  makeGrupos,
} from './support/delegation-grupos';
import {
  buildDelegationWorld,
  makeCaller,
  makeRole,
  makeUser,
  versionOf,
  type DelegationWorld,
} from './delegation-fixtures';

const SEED = Number(process.env.DELEGATION_SEED ?? 20_261_125);
const RUNS = Number(process.env.DELEGATION_RUNS ?? 40);

const MANAGEMENT = [
  'usuarios:ver',
  'usuarios:crear',
  'usuarios:editar',
  'usuarios:eliminar',
  'roles:ver',
  'roles:gestionar',
  'configuracion:gestionar',
  'grupos:ver',
  'grupos:gestionar',
];

/**
 * What random roles and the caller's extra permissions are drawn from: a part of the catalogue,
 * so a caller often holds every permission of a role and requests get through (over the whole
 * catalogue nearly every request is refused and the property would prove little).
 */
const UNIVERSE = [
  'eventos:ver',
  'eventos:crear',
  'periodos:ver',
  'informes:ver',
  'filtrado:usar',
  'auditoria:ver',
  'usuarios:ver',
  'roles:ver',
];

/** Random roles of a run, then the fixed ones: admin, the caller's own role, the seeded two. */
const N_ROLES = 4;
type RoleRef = number; // 0..N_ROLES-1 random, N_ROLES admin, +1 caller's, +2 usuario, +3 gestor
const roleRef = fc.integer({ min: 0, max: N_ROLES + 3 });
/** Targets: 0..2 random users, 3 the caller, 4 the seeded admin. */
const target = fc.integer({ min: 0, max: 4 });

const command = fc.oneof(
  fc.record({
    k: fc.constant('putRoles' as const),
    who: target,
    roles: fc.uniqueArray(roleRef, { maxLength: 3 }),
  }),
  fc.record({
    k: fc.constant('postUsuario' as const),
    roles: fc.uniqueArray(roleRef, { maxLength: 3 }),
  }),
  fc.record({
    k: fc.constant('patchPermisos' as const),
    rol: roleRef,
    permisos: fc.oneof(fc.subarray(UNIVERSE), fc.subarray([...ALL_PERMISSIONS])),
  }),
  fc.record({
    k: fc.constant('postRol' as const),
    permisos: fc.oneof(fc.subarray(UNIVERSE), fc.subarray([...ALL_PERMISSIONS])),
  }),
  fc.record({
    k: fc.constant('deleteRol' as const),
    rol: roleRef,
    reemplazo: fc.option(roleRef, { nil: undefined }),
    rolPorDefecto: fc.option(roleRef, { nil: undefined }),
  }),
  fc.record({ k: fc.constant('patchDefault' as const), rol: roleRef }),
  fc.record({
    k: fc.constant('bulk' as const),
    accion: fc.constantFrom('asignarRol' as const, 'quitarRol' as const),
    rol: roleRef,
    ids: fc.uniqueArray(target, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    k: fc.constant('import' as const),
    rows: fc.array(
      fc.record({
        who: fc.option(target, { nil: undefined }),
        roles: fc.uniqueArray(roleRef, { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  ...grupoCommands(roleRef, target),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

const scenario = fc.record({
  roles: fc.array(fc.subarray(UNIVERSE, { maxLength: 3 }), {
    minLength: N_ROLES,
    maxLength: N_ROLES,
  }),
  caller: fc.record({
    management: fc.subarray(MANAGEMENT, { minLength: 2 }),
    extra: fc.subarray(UNIVERSE, { minLength: 3 }),
    holds: fc.uniqueArray(fc.integer({ min: 0, max: N_ROLES - 1 }), { maxLength: 2 }),
  }),
  users: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: N_ROLES }), { maxLength: 2 }), {
    minLength: 3,
    maxLength: 3,
  }),
  grupos: grupoSetup,
  commands: fc.array(command, { minLength: 1, maxLength: 6 }),
});

async function defaultRole(w: DelegationWorld): Promise<{ nombre: string; permisos: string[] }> {
  const conf = (
    await call(w.app, w.adminToken, { method: 'GET', url: '/api/configuracion' })
  ).json<{
    rolPorDefecto: string;
  }>();
  const { rows } = await sql<{ permiso: string }>`select p.nombre as permiso from roles r
    join rol_permisos rp on rp.rol_id = r.id join permisos p on p.id = rp.permiso_id
    where r.nombre = ${conf.rolPorDefecto}`.execute(w.app.db);
  return { nombre: conf.rolPorDefecto, permisos: rows.map((r) => r.permiso) };
}

describe.each(DATABASES)('delegation invariant (property) on %s', (dialect) => {
  let w: DelegationWorld;
  const runs = dialect === 'postgres' ? Math.max(5, Math.floor(RUNS / 3)) : RUNS;

  beforeAll(async () => {
    w = await buildDelegationWorld(dialect);
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  it(`no accepted request by a non-admin grants what the caller lacks, nor makes an admin (${runs} runs)`, async () => {
    const seen = { accepted: 0, refused: 0, grupos: 0 };
    const property = fc.asyncProperty(scenario, async (sc) => {
      // The run's world: its roles, its caller, its users.
      const roles: { id: number; nombre: string }[] = [];
      for (const permisos of sc.roles) roles.push(await makeRole(w, permisos, 'p'));
      const callerRol = await makeRole(
        w,
        [...new Set([...sc.caller.management, ...sc.caller.extra])],
        'llamante',
      );
      const caller = await makeCaller(w, [
        callerRol.nombre,
        ...sc.caller.holds.map((i) => roles[i]!.nombre),
      ]);
      const users: { id: number; email: string }[] = [];
      for (const held of sc.users)
        users.push(
          await makeUser(
            w,
            held.map((i) => (i === N_ROLES ? ADMIN_ROLE : roles[i]!.nombre)),
          ),
        );
      const nombre = (ref: RoleRef): string =>
        ref < N_ROLES
          ? roles[ref]!.nombre
          : [ADMIN_ROLE, callerRol.nombre, 'usuario', 'gestor'][ref - N_ROLES]!;
      const rolId = async (ref: RoleRef): Promise<number | undefined> => {
        const { rows } = await sql<{
          id: number;
        }>`select id from roles where nombre = ${nombre(ref)}`.execute(w.app.db);
        return rows[0]?.id;
      };
      const who = (t: number) =>
        t < 3 ? users[t]! : t === 3 ? caller : { id: w.adminId, email: 'admin@test.local' };
      const grupos = await makeGrupos(w, sc.grupos, nombre, who);

      const requestOf = async (c: Command): Promise<InjectOptions | undefined> => {
        switch (c.k) {
          case 'putRoles':
            return {
              method: 'PUT',
              url: `/api/usuarios/${who(c.who).id}/roles`,
              payload: { roles: c.roles.map(nombre) },
            };
          case 'postUsuario':
            return {
              method: 'POST',
              url: '/api/usuarios',
              payload: {
                email: uniqueEmail('prop'),
                nombre: 'Generada',
                roles: c.roles.map(nombre),
              },
            };
          case 'patchPermisos': {
            const id = await rolId(c.rol);
            if (id === undefined) return undefined;
            const version = await versionOf(w, `/api/roles/${id}`);
            return {
              method: 'PATCH',
              url: `/api/roles/${id}`,
              payload: { permisos: c.permisos, version },
            };
          }
          case 'postRol':
            return {
              method: 'POST',
              url: '/api/roles',
              payload: { nombre: `gen-${uniqueEmail('').slice(1, 11)}`, permisos: c.permisos },
            };
          case 'deleteRol': {
            const id = await rolId(c.rol);
            if (id === undefined) return undefined;
            const q = new URLSearchParams();
            if (c.reemplazo !== undefined) q.set('reemplazo', nombre(c.reemplazo));
            if (c.rolPorDefecto !== undefined) q.set('rolPorDefecto', nombre(c.rolPorDefecto));
            return { method: 'DELETE', url: `/api/roles/${id}?${q.toString()}` };
          }
          case 'patchDefault':
            return {
              method: 'PATCH',
              url: '/api/configuracion',
              payload: {
                rolPorDefecto: nombre(c.rol),
                version: await versionOf(w, '/api/configuracion'),
              },
            };
          case 'bulk':
            return {
              method: 'POST',
              url: '/api/usuarios/bulk',
              payload: { accion: c.accion, rol: nombre(c.rol), ids: c.ids.map((t) => who(t).id) },
            };
          case 'import': {
            const lines = c.rows.map(
              (r) =>
                `${r.who === undefined ? uniqueEmail('imp') : who(r.who).email},Importada,${r.roles.map(nombre).join('|')}`,
            );
            return {
              method: 'POST',
              url: '/api/usuarios/import',
              payload: `email,nombre,roles\n${lines.join('\n')}\n`,
              headers: { 'content-type': 'text/csv' },
            };
          }
          default:
            return grupoRequest(w, c, grupos, nombre, who);
        }
      };

      for (const c of sc.commands) {
        const opts = await requestOf(c);
        if (!opts) continue;
        const before = await effectivePermissionsOfAll(w);
        const defaultBefore = await defaultRole(w);
        const held = before.get(caller.id) ?? new Set<string>();
        if (held === 'ALL') throw new Error('the caller became an admin');
        const res = await call(w.app, caller.token, opts);
        if (res.statusCode >= 500) throw new Error(`${c.k}: ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 300) {
          seen.refused++;
          continue;
        }
        seen.accepted++;
        if (typeof opts.url === 'string' && opts.url.startsWith('/api/grupos')) seen.grupos++;
        const after = await effectivePermissionsOfAll(w);
        const admins = (m: typeof after) => [...m.values()].filter((p) => p === 'ALL').length;
        if (admins(after) > admins(before))
          throw new Error(
            `${c.k} ${JSON.stringify(opts.payload ?? opts.url)}: admins ${admins(before)} → ${admins(after)}`,
          );
        for (const [id, perms] of after) {
          if (perms === 'ALL') {
            if (before.get(id) !== 'ALL') throw new Error(`${c.k}: user ${id} became an admin`);
            continue;
          }
          const had = before.get(id);
          const gained = [...perms].filter(
            (p) => had !== 'ALL' && !(had?.has(p) ?? false) && !held.has(p),
          );
          if (gained.length > 0)
            throw new Error(
              `${c.k} ${JSON.stringify(opts.payload ?? opts.url)}: user ${id} gained ${gained.join(', ')} the caller lacks`,
            );
        }
        const defaultAfter = await defaultRole(w);
        if (defaultAfter.nombre !== defaultBefore.nombre) {
          const lacking = defaultAfter.permisos.filter((p) => !held.has(p));
          if (defaultAfter.nombre === ADMIN_ROLE || lacking.length > 0)
            throw new Error(
              `${c.k}: default role ${defaultAfter.nombre} carries ${lacking.join(', ')}`,
            );
        }
      }
    });
    await fc.assert(property, { numRuns: runs, seed: SEED, endOnFailure: true });
    if (process.env.DELEGATION_VERBOSE) console.log(dialect, seen);
    // The generators must reach both outcomes, or the property proves little.
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.grupos).toBeGreaterThan(0);
    // The groups' requests and set-up (issue #17) took PostgreSQL runs past Jest's 30 s default
    // on a loaded machine.
  }, 180_000);
});
