/**
 * The invariant of issue #17's personal API tokens, by generated cases (fast-check) against the
 * running app: whatever roles the owner holds (own, through a group, `admin` among them), whatever
 * subset of them the token was given, and however the owner's roles, group membership or the
 * roles' permissions change afterwards, the permissions a token call holds — what GET
 * /api/auth/me answers to it, `request.user` as every check sees it — are EXACTLY
 * `token.permisos ∩ the owner's current effective permissions` (so always a subset of both), and
 * the token never holds the role `admin`.
 *
 * Reproducible: a fixed seed (API_TOKENS_SEED) and bounded runs (API_TOKENS_RUNS; fewer on
 * PostgreSQL).
 */
import { ADMIN_ROLE, ALL_PERMISSIONS, type User } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { DATABASES, me } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

const SEED = Number(process.env.API_TOKENS_SEED ?? 20_261_126);
const RUNS = Number(process.env.API_TOKENS_RUNS ?? 25);
const ROLES = ['pa', 'pb', 'pc'];

const permsOf = (user: User): Set<string> =>
  user.roles.some((r) => r.nombre === ADMIN_ROLE)
    ? new Set(ALL_PERMISSIONS)
    : new Set(user.roles.flatMap((r) => r.permisos.map((p) => p.nombre)));

describe.each(DATABASES)('API token permissions ⊆ owner ∩ token on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;
  const ids: Record<string, number> = {};
  let grupo = 0;
  withAdminWorld(
    dialect,
    (x) => ({ w, app, admin } = x),
    async ({ app: a, admin: adm }) => {
      for (const nombre of ROLES) {
        const res = await call(a, adm, {
          method: 'POST',
          url: '/api/roles',
          payload: { nombre, permisos: ALL_PERMISSIONS.slice(0, 3) },
        });
        ids[nombre] = res.json<{ id: number }>().id;
      }
      const g = await call(a, adm, {
        method: 'POST',
        url: '/api/grupos',
        payload: { nombre: 'Prop', roles: ['pc'] },
      });
      grupo = g.json<{ id: number }>().id;
    },
  );

  const req = (
    method: 'GET' | 'PUT' | 'PATCH' | 'POST',
    url: string,
    payload?: object,
    t = admin,
  ) => call(app, t, { method, url, ...(payload ? { payload } : {}) });
  const setRolePerms = async (nombre: string, permisos: string[]) => {
    const { version } = (await req('GET', `/api/roles/${ids[nombre]}`)).json<{ version: number }>();
    const res = await req('PATCH', `/api/roles/${ids[nombre]}`, { permisos, version });
    expect(res.statusCode).toBe(200);
  };
  const setState = async (userId: number, s: State) => {
    for (const [i, nombre] of ROLES.entries()) await setRolePerms(nombre, s.perms[i]!);
    expect((await req('PUT', `/api/usuarios/${userId}/roles`, { roles: s.roles })).statusCode).toBe(
      200,
    );
    const body = s.inGroup ? { añadir: [userId] } : { quitar: [userId] };
    expect((await req('PUT', `/api/grupos/${grupo}/miembros`, body)).statusCode).toBe(200);
  };

  interface State {
    perms: string[][];
    roles: string[];
    inGroup: boolean;
  }
  const permsArb = fc.subarray([...ALL_PERMISSIONS]);
  const stateArb: fc.Arbitrary<State> = fc.record({
    perms: fc.tuple(permsArb, permsArb, permsArb),
    roles: fc.subarray([...ROLES.slice(0, 2), ADMIN_ROLE]),
    inGroup: fc.boolean(),
  });

  it('holds exactly token.permisos ∩ the owner’s current permissions, never admin', async () => {
    await fc.assert(
      fc.asyncProperty(
        stateArb,
        stateArb,
        fc.integer({ min: 1, max: 2 ** 30 }),
        async (s1, s2, pick) => {
          const owner = await createUser(app, admin, { roles: [] });
          await setState(owner.id, s1);
          const session = (await signIn(app, owner.email)).token;
          const held = [...permsOf((await me(app, session)).json<{ user: User }>().user)];
          if (held.length === 0) return; // nothing to give a token
          // A non-empty subset of what the owner holds now, chosen by `pick`'s bits.
          const permisos = held.filter((_, i) => (pick >> (i % 30)) & 1);
          if (permisos.length === 0) permisos.push(held[pick % held.length]!);
          const expiraEn = new Date(w.clock.now() + 86_400_000).toISOString();
          const created = await req(
            'POST',
            '/api/tokens',
            { nombre: 'p', permisos, expiraEn },
            session,
          );
          expect(created.statusCode).toBe(201);
          const { token } = created.json<{ token: string }>();

          for (const s of [s1, s2]) {
            await setState(owner.id, s);
            const ownerNow = permsOf((await me(app, session)).json<{ user: User }>().user);
            const viaToken = (await me(app, token)).json<{ user: User }>().user;
            expect(viaToken.roles.some((r) => r.nombre === ADMIN_ROLE)).toBe(false);
            const got = [...permsOf(viaToken)].sort();
            expect(got).toEqual(permisos.filter((p) => ownerNow.has(p)).sort());
          }
        },
      ),
      { seed: SEED, numRuns: dialect === 'postgres' ? Math.ceil(RUNS / 5) : RUNS },
    );
  }, 120_000);
});
