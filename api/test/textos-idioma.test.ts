/**
 * What the api gives the console so it can word its texts in the reader's language (issue #14):
 * a session's browser and system apart from the Spanish `dispositivo`, and an audit entry's
 * target by name (`objetivoNombre`), while what api clients read stays as it was.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditoriaPage, SesionesPage } from '@gestion/shared';
import { deviceOf } from '../src/services/sesiones-service';
import { DATABASES, PASSWORD, login } from './helper';
import { buildAdminWorld, call, createUser, type AdminWorld } from './admin-fixtures';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('deviceOf', () => {
  it('gives the parts and the Spanish name composed of them', () => {
    expect(deviceOf(CHROME_WINDOWS)).toEqual({
      dispositivo: 'Chrome en Windows',
      navegador: 'Chrome',
      sistema: 'Windows',
    });
    expect(deviceOf('curl/8.0')).toEqual({ dispositivo: 'curl', navegador: 'curl', sistema: null });
    expect(deviceOf(null)).toEqual({ dispositivo: 'Desconocido', navegador: null, sistema: null });
    expect(deviceOf('???')).toEqual({ dispositivo: 'Desconocido', navegador: null, sistema: null });
  });
});

describe.each(DATABASES)('texts for the reader on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;

  beforeAll(async () => {
    w = await buildAdminWorld(dialect);
    app = w.app;
  });
  afterAll(async () => {
    await w?.app.close();
    await w?.db.drop();
  });

  it('sends a session’s browser and system besides dispositivo', async () => {
    const u = await createUser(app, w.tokens.admin);
    const res = await login(app, u.email, PASSWORD, { 'user-agent': CHROME_WINDOWS });
    const token = res.json<{ token: string }>().token;
    const page = (await call(app, token, { method: 'GET', url: '/api/sesiones' })).json<SesionesPage>();
    expect(page.items.find((s) => s.actual)).toMatchObject({
      dispositivo: 'Chrome en Windows',
      navegador: 'Chrome',
      sistema: 'Windows',
    });
  });

  it('names the target of an audit entry, and null once it is gone', async () => {
    const u = await createUser(app, w.tokens.admin, { nombre: 'Ana Ruiz' });
    const patch = await call(app, w.tokens.admin, {
      method: 'PATCH',
      url: `/api/usuarios/${u.id}`,
      payload: { nombre: 'Ana Ruiz Gil', version: 1 },
    });
    expect(patch.statusCode).toBe(200);
    const list = async () =>
      (
        await call(app, w.tokens.admin, {
          method: 'GET',
          url: `/api/auditoria?objetivo=usuario:${u.id}&accion=usuarios.editar`,
        })
      ).json<AuditoriaPage>();
    const [entry] = (await list()).items;
    expect(entry).toMatchObject({ accion: 'usuarios.editar', objetivoId: String(u.id), objetivoNombre: 'Ana Ruiz Gil' });

    const del = await call(app, w.tokens.admin, { method: 'DELETE', url: `/api/usuarios/${u.id}` });
    expect([200, 204]).toContain(del.statusCode);
    expect((await list()).items[0]!.objetivoNombre).toBeNull();
  });
});
