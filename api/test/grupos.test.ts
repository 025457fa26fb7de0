/**
 * /api/grupos (issue #17) on every database of DATABASES: create, list with member counts and
 * search, read, rename with optimistic `version`, members added and removed and listed, delete;
 * the 400/404/409 refusals and the audit rows; the new permissions in the catalogue.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  GRUPOS_ERROR_CODES,
  GRUPOS_MESSAGES,
  type Grupo,
  type GruposPage,
  type MiembrosPage,
  type PermisosPage,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { grupos as migration0014 } from '../src/db/migrations/0014-grupos';
import { listAudit } from '../src/repositories/auditoria-repository';
import { DATABASES, expectErrorShape } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

describe.each(DATABASES)('/api/grupos on %s', (dialect) => {
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
  const lastAudit = async (accion: string) => {
    const row = (await listAudit(app.db, { accion, limit: 1 }))[0];
    return (
      row && {
        objetivoTipo: row.objetivo_tipo,
        objetivoId: Number(row.objetivo_id),
        cambios: JSON.parse(String(row.cambios)) as unknown,
      }
    );
  };
  const create = async (body: object) => {
    const res = await req('POST', '/api/grupos', body);
    expect(res.statusCode).toBe(201);
    return res.json<Grupo>();
  };

  it('puts grupos:ver and grupos:gestionar in the permission catalogue', async () => {
    const res = await req('GET', '/api/permisos');
    const items = res.json<PermisosPage>().items;
    expect(items.filter((p) => p.grupo === 'grupos')).toEqual([
      { nombre: 'grupos:ver', descripcion: 'Ver grupos', grupo: 'grupos' },
      { nombre: 'grupos:gestionar', descripcion: 'Gestionar grupos', grupo: 'grupos' },
    ]);
  });

  it('creates a group with roles, reads it and audits the creation', async () => {
    const g = await create({
      nombre: '  Ventas  ',
      descripcion: 'Equipo comercial',
      roles: ['usuario', 'gestor'],
      externalId: 'entra-0001',
    });
    expect(g).toEqual({
      id: expect.any(Number),
      nombre: 'Ventas',
      descripcion: 'Equipo comercial',
      roles: ['gestor', 'usuario'],
      externalId: 'entra-0001',
      miembros: 0,
      creadoEn: expect.stringMatching(/Z$/),
      version: 1,
    });
    const got = await req('GET', `/api/grupos/${g.id}`);
    expect(got.json()).toEqual(g);
    expect(await lastAudit('grupos.crear')).toMatchObject({
      objetivoTipo: 'grupo',
      objetivoId: g.id,
      cambios: { despues: { nombre: 'Ventas', roles: ['gestor', 'usuario'] } },
    });
  });

  it('refuses an empty nombre, an unknown role, and a nombre or externalId taken', async () => {
    const empty = await req('POST', '/api/grupos', { nombre: '   ' });
    expect(expectErrorShape(empty, 400, ERROR_CODES.validation).details).toEqual([
      { field: 'nombre', message: GRUPOS_MESSAGES.nombreObligatorio },
    ]);
    const unknown = await req('POST', '/api/grupos', { nombre: 'X', roles: ['fantasma'] });
    expect(expectErrorShape(unknown, 400, ERROR_CODES.validation).details).toEqual([
      { field: 'roles', message: `${GRUPOS_MESSAGES.rolDesconocido}: fantasma` },
    ]);
    await create({ nombre: 'Soporte', externalId: 'okta-77' });
    const taken = await req('POST', '/api/grupos', { nombre: 'SOPORTE' });
    expect(expectErrorShape(taken, 409, GRUPOS_ERROR_CODES.nombreEnUso).message).toBe(
      GRUPOS_MESSAGES.nombreEnUso,
    );
    const ext = await req('POST', '/api/grupos', { nombre: 'Otro', externalId: 'okta-77' });
    expectErrorShape(ext, 409, GRUPOS_ERROR_CODES.externalIdEnUso);
    const extra = await req('POST', '/api/grupos', { nombre: 'Y', miembros: [1] });
    expectErrorShape(extra, 400, ERROR_CODES.validation);
  });

  it('renames with the version read, refuses a stale one, and audits the change', async () => {
    const g = await create({ nombre: 'Finanzas', roles: ['usuario'] });
    const ok = await req('PATCH', `/api/grupos/${g.id}`, {
      nombre: 'Finanzas y control',
      roles: ['gestor'],
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Grupo>()).toMatchObject({
      nombre: 'Finanzas y control',
      roles: ['gestor'],
      version: 2,
    });
    const stale = await req('PATCH', `/api/grupos/${g.id}`, { descripcion: 'x', version: 1 });
    expect(expectErrorShape(stale, 409, ERROR_CODES.versionConflict).message).toBe(
      API_MESSAGES.versionConflict,
    );
    expect(await lastAudit('grupos.editar')).toMatchObject({
      objetivoId: g.id,
      cambios: {
        antes: { nombre: 'Finanzas', roles: ['usuario'] },
        despues: { nombre: 'Finanzas y control', roles: ['gestor'] },
      },
    });
    const other = await create({ nombre: 'Compras' });
    const clash = await req('PATCH', `/api/grupos/${other.id}`, {
      nombre: 'finanzas y control',
      version: 1,
    });
    expectErrorShape(clash, 409, GRUPOS_ERROR_CODES.nombreEnUso);
    expectErrorShape(
      await req('PATCH', '/api/grupos/999999', { version: 1 }),
      404,
      ERROR_CODES.notFound,
    );
  });

  it('adds, lists and removes members; counts them; skips repeats; audits', async () => {
    const g = await create({ nombre: 'Almacén' });
    const ana = await createUser(app, admin, { nombre: 'Ana Pérez' });
    const bea = await createUser(app, admin, { nombre: 'Beatriz Núñez' });
    const put = await req('PUT', `/api/grupos/${g.id}/miembros`, { añadir: [ana.id, bea.id] });
    expect(put.statusCode).toBe(200);
    expect(put.json<Grupo>().miembros).toBe(2);
    const again = await req('PUT', `/api/grupos/${g.id}/miembros`, { añadir: [ana.id] });
    expect(again.json<Grupo>().miembros).toBe(2);
    expect(await lastAudit('grupos.miembros')).toMatchObject({
      objetivoId: g.id,
      cambios: { grupo: 'Almacén', añadidos: [ana.id, bea.id] },
    });

    const list = await req('GET', `/api/grupos/${g.id}/miembros`);
    expect(list.json<MiembrosPage>()).toEqual({
      items: [
        { id: ana.id, email: ana.email, nombre: 'Ana Pérez', activo: true },
        { id: bea.id, email: bea.email, nombre: 'Beatriz Núñez', activo: true },
      ],
      total: 2,
      page: 1,
      pageSize: 25,
    });
    const search = await req('GET', `/api/grupos/${g.id}/miembros?q=nunez`);
    expect(search.json<MiembrosPage>().items.map((m) => m.id)).toEqual([bea.id]);

    const removed = await req('PUT', `/api/grupos/${g.id}/miembros`, { quitar: [ana.id] });
    expect(removed.json<Grupo>().miembros).toBe(1);
    const unknown = await req('PUT', `/api/grupos/${g.id}/miembros`, { añadir: [987654] });
    expect(expectErrorShape(unknown, 400, ERROR_CODES.validation).details).toEqual([
      { field: 'añadir', message: `${GRUPOS_MESSAGES.usuarioDesconocido}: 987654` },
    ]);
    const missing = await req('PUT', '/api/grupos/987654/miembros', { añadir: [ana.id] });
    expectErrorShape(missing, 404, ERROR_CODES.notFound);
    expectErrorShape(await req('GET', '/api/grupos/987654/miembros'), 404, ERROR_CODES.notFound);
  });

  it('lists with member counts, search, sorting, paging and the groups of one user', async () => {
    const u = await createUser(app, admin);
    const a = await create({ nombre: 'Lista Alfa', descripcion: 'primero' });
    const b = await create({ nombre: 'Lista Beta', descripcion: 'segundo' });
    await req('PUT', `/api/grupos/${b.id}/miembros`, { añadir: [u.id, w.ids.usuario] });
    await req('PUT', `/api/grupos/${a.id}/miembros`, { añadir: [u.id] });

    const page = (await req('GET', '/api/grupos?q=lista&sort=-miembros')).json<GruposPage>();
    expect(page.items.map((g) => [g.nombre, g.miembros])).toEqual([
      ['Lista Beta', 2],
      ['Lista Alfa', 1],
    ]);
    expect(page.total).toBe(2);
    const byDescription = (await req('GET', '/api/grupos?q=SEGUNDO')).json<GruposPage>();
    expect(byDescription.items.map((g) => g.nombre)).toEqual(['Lista Beta']);
    const paged = (await req('GET', '/api/grupos?q=lista&pageSize=1&page=2')).json<GruposPage>();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((g) => g.nombre)).toEqual(['Lista Beta']);
    const mine = (await req('GET', `/api/grupos?usuarioId=${w.ids.usuario}`)).json<GruposPage>();
    expect(mine.items.map((g) => g.nombre)).toEqual(['Lista Beta']);
    expectErrorShape(await req('GET', '/api/grupos?sort=roles'), 400, ERROR_CODES.validation);
    expectErrorShape(await req('GET', '/api/grupos?pageSize=101'), 400, ERROR_CODES.validation);
  });

  it('deletes a group (members stay, memberships go) and audits it', async () => {
    const g = await create({ nombre: 'Temporal', roles: ['usuario'] });
    const u = await createUser(app, admin);
    await req('PUT', `/api/grupos/${g.id}/miembros`, { añadir: [u.id] });
    const del = await req('DELETE', `/api/grupos/${g.id}`);
    expect(del.statusCode).toBe(204);
    expectErrorShape(await req('GET', `/api/grupos/${g.id}`), 404, ERROR_CODES.notFound);
    expect((await req('GET', `/api/usuarios/${u.id}`)).statusCode).toBe(200);
    expect(await lastAudit('grupos.eliminar')).toMatchObject({
      objetivoId: g.id,
      cambios: { antes: { nombre: 'Temporal', roles: ['usuario'], miembros: 1 } },
    });
    expectErrorShape(await req('DELETE', `/api/grupos/${g.id}`), 404, ERROR_CODES.notFound);
  });

  it('asks for grupos:ver to read and grupos:gestionar to write', async () => {
    const { gestor, usuario } = w.tokens;
    expectErrorShape(await call(app, undefined, { method: 'GET', url: '/api/grupos' }), 401);
    expectErrorShape(await req('GET', '/api/grupos', undefined, usuario), 403);
    expectErrorShape(await req('POST', '/api/grupos', { nombre: 'Z' }, gestor), 403);
    // A role with grupos:ver only reads.
    await req('POST', '/api/roles', { nombre: 'lector-grupos', permisos: ['grupos:ver'] });
    const reader = await createUser(app, admin, { roles: ['lector-grupos'] });
    const token = (await signIn(app, reader.email)).token;
    expect((await req('GET', '/api/grupos', undefined, token)).statusCode).toBe(200);
    expectErrorShape(await req('POST', '/api/grupos', { nombre: 'Z' }, token), 403);
  });

  // Last: it drops and rebuilds the group tables.
  it('migration 0014 adds the permissions to a database seeded before it', async () => {
    const m = migration0014(dialect);
    await m.down!(app.db as never);
    // (No api call here: every session lookup reads the group tables.)
    const gone = await app.db.selectFrom('permisos').select('nombre').execute();
    expect(gone.map((p) => p.nombre)).not.toContain('grupos:ver');
    await m.up(app.db as never);
    const back = (await req('GET', '/api/permisos')).json<PermisosPage>().items;
    expect(back.filter((p) => p.grupo === 'grupos').map((p) => p.nombre)).toEqual([
      'grupos:ver',
      'grupos:gestionar',
    ]);
    expect((await req('GET', '/api/grupos')).json<GruposPage>().total).toBe(0);
  });
});
