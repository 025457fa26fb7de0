/**
 * CSV out and in for /api/usuarios and /api/auditoria (issue #4): RFC 4180 quoting, a UTF-8
 * BOM, OWASP formula neutralising; the import's dry-run report and its all-or-nothing apply.
 */
import {
  ADMIN_MESSAGES,
  DELEGATION_MESSAGES,
  ERROR_CODES,
  type ImportReport,
  type UsuariosPage,
} from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../src/repositories/auditoria-repository';
import { csvCell, csvLine, parseCsv } from '../src/services/csv';
import { DATABASES, PASSWORD, expectErrorShape, login, uniqueEmail } from './helper';
import { call, createUser } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('di "hola"')).toBe('"di ""hola"""');
    expect(csvCell('dos\nlíneas')).toBe('"dos\nlíneas"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });

  it.each(['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx'])(
    'neutralises %j as text with a leading quote',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it('reads back what it writes, neutralising quote removed', () => {
    const text = `\uFEFF${csvLine(['email', 'nombre'])}${csvLine(['a@b.es', '=HYPERLINK("x")'])}`;
    expect(parseCsv(text)).toEqual([
      ['email', 'nombre'],
      ['a@b.es', '=HYPERLINK("x")'],
    ]);
  });
});

describe.each(DATABASES)('CSV import and export on %s', (dialect) => {
  let app: FastifyInstance;
  let admin: string;

  withAdminWorld(dialect, (x) => ({ app, admin } = x));

  const importCsv = (body: string, dryRun: boolean) =>
    call(app, admin, {
      method: 'POST',
      url: `/api/usuarios/import${dryRun ? '?dryRun=1' : ''}`,
      payload: body,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
  const count = async () =>
    (
      await call(app, admin, { method: 'GET', url: '/api/usuarios?pageSize=1' })
    ).json<UsuariosPage>().total;

  describe('GET /api/usuarios/export', () => {
    it('streams text/csv with a BOM, a header, quoted and neutralised cells, the filter applied', async () => {
      const tag = `ex${Date.now().toString(36)}`;
      await createUser(app, admin, { nombre: `=cmd|' /C calc'!A0 ${tag}`, roles: ['gestor'] });
      await createUser(app, admin, {
        nombre: `Pérez, "Pepe" ${tag}`,
        roles: ['gestor', 'usuario'],
      });
      const res = await call(app, admin, {
        method: 'GET',
        url: `/api/usuarios/export?q=${tag}&sort=-nombre`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.body.startsWith('\uFEFFemail,nombre,roles,activo,creadoEn,ultimoAcceso\r\n')).toBe(
        true,
      );
      const lines = res.body.slice(1).split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`,"Pérez, ""Pepe"" ${tag}",gestor|usuario,true,`);
      expect(lines[2]).toContain(`,"'=cmd|' /C calc'!A0 ${tag}",gestor,true,`);
      expect(res.body).not.toMatch(/password|hash/i);
      expect((await listAudit(app.db, { accion: 'usuarios.exportar', limit: 1 }))[0]).toBeDefined();
    });
  });

  describe('POST /api/usuarios/import', () => {
    it('reports per row on a dry run and writes nothing', async () => {
      const nuevo = uniqueEmail('imp');
      const existing = await createUser(app, admin, { nombre: 'Existente' });
      const before = await count();
      const csv = [
        'email,nombre,roles',
        `${nuevo},Nueva Persona,gestor|usuario`,
        `${existing.email},Existente Renombrada,usuario`,
        'no-es-correo,Alguien,usuario',
        `${uniqueEmail()},,usuario`,
        `${uniqueEmail()},Con rol raro,inventado`,
        `${nuevo},Repetida,usuario`,
      ].join('\r\n');
      const res = await importCsv(csv, true);
      expect(res.statusCode).toBe(200);
      const report = res.json<ImportReport>();
      expect(report.aplicado).toBe(false);
      expect(report.resumen).toEqual({ creados: 1, actualizados: 1, rechazados: 4 });
      expect(report.filas).toEqual([
        { fila: 2, email: nuevo, resultado: 'creado' },
        { fila: 3, email: existing.email, resultado: 'actualizado' },
        {
          fila: 4,
          email: 'no-es-correo',
          resultado: 'rechazado',
          motivo: ADMIN_MESSAGES.importInvalidEmail,
        },
        {
          fila: 5,
          email: expect.any(String),
          resultado: 'rechazado',
          motivo: ADMIN_MESSAGES.importNombreRequired,
        },
        {
          fila: 6,
          email: expect.any(String),
          resultado: 'rechazado',
          motivo: `${ADMIN_MESSAGES.importUnknownRole}: inventado`,
        },
        {
          fila: 7,
          email: nuevo,
          resultado: 'rechazado',
          motivo: ADMIN_MESSAGES.importDuplicateEmail,
        },
      ]);
      expect(await count()).toBe(before);
    });

    it('applies nothing when one row is bad (400 listing it), everything when all are good', async () => {
      const a = uniqueEmail('a');
      const b = uniqueEmail('b');
      const existing = await createUser(app, admin, { nombre: 'Vieja', roles: ['usuario'] });
      const before = await count();
      const bad = await importCsv(
        `email,nombre,roles\n${a},Ana,usuario\n${existing.email},Nueva,gestor\n${b},Bea,noexiste\n`,
        false,
      );
      const body = expectErrorShape(bad, 400, ERROR_CODES.validation);
      expect(body.message).toBe(ADMIN_MESSAGES.importRejected);
      expect(body.details).toEqual([
        { field: 'fila 4', message: `${ADMIN_MESSAGES.importUnknownRole}: noexiste` },
      ]);
      expect(await count()).toBe(before);
      const still = await call(app, admin, { method: 'GET', url: `/api/usuarios/${existing.id}` });
      expect(still.json()).toMatchObject({ nombre: 'Vieja', roles: ['usuario'] });

      // Roles separated by ; too; header in another order; a BOM.
      const good = await importCsv(
        `\uFEFFnombre,roles,email\r\nAna,usuario;gestor,${a}\r\nNueva,gestor,${existing.email}\r\n`,
        false,
      );
      expect(good.statusCode).toBe(200);
      const report = good.json<ImportReport>();
      expect(report).toMatchObject({
        aplicado: true,
        resumen: { creados: 1, actualizados: 1, rechazados: 0 },
      });
      expect(await count()).toBe(before + 1);
      const created = report.filas[0]!;
      // Created pending and invited by mail (issue #15): no password is handed over.
      expect(created).not.toHaveProperty('passwordTemporal');
      const nuevo = await call(app, admin, {
        method: 'GET',
        url: `/api/usuarios?q=${encodeURIComponent(a)}`,
      });
      expect(nuevo.json<{ items: { invitacionPendiente: boolean }[] }>().items[0]).toMatchObject({
        invitacionPendiente: true,
      });
      expect((await login(app, a, PASSWORD)).statusCode).toBe(401);
      const updated = await call(app, admin, {
        method: 'GET',
        url: `/api/usuarios/${existing.id}`,
      });
      expect(updated.json()).toMatchObject({ nombre: 'Nueva', roles: ['gestor'] });
      // One audit entry per written row.
      const creates = await listAudit(app.db, { accion: 'usuarios.crear', limit: 1 });
      expect(JSON.parse(creates[0]!.cambios!)).toMatchObject({
        origen: 'importacion',
        despues: { email: a },
      });
      expect(JSON.parse(creates[0]!.cambios!)).toMatchObject({ invitado: true });
      const edits = await listAudit(app.db, { accion: 'usuarios.editar', limit: 1 });
      expect(JSON.parse(edits[0]!.cambios!)).toMatchObject({
        origen: 'importacion',
        antes: { nombre: 'Vieja', roles: ['usuario'] },
        despues: { nombre: 'Nueva', roles: ['gestor'] },
      });
    });

    it('refuses to take admin away from the importing admin themselves (issue #13 rule 5)', async () => {
      const res = await importCsv(
        `email,nombre,roles\nadmin@test.local,Administrador,gestor\n`,
        true,
      );
      expect(res.json<ImportReport>().filas[0]).toMatchObject({
        resultado: 'rechazado',
        motivo: DELEGATION_MESSAGES.selfRemoveAdmin,
      });
    });

    it('answers 400 for a file without the header, empty, or malformed, or a JSON body', async () => {
      expect(expectErrorShape(await importCsv('correo,nombre\nx,y\n', true), 400).details).toEqual([
        { field: 'body', message: ADMIN_MESSAGES.importBadHeader },
      ]);
      expect(expectErrorShape(await importCsv('email,nombre,roles\n', true), 400).details).toEqual([
        { field: 'body', message: ADMIN_MESSAGES.importEmpty },
      ]);
      expectErrorShape(await importCsv('email,nombre,roles\n"sin cerrar,x,y\n', true), 400);
      const json = await call(app, admin, {
        method: 'POST',
        url: '/api/usuarios/import?dryRun=1',
        payload: { email: 'x' },
      });
      expect(json.statusCode).toBe(400);
    });
  });

  describe('GET /api/auditoria/export', () => {
    it('streams the filtered audit log as CSV', async () => {
      const res = await call(app, admin, {
        method: 'GET',
        url: '/api/auditoria/export?accion=usuarios.crear',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.body.slice(1).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('creadoEn,actorEmail,accion,objetivoTipo,objetivoId,ip,cambios');
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((l) => l.includes(',usuarios.crear,usuario,'))).toBe(true);
    });
  });
});
