/**
 * The escalation matrix of issue #13: a caller holding each management permission (and all of
 * them, and admin) × each path by which a delegation could escalate → the expected answer, from
 * ONE table, on every database of DATABASES.
 *
 * An answer is a status, or one of two kinds of 403 told apart by the message:
 * - `D` ("denied"): the endpoint's own permission is missing (API_MESSAGES.forbidden);
 * - `R` ("refused"): the caller has the permission but a delegation rule refuses — the database
 *   is unchanged and the attempt is audited (`seguridad.escalada_rechazada`).
 * An import with a refused row answers 400 (nothing written), audited like `R`: `I`.
 *
 * Every case gets fresh fixtures (a powerful role, a weak role, users holding them, a second
 * admin), so cases never depend on each other's writes.
 */
import { API_MESSAGES, type BulkUsuariosResponse } from '@gestion/shared';
import type { InjectOptions } from 'fastify';
import { DATABASES, uniqueEmail } from './helper';
import { call } from './admin-fixtures';
import {
  buildDelegationWorld,
  changesBetween,
  escalationCount,
  guardedState,
  makeCaller,
  makeRole,
  makeUser,
  uniqueRol,
  versionOf,
  type DelegationWorld,
} from './delegation-fixtures';

/** Who calls: a user whose one role holds these permissions (plus eventos:ver), or the admin. */
const CALLERS = {
  crear: ['usuarios:ver', 'usuarios:crear'],
  editar: ['usuarios:ver', 'usuarios:editar'],
  eliminar: ['usuarios:ver', 'usuarios:eliminar'],
  roles: ['roles:ver', 'roles:gestionar'],
  config: ['configuracion:gestionar'],
  todos: [
    'usuarios:ver',
    'usuarios:crear',
    'usuarios:editar',
    'usuarios:eliminar',
    'roles:ver',
    'roles:gestionar',
    'configuracion:gestionar',
  ],
  admin: null,
} as const;
type CallerName = keyof typeof CALLERS;

/** What a case expects: a status, D (no permission), R (delegation refusal), I (import 400). */
type Expect = number | 'D' | 'R' | 'I';

/** The permissions no non-admin caller holds: a role carrying one is "powerful". */
const POWERFUL = ['auditoria:ver', 'eventos:eliminar'];

interface Caller {
  id: number;
  token: string;
  rol: { id: number; nombre: string };
}

/** Lazily created, per case. */
interface Fresh {
  poderoso(): Promise<{ id: number; nombre: string; version: number }>;
  lector(): Promise<{ id: number; nombre: string; version: number }>;
  weak(): Promise<{ id: number; email: string }>;
  powerful(): Promise<{ id: number; email: string }>;
  otherAdmin(): Promise<{ id: number; email: string }>;
}

interface Ctx {
  w: DelegationWorld;
  caller: Caller;
  fresh: Fresh;
}

interface Row {
  name: string;
  request: (c: Ctx) => Promise<InjectOptions> | InjectOptions;
  expected: Record<CallerName, Expect>;
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
const csv = (body: string): InjectOptions => ({
  method: 'POST',
  url: '/api/usuarios/import',
  payload: body,
  headers: { 'content-type': 'text/csv' },
});

/** Expectations by group: callers not named get D. */
function exp(granted: Partial<Record<CallerName, Expect>>): Record<CallerName, Expect> {
  const out = {} as Record<CallerName, Expect>;
  for (const k of Object.keys(CALLERS) as CallerName[]) out[k] = granted[k] ?? 'D';
  return out;
}

const ROWS: Row[] = [
  {
    name: 'PUT own roles + admin',
    request: (c) =>
      json('PUT', `/api/usuarios/${c.caller.id}/roles`, { roles: [c.caller.rol.nombre, 'admin'] }),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PUT own roles + a powerful role',
    request: async (c) =>
      json('PUT', `/api/usuarios/${c.caller.id}/roles`, {
        roles: [c.caller.rol.nombre, (await c.fresh.poderoso()).nombre],
      }),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PUT a weak user roles + a powerful role',
    request: async (c) =>
      json('PUT', `/api/usuarios/${(await c.fresh.weak()).id}/roles`, {
        roles: [(await c.fresh.poderoso()).nombre],
      }),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PUT a weak user roles: a role the caller could give (control)',
    request: async (c) =>
      json('PUT', `/api/usuarios/${(await c.fresh.weak()).id}/roles`, { roles: [] }),
    expected: exp({ editar: 200, todos: 200, admin: 200 }),
  },
  {
    name: 'PUT roles of a more powerful user: drop their powerful role',
    request: async (c) =>
      json('PUT', `/api/usuarios/${(await c.fresh.powerful()).id}/roles`, { roles: [] }),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'POST /api/usuarios with admin',
    request: () =>
      json('POST', '/api/usuarios', { email: uniqueEmail('m'), nombre: 'Nuevo', roles: ['admin'] }),
    expected: exp({ crear: 'R', todos: 'R', admin: 201 }),
  },
  {
    name: 'POST /api/usuarios with a powerful role',
    request: async (c) =>
      json('POST', '/api/usuarios', {
        email: uniqueEmail('m'),
        nombre: 'Nuevo',
        roles: [(await c.fresh.poderoso()).nombre],
      }),
    expected: exp({ crear: 'R', todos: 'R', admin: 201 }),
  },
  {
    name: 'POST /api/usuarios with a role the caller could give (control)',
    request: async (c) =>
      json('POST', '/api/usuarios', {
        email: uniqueEmail('m'),
        nombre: 'Nuevo',
        roles: [(await c.fresh.lector()).nombre],
      }),
    expected: exp({ crear: 201, todos: 201, admin: 201 }),
  },
  {
    name: 'import: a new admin',
    request: () => csv(`email,nombre,roles\n${uniqueEmail('i')},Ana,admin\n`),
    expected: exp({ todos: 'I', admin: 200 }),
  },
  {
    name: 'import: a weak user given a powerful role',
    request: async (c) =>
      csv(
        `email,nombre,roles\n${(await c.fresh.weak()).email},Ana,${(await c.fresh.poderoso()).nombre}\n`,
      ),
    expected: exp({ todos: 'I', admin: 200 }),
  },
  {
    name: 'import: a more powerful user renamed',
    request: async (c) => {
      const p = await c.fresh.powerful();
      return csv(`email,nombre,roles\n${p.email},Otro,${(await c.fresh.poderoso()).nombre}\n`);
    },
    expected: exp({ todos: 'I', admin: 200 }),
  },
  {
    name: 'import: a weak user with a role the caller could give (control)',
    request: async (c) =>
      csv(
        `email,nombre,roles\n${(await c.fresh.weak()).email},Ana,${(await c.fresh.lector()).nombre}\n`,
      ),
    expected: exp({ todos: 200, admin: 200 }),
  },
  {
    name: 'PATCH another admin',
    request: async (c) => {
      const a = await c.fresh.otherAdmin();
      return json('PATCH', `/api/usuarios/${a.id}`, { nombre: 'Otra', version: 1 });
    },
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PATCH a more powerful user: deactivate',
    request: async (c) => {
      const p = await c.fresh.powerful();
      return json('PATCH', `/api/usuarios/${p.id}`, { activo: false, version: 1 });
    },
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PATCH a weak user (control)',
    request: async (c) => {
      const u = await c.fresh.weak();
      return json('PATCH', `/api/usuarios/${u.id}`, { nombre: 'Renombrada', version: 1 });
    },
    expected: exp({ editar: 200, todos: 200, admin: 200 }),
  },
  {
    name: 'PATCH own account: deactivate',
    request: async (c) =>
      json('PATCH', `/api/usuarios/${c.caller.id}`, {
        activo: false,
        version: await versionOf(c.w, `/api/usuarios/${c.caller.id}`),
      }),
    expected: exp({ editar: 'R', todos: 'R', admin: 'R' }),
  },
  {
    name: 'DELETE a more powerful user',
    request: async (c) => json('DELETE', `/api/usuarios/${(await c.fresh.powerful()).id}`),
    expected: exp({ eliminar: 'R', todos: 'R', admin: 204 }),
  },
  {
    name: 'DELETE another admin',
    request: async (c) => json('DELETE', `/api/usuarios/${(await c.fresh.otherAdmin()).id}`),
    expected: exp({ eliminar: 'R', todos: 'R', admin: 204 }),
  },
  {
    name: 'DELETE own account',
    request: (c) => json('DELETE', `/api/usuarios/${c.caller.id}`),
    expected: exp({ eliminar: 'R', todos: 'R', admin: 'R' }),
  },
  {
    name: 'DELETE a weak user (control)',
    request: async (c) => json('DELETE', `/api/usuarios/${(await c.fresh.weak()).id}`),
    expected: exp({ eliminar: 204, todos: 204, admin: 204 }),
  },
  {
    name: 'revoke the sessions of another admin',
    request: async (c) =>
      json('POST', `/api/usuarios/${(await c.fresh.otherAdmin()).id}/sessions/revoke`),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PATCH own role: add a permission',
    request: async (c) =>
      json('PATCH', `/api/roles/${c.caller.rol.id}`, {
        permisos: [...(CALLERS.todos as readonly string[]), 'eventos:ver', 'eventos:crear'],
        version: await versionOf(c.w, `/api/roles/${c.caller.rol.id}`),
      }),
    // The admin's own role is `admin`, whose permissions are fixed (409).
    expected: exp({ roles: 'R', todos: 'R', admin: 409 }),
  },
  {
    name: 'PATCH a role: add a permission the caller lacks',
    request: async (c) => {
      const r = await c.fresh.lector();
      return json('PATCH', `/api/roles/${r.id}`, {
        permisos: ['eventos:ver', 'auditoria:ver'],
        version: r.version,
      });
    },
    expected: exp({ roles: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PATCH a role: remove a permission the caller lacks',
    request: async (c) => {
      const r = await c.fresh.poderoso();
      return json('PATCH', `/api/roles/${r.id}`, {
        permisos: ['eventos:eliminar'],
        version: r.version,
      });
    },
    expected: exp({ roles: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PATCH a role: permissions the caller holds (control)',
    request: async (c) => {
      const r = await c.fresh.lector();
      return json('PATCH', `/api/roles/${r.id}`, { permisos: [], version: r.version });
    },
    expected: exp({ roles: 200, todos: 200, admin: 200 }),
  },
  {
    name: 'PATCH a powerful role: rename',
    request: async (c) => {
      const r = await c.fresh.poderoso();
      return json('PATCH', `/api/roles/${r.id}`, {
        nombre: uniqueRol('renombrado'),
        version: r.version,
      });
    },
    expected: exp({ roles: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'POST /api/roles with a permission the caller lacks',
    request: () => json('POST', '/api/roles', { nombre: uniqueRol('nuevo'), permisos: POWERFUL }),
    expected: exp({ roles: 'R', todos: 'R', admin: 201 }),
  },
  {
    name: 'POST /api/roles with permissions the caller holds (control)',
    request: () =>
      json('POST', '/api/roles', { nombre: uniqueRol('nuevo'), permisos: ['eventos:ver'] }),
    expected: exp({ roles: 201, todos: 201, admin: 201 }),
  },
  {
    name: 'DELETE own role ?reemplazo=admin',
    request: (c) => json('DELETE', `/api/roles/${c.caller.rol.id}?reemplazo=admin`),
    // The admin's own role is `admin`: never deletable (409).
    expected: exp({ roles: 'R', todos: 'R', admin: 409 }),
  },
  {
    name: 'DELETE a weak role ?reemplazo=admin',
    request: async (c) => {
      const r = await c.fresh.lector();
      await c.fresh.weak();
      return json('DELETE', `/api/roles/${r.id}?reemplazo=admin`);
    },
    expected: exp({ roles: 'R', todos: 'R', admin: 'R' }),
  },
  {
    name: 'DELETE a weak role ?reemplazo=<a powerful role>',
    request: async (c) => {
      const r = await c.fresh.lector();
      await c.fresh.weak();
      return json('DELETE', `/api/roles/${r.id}?reemplazo=${(await c.fresh.poderoso()).nombre}`);
    },
    expected: exp({ roles: 'R', todos: 'R', admin: 204 }),
  },
  {
    name: 'DELETE a powerful role',
    request: async (c) => json('DELETE', `/api/roles/${(await c.fresh.poderoso()).id}`),
    expected: exp({ roles: 'R', todos: 'R', admin: 204 }),
  },
  {
    name: 'DELETE a role nobody holds, whose permissions the caller holds (control)',
    request: async (c) => json('DELETE', `/api/roles/${(await c.fresh.lector()).id}`),
    expected: exp({ roles: 204, todos: 204, admin: 204 }),
  },
  {
    name: 'PATCH configuracion: a powerful default role',
    request: async (c) =>
      json('PATCH', '/api/configuracion', {
        rolPorDefecto: (await c.fresh.poderoso()).nombre,
        version: await versionOf(c.w, '/api/configuracion'),
      }),
    expected: exp({ config: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'PATCH configuracion: admin as default',
    request: async (c) =>
      json('PATCH', '/api/configuracion', {
        rolPorDefecto: 'admin',
        version: await versionOf(c.w, '/api/configuracion'),
      }),
    expected: exp({ config: 'R', todos: 'R', admin: 'R' }),
  },
  {
    name: 'PATCH configuracion: a default the caller could give (control)',
    request: async (c) =>
      json('PATCH', '/api/configuracion', {
        rolPorDefecto: (await c.fresh.lector()).nombre,
        version: await versionOf(c.w, '/api/configuracion'),
      }),
    expected: exp({ config: 200, todos: 200, admin: 200 }),
  },
  {
    name: 'bulk asignarRol of a powerful role',
    request: async (c) =>
      json('POST', '/api/usuarios/bulk', {
        accion: 'asignarRol',
        rol: (await c.fresh.poderoso()).nombre,
        ids: [(await c.fresh.weak()).id],
      }),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'bulk asignarRol admin',
    request: async (c) =>
      json('POST', '/api/usuarios/bulk', {
        accion: 'asignarRol',
        rol: 'admin',
        ids: [(await c.fresh.weak()).id],
      }),
    expected: exp({ editar: 'R', todos: 'R', admin: 200 }),
  },
  {
    name: 'bulk eliminar',
    request: async (c) =>
      json('POST', '/api/usuarios/bulk', { accion: 'eliminar', ids: [(await c.fresh.weak()).id] }),
    expected: exp({ eliminar: 200, todos: 200, admin: 200 }),
  },
];

describe.each(DATABASES)('escalation matrix on %s', (dialect) => {
  let w: DelegationWorld;
  const callers = {} as Record<CallerName, Caller>;

  beforeAll(async () => {
    w = await buildDelegationWorld(dialect);
    for (const [name, permisos] of Object.entries(CALLERS) as [
      CallerName,
      readonly string[] | null,
    ][]) {
      if (permisos === null) {
        const adminRol = (
          await call(w.app, w.adminToken, { method: 'GET', url: '/api/roles?q=admin' })
        )
          .json<{ items: { id: number; nombre: string }[] }>()
          .items.find((r) => r.nombre === 'admin')!;
        callers[name] = { id: w.adminId, token: w.adminToken, rol: adminRol };
        continue;
      }
      const rol = await makeRole(w, [...permisos, 'eventos:ver'], `llamante-${name}`);
      const u = await makeCaller(w, [rol.nombre], `Llamante ${name}`);
      callers[name] = { id: u.id, token: u.token, rol };
    }
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  function fresh(): Fresh {
    const memo = new Map<string, Promise<unknown>>();
    const once =
      <T>(key: string, make: () => Promise<T>): (() => Promise<T>) =>
      () => {
        if (!memo.has(key)) memo.set(key, make());
        return memo.get(key) as Promise<T>;
      };
    const f: Fresh = {
      poderoso: once('poderoso', () => makeRole(w, POWERFUL, 'poderoso')),
      lector: once('lector', () => makeRole(w, ['eventos:ver'], 'lector')),
      weak: once('weak', async () => makeUser(w, [(await f.lector()).nombre], 'Débil')),
      powerful: once('powerful', async () =>
        makeUser(w, [(await f.poderoso()).nombre], 'Poderosa'),
      ),
      otherAdmin: once('otherAdmin', () => makeUser(w, ['admin'], 'Otra admin')),
    };
    return f;
  }

  const cases = (Object.keys(CALLERS) as CallerName[]).flatMap((caller) =>
    ROWS.map((row) => ({ caller, row, expected: row.expected[caller] })),
  );

  it.each(cases)('$row.name as $caller → $expected', async ({ caller, row, expected }) => {
    const c = callers[caller];
    const opts = await row.request({ w, caller: c, fresh: fresh() });
    const before = await guardedState(w);
    const audits = await escalationCount(w);
    const res = await call(w.app, c.token, opts);
    const body = res.statusCode >= 400 ? res.json<{ message: string }>() : undefined;
    let got: Expect = res.statusCode;
    if (res.statusCode === 403) got = body?.message === API_MESSAGES.forbidden ? 'D' : 'R';
    if (res.statusCode === 400 && opts.url === '/api/usuarios/import') got = 'I';
    // A bulk request answers 200 with per-user results: a refused user counts as R.
    if (res.statusCode === 200 && opts.url === '/api/usuarios/bulk') {
      const r = res.json<BulkUsuariosResponse>();
      if (r.resumen.rechazados > 0) got = 'R';
    }
    expect({ got, body: got === expected ? '' : res.body }).toEqual({ got: expected, body: '' });
    if (got === 'R' || got === 'I') {
      expect(changesBetween(before, await guardedState(w))).toEqual([]);
      expect(await escalationCount(w)).toBeGreaterThan(audits);
    }
    if (got === 'D') expect(await escalationCount(w)).toBe(audits);
  });
});
