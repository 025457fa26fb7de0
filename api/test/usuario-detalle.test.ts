/**
 * The user page's api (issue #14) on every database of DATABASES: GET /api/usuarios/:id with
 * `emailVerificado`; an administrator lists one user's live sessions and ends one (204, audited
 * on the user, the token dead at once); the permission and the delegation rule of the existing
 * `POST /:id/sessions/revoke` (a non-admin is refused, 403 and audited, for a user holding a
 * permission they lack, and nothing is deleted); and the audit filters the page reads — entries
 * by the user as actor (`actor=<id>`) and about the user as target (`objetivo=usuario:<id>`).
 */
import type { AuditoriaPage, Sesion, SesionesPage, UsuarioDetalle } from '@gestion/shared';
import { DELEGATION_MESSAGES } from '@gestion/shared';
import { ESCALATION_AUDIT_ACTION } from '../src/services/delegation-guard';
import { DATABASES, PASSWORD, login } from './helper';
import { call, signIn } from './admin-fixtures';
import {
  buildDelegationWorld,
  makeCaller,
  makeRole,
  makeUser,
  type DelegationWorld,
} from './delegation-fixtures';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

describe.each(DATABASES)('the user page api on %s', (dialect) => {
  let w: DelegationWorld;
  /** A user holding only `eventos:ver`, signed in twice (two sessions). */
  let ana: { id: number; email: string; tokens: string[] };
  /** Holds usuarios:ver/editar and eventos:ver: may act on Ana, not on the admin nor Gema. */
  let soporte: { id: number; token: string };
  /** Holds eventos:crear too, which soporte lacks. */
  let gema: { id: number; email: string; token: string };

  beforeAll(async () => {
    w = await buildDelegationWorld(dialect);
    const lector = await makeRole(w, ['eventos:ver'], 'lector');
    const creador = await makeRole(w, ['eventos:ver', 'eventos:crear'], 'creador');
    const sop = await makeRole(
      w,
      ['usuarios:ver', 'usuarios:editar', 'eventos:ver', 'auditoria:ver'],
      'soporte',
    );
    const a = await makeUser(w, [lector.nombre], 'Ana Ruiz');
    // One session from Firefox on Linux (its device name is read from the User-Agent).
    const first = await login(w.app, a.email, PASSWORD, { 'user-agent': FIREFOX });
    expect(first.statusCode).toBe(200);
    const t1 = first.json<{ token: string }>().token;
    const t2 = (await signIn(w.app, a.email)).token;
    ana = { ...a, tokens: [t1, t2] };
    const s = await makeCaller(w, [sop.nombre], 'Sonia Soporte');
    soporte = { id: s.id, token: s.token };
    const g = await makeCaller(w, [creador.nombre], 'Gema Creadora');
    gema = { id: g.id, email: g.email, token: g.token };
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  const get = (url: string, token = w.adminToken) => call(w.app, token, { method: 'GET', url });
  const sesionesOf = async (id: number, token = w.adminToken) => {
    const res = await get(`/api/usuarios/${id}/sesiones`, token);
    expect(res.statusCode).toBe(200);
    return res.json<SesionesPage>().items;
  };

  it('answers one user with emailVerificado, and 404 for an unknown id', async () => {
    const res = await get(`/api/usuarios/${ana.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<UsuarioDetalle>();
    expect(body).toMatchObject({ id: ana.id, nombre: 'Ana Ruiz', activo: true });
    expect(typeof body.emailVerificado).toBe('boolean');
    expect((await get('/api/usuarios/999999')).statusCode).toBe(404);
  });

  it("lists the user's live sessions, newest use first, with device and address", async () => {
    const items = await sesionesOf(ana.id);
    expect(items).toHaveLength(2);
    expect(items.map((s) => s.dispositivo)).toContain('Firefox en Linux');
    for (const s of items) {
      expect(Object.keys(s).sort()).toEqual(
        [
          'actual',
          'creadaEn',
          'dispositivo',
          'expiraEn',
          'id',
          'ip',
          'navegador',
          'sistema',
          'ultimoUso',
          'userAgent',
        ].sort(),
      );
      // Not the caller's own sessions: none is marked as the current one.
      expect(s.actual).toBe(false);
    }
    expect(await sesionesOf(w.adminId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ actual: true })]),
    );
  });

  it('ends one session: 204, that token dead, the other alive, audited on the user', async () => {
    const before = await sesionesOf(ana.id);
    const res = await call(w.app, w.adminToken, {
      method: 'DELETE',
      url: `/api/usuarios/${ana.id}/sesiones/${before[0]!.id}`,
    });
    expect(res.statusCode).toBe(204);
    const after = await sesionesOf(ana.id);
    expect(after.map((s: Sesion) => s.id)).toEqual([before[1]!.id]);
    const alive = await Promise.all(
      ana.tokens.map(async (t) => (await get('/api/auth/me', t)).statusCode),
    );
    expect(alive.sort()).toEqual([200, 401]);
    // Entries about Ana (target) include it; the admin is its actor.
    const audit = await get(`/api/auditoria?objetivo=usuario:${ana.id}&pageSize=5`);
    const entry = audit.json<AuditoriaPage>().items[0]!;
    expect(entry).toMatchObject({
      accion: 'usuarios.revocar_sesion',
      actorId: w.adminId,
      objetivoTipo: 'usuario',
      objetivoId: String(ana.id),
      cambios: { sesionId: before[0]!.id },
    });
    // The same session again, or a session of somebody else through Ana's id: 404.
    const again = await call(w.app, w.adminToken, {
      method: 'DELETE',
      url: `/api/usuarios/${ana.id}/sesiones/${before[0]!.id}`,
    });
    expect(again.statusCode).toBe(404);
    const adminSession = (await sesionesOf(w.adminId))[0]!;
    const foreign = await call(w.app, w.adminToken, {
      method: 'DELETE',
      url: `/api/usuarios/${ana.id}/sesiones/${adminSession.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/auth/me')).statusCode).toBe(200);
  });

  it('needs usuarios:editar: 401 without a session, 403 for a user without it', async () => {
    expect(
      (await call(w.app, undefined, { method: 'GET', url: `/api/usuarios/${ana.id}/sesiones` }))
        .statusCode,
    ).toBe(401);
    const res = await get(`/api/usuarios/${ana.id}/sesiones`, gema.token);
    expect(res.statusCode).toBe(403);
    const del = await call(w.app, gema.token, {
      method: 'DELETE',
      url: `/api/usuarios/${ana.id}/sesiones/1`,
    });
    expect(del.statusCode).toBe(403);
  });

  it('lets a delegate act on a user holding less, and refuses one holding more (audited)', async () => {
    expect(await sesionesOf(ana.id, soporte.token)).toHaveLength(1);
    const gemaSesiones = await sesionesOf(gema.id);
    const countRefusals = async () =>
      (
        await get(`/api/auditoria?accion=${ESCALATION_AUDIT_ACTION}&pageSize=1`)
      ).json<AuditoriaPage>().total;
    const refusalsBefore = await countRefusals();

    const list = await get(`/api/usuarios/${gema.id}/sesiones`, soporte.token);
    expect(list.statusCode).toBe(403);
    expect(list.json<{ message: string }>().message).toBe(
      DELEGATION_MESSAGES.targetMorePowerful.replace('{x}', 'Gema Creadora'),
    );
    const del = await call(w.app, soporte.token, {
      method: 'DELETE',
      url: `/api/usuarios/${gema.id}/sesiones/${gemaSesiones[0]!.id}`,
    });
    expect(del.statusCode).toBe(403);
    // The admin too is out of reach; nothing was deleted; both refusals are in the log.
    expect((await get(`/api/usuarios/${w.adminId}/sesiones`, soporte.token)).statusCode).toBe(403);
    expect(await sesionesOf(gema.id)).toHaveLength(gemaSesiones.length);
    expect((await get('/api/auth/me', gema.token)).statusCode).toBe(200);
    expect(await countRefusals()).toBe(refusalsBefore + 3);
  });

  it('filters the audit log by the user as actor and as target', async () => {
    // Soporte ended one of Ana's sessions: an entry by Soporte about Ana.
    const [s] = await sesionesOf(ana.id);
    expect(
      (
        await call(w.app, soporte.token, {
          method: 'DELETE',
          url: `/api/usuarios/${ana.id}/sesiones/${s!.id}`,
        })
      ).statusCode,
    ).toBe(204);
    const by = (await get(`/api/auditoria?actor=${soporte.id}&pageSize=100`)).json<AuditoriaPage>();
    expect(by.total).toBeGreaterThan(0);
    expect(by.items.every((e) => e.actorId === soporte.id)).toBe(true);
    const about = (
      await get(`/api/auditoria?objetivo=usuario:${ana.id}&pageSize=100`)
    ).json<AuditoriaPage>();
    expect(
      about.items.every((e) => e.objetivoTipo === 'usuario' && e.objetivoId === String(ana.id)),
    ).toBe(true);
    expect(
      about.items.filter((e) => e.accion === 'usuarios.revocar_sesion').map((e) => e.actorId),
    ).toEqual([soporte.id, w.adminId]);
  });
});
