/**
 * POST /api/usuarios/bulk with `filtro` (issue #14, "all N matching"): the server resolves the
 * users matching GET /api/usuarios's filters when the request arrives and applies the action to
 * each exactly as with `ids` — the caller never touched, the delegation rules per user, each
 * result naming its user — and refuses a filter over BULK_MAX_IDS users before doing anything;
 * on every database of DATABASES.
 */
import {
  BULK_MAX_IDS,
  BULK_MESSAGES,
  DELEGATION_MESSAGES,
  ERROR_CODES,
  type BulkUsuariosResponse,
  type UsuariosPage,
} from '@gestion/shared';
import { sql } from 'kysely';
import { DATABASES, expectErrorShape } from './helper';
import { call } from './admin-fixtures';
import {
  buildDelegationWorld,
  makeCaller,
  makeRole,
  makeUser,
  type DelegationWorld,
} from './delegation-fixtures';

/** A word of letters only, unique to one test, to search the users it creates by. */
const tagOf = (prefix: string) =>
  `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

describe.each(DATABASES)('POST /api/usuarios/bulk with filtro on %s', (dialect) => {
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
  const list = async (query: string) =>
    (
      await call(w.app, w.adminToken, { method: 'GET', url: `/api/usuarios?${query}` })
    ).json<UsuariosPage>();

  it('deactivates every user matching the search and names each in the result', async () => {
    const tag = tagOf('lote');
    const made = [];
    for (const n of ['Carmen', 'Andrés', 'Beatriz']) made.push(await makeUser(w, ['usuario'], `${tag} ${n}`));
    const other = await makeUser(w, ['usuario'], 'Fuera del lote');

    const res = await bulk(w.adminToken, { accion: 'desactivar', filtro: { q: tag, activo: true } });
    expect(res.statusCode).toBe(200);
    const body = res.json<BulkUsuariosResponse>();
    // In the list's default order (nombre), each result with the user's nombre and e-mail.
    expect(body.resultados.map((r) => r.nombre)).toEqual([
      `${tag} Andrés`,
      `${tag} Beatriz`,
      `${tag} Carmen`,
    ]);
    expect(body.resultados.every((r) => r.estado === 'hecho' && r.email?.includes('@'))).toBe(true);
    expect(body.resumen).toEqual({ hechos: 3, rechazados: 0 });
    expect(new Set(body.resultados.map((r) => r.id))).toEqual(new Set(made.map((u) => u.id)));

    expect((await list(`q=${tag}&activo=false`)).total).toBe(3);
    expect((await list(`q=${encodeURIComponent('Fuera del lote')}`)).items[0]).toMatchObject({
      id: other.id,
      activo: true,
    });
    // Each user's change audited as the single-user endpoint does.
    const { rows } = await sql<{ n: number }>`select count(*) as n from auditoria
      where accion = 'usuarios.desactivar' and objetivo_id in (${sql.join(made.map((u) => String(u.id)))})`.execute(
      w.app.db,
    );
    expect(Number(rows[0]!.n)).toBe(3);
    // Matching nothing any more: an empty answer, nothing done.
    const again = await bulk(w.adminToken, { accion: 'desactivar', filtro: { q: tag, activo: true } });
    expect(again.json<BulkUsuariosResponse>()).toEqual({
      accion: 'desactivar',
      resultados: [],
      resumen: { hechos: 0, rechazados: 0 },
    });
  });

  it("never touches the caller's own account, and applies the delegation rules per user", async () => {
    const tag = tagOf('deleg');
    const gestion = await makeRole(w, ['usuarios:ver', 'usuarios:editar', 'eventos:ver'], 'gestion');
    const caller = await makeCaller(w, [gestion.nombre], `${tag} Llamante`);
    const plain = await makeUser(w, [], `${tag} Normal`);
    const admin = await makeUser(w, ['gestor'], `${tag} Jefa`);

    const res = await bulk(caller.token, { accion: 'desactivar', filtro: { q: tag } });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<BulkUsuariosResponse>().resultados.map((r) => [r.id, r]));
    expect(byId.get(plain.id)).toMatchObject({ estado: 'hecho', nombre: `${tag} Normal` });
    expect(byId.get(caller.id)).toMatchObject({
      estado: 'rechazado',
      motivo: DELEGATION_MESSAGES.selfDeactivate,
      code: ERROR_CODES.forbidden,
    });
    expect(byId.get(admin.id)).toMatchObject({
      estado: 'rechazado',
      motivo: DELEGATION_MESSAGES.targetMorePowerful.replace('{x}', `${tag} Jefa`),
      code: ERROR_CODES.forbidden,
    });
    expect((await list(`q=${tag}&activo=true`)).items.map((u) => u.id).sort()).toEqual(
      [caller.id, admin.id].sort(),
    );
  });

  it('takes the role filter of the list, and the role of asignarRol', async () => {
    const tag = tagOf('rolf');
    const marca = await makeRole(w, ['eventos:ver'], 'marca');
    const extra = await makeRole(w, ['eventos:ver'], 'extra');
    const a = await makeUser(w, [marca.nombre], `${tag} Uno`);
    const b = await makeUser(w, [marca.nombre], `${tag} Dos`);
    await makeUser(w, ['usuario'], `${tag} Sin marca`);
    const res = await bulk(w.adminToken, {
      accion: 'asignarRol',
      rol: extra.nombre,
      filtro: { rol: marca.nombre },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkUsuariosResponse>().resultados.map((r) => r.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect((await list(`rol=${encodeURIComponent(extra.nombre)}`)).total).toBe(2);
  });

  it('wants exactly one of ids and filtro, and a filtro of the list fields only', async () => {
    const none = await bulk(w.adminToken, { accion: 'activar' });
    expectErrorShape(none, 400);
    expect(none.json<{ details: unknown }>().details).toEqual([
      { field: 'ids', message: BULK_MESSAGES.idsOrFiltro },
    ]);
    const both = await bulk(w.adminToken, { accion: 'activar', ids: [w.adminId], filtro: {} });
    expectErrorShape(both, 400);
    expect(both.json<{ details: unknown }>().details).toEqual([
      { field: 'ids', message: BULK_MESSAGES.idsOrFiltro },
    ]);
    expectErrorShape(
      await bulk(w.adminToken, { accion: 'activar', filtro: { email: 'a@b.es' } }),
      400,
    );
    expectErrorShape(
      await bulk(w.adminToken, { accion: 'activar', filtro: { activo: 'quizá' } }),
      400,
    );
  });

  it(`refuses a filtro over ${BULK_MAX_IDS} users before doing anything`, async () => {
    const tag = tagOf('masivo');
    const n = BULK_MAX_IDS + 1;
    // Straight into the table, as the list totals test does: a thousand api creates take minutes.
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})
      insert into usuarios (email, nombre, nombre_norm, busqueda, password_hash, activo, version,
        creado_en, actualizado_en, ultimo_acceso)
      select t || i || '@x.es', t || ' ' || i, t || ' ' || i, t || ' ' || i || ' ' || t || i || '@x.es',
        'x', 1, 1, 0, 0, null
      from s, (select cast(${tag} as varchar(40)) as t) k`.execute(w.app.db);

    const res = await bulk(w.adminToken, { accion: 'desactivar', filtro: { q: tag } });
    expectErrorShape(res, 400);
    expect(res.json<{ details: unknown }>().details).toEqual([
      { field: 'filtro', message: BULK_MESSAGES.tooManyMatching },
    ]);
    expect((await list(`q=${tag}&activo=false`)).total).toBe(0);

    // One fewer is within the cap: all of them, each done.
    await sql`delete from usuarios where email = ${`${tag}${n}@x.es`}`.execute(w.app.db);
    const ok = await bulk(w.adminToken, { accion: 'desactivar', filtro: { q: tag } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<BulkUsuariosResponse>().resumen).toEqual({ hechos: BULK_MAX_IDS, rechazados: 0 });
  }, 120_000);
});
