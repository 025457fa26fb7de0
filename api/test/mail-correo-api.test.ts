/**
 * Ajustes › Correo (issue #15): GET /api/configuracion/correo lists how mail leaves and the
 * recent deliveries; POST /api/configuracion/correo/prueba sends a test mail through the outbox
 * to a real SMTP server in the test process. Both need configuracion:gestionar.
 */
import { CorreoEstadoSchema, type CorreoEstado } from '@gestion/shared';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAIL_FROM } from '../src/config';
import { enqueueMail } from '../src/mail/outbox';
import {
  ADMIN,
  DATABASES,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  registerUser,
  uniqueEmail,
  type TestClock,
  type TestDatabase,
} from './helper';
import { startTestSmtp, type TestSmtp } from './support/smtp';

// TypeBox checks formats only once registered; the api's Ajv knows date-time by ajv-formats.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
  );
}

describe.each(DATABASES)('Ajustes › Correo on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let smtp: TestSmtp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    db = await createTestDatabase(dialect);
    ({ app, clock } = await buildTestApp(db, {
      config: { smtpUrl: smtp.url, mailFrom: 'Pruebas <pruebas@example.org>' },
      // No polling: what a route enqueues is delivered by the kick after its response.
      build: { mail: { pollMs: 0 } },
    }));
    admin = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  const estado = async (token = admin) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/configuracion/correo',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<CorreoEstado>();
    expect(Value.Check(CorreoEstadoSchema, body)).toBe(true);
    return body;
  };
  const prueba = (payload: unknown, token = admin) =>
    app.inject({
      method: 'POST',
      url: '/api/configuracion/correo/prueba',
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('says mail leaves by SMTP from MAIL_FROM', async () => {
    expect(await estado()).toMatchObject({
      transporte: 'smtp',
      remitente: 'Pruebas <pruebas@example.org>',
    });
  });

  it('sends the test mail to the given address and lists it as enviado', async () => {
    const to = uniqueEmail('prueba');
    const res = await prueba({ destinatario: `  ${to.toUpperCase()} ` });
    expect(res.statusCode).toBe(202);
    expect(res.json<{ message: string }>().message).toContain(to);
    // Kicked after the response: no poll, no deliverDue needed.
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Correo de prueba · Gestión de usuarios');
    expect(mail.fromHeader).toContain('pruebas@example.org');
    await app.mail.deliverDue();
    const envio = (await estado()).envios.find((e) => e.destinatario === to);
    expect(envio).toMatchObject({
      asunto: 'Correo de prueba · Gestión de usuarios',
      estado: 'enviado',
      intentos: 1,
      ultimoError: null,
    });
    expect(envio?.enviadoEn).toEqual(expect.any(String));
  });

  it("sends it to the caller's own address without destinatario", async () => {
    smtp.clear();
    const res = await prueba({});
    expect(res.statusCode).toBe(202);
    await smtp.waitFor((m) => m.to.includes(ADMIN.email));
  });

  it('refuses an invalid address with 400 and the field in details', async () => {
    for (const destinatario of ['no-es-un-correo', 'a@b@c', '']) {
      const body = expectErrorShape(await prueba({ destinatario }), 400, 'VALIDATION_ERROR');
      expect(body.details).toEqual([
        { field: 'destinatario', message: 'El correo electrónico no es válido' },
      ]);
    }
    expectErrorShape(await prueba({ destinatario: 'x@example.org', otro: 1 }), 400);
  });

  it('lists the 50 most recent mails newest first, a refused one with its error', async () => {
    smtp.refuse(true, 550);
    const failed = uniqueEmail('falla');
    await enqueueMail(
      app.db,
      { to: failed, locale: 'en', template: 'test', data: { nombre: 'F' } },
      clock.now(),
    );
    await app.mail.deliverDue();
    smtp.refuse(false);
    const refused = (await estado()).envios.find((e) => e.destinatario === failed);
    expect(refused).toMatchObject({
      asunto: 'Test e-mail · User management',
      estado: 'pendiente',
      intentos: 1,
      enviadoEn: null,
    });
    expect(refused?.ultimoError).toMatch(/550/);

    for (let i = 0; i < 55; i++) {
      clock.advance(1);
      await enqueueMail(
        app.db,
        { to: `lote-${i}@example.org`, locale: 'es', template: 'test', data: { nombre: 'L' } },
        clock.now(),
      );
    }
    const { envios } = await estado();
    expect(envios).toHaveLength(50);
    expect(envios[0]!.destinatario).toBe('lote-54@example.org');
    expect(envios[49]!.destinatario).toBe('lote-5@example.org');
    const created = envios.map((e) => Date.parse(e.creadoEn));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it('answers 403 without configuracion:gestionar and 401 without a session', async () => {
    const { token } = await registerUser(app, 'sinpermiso');
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/configuracion/correo', headers: bearer(token) }),
      await prueba({ destinatario: 'x@example.org' }, token),
    ]) {
      expectErrorShape(res, 403, 'FORBIDDEN');
    }
    const anon = await app.inject({ method: 'GET', url: '/api/configuracion/correo' });
    expectErrorShape(anon, 401);
  });
});

describe('Ajustes › Correo without SMTP_URL', () => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ({ app } = await buildTestApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('says mail goes to the log, from the default sender', async () => {
    const admin = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
    const res = await app.inject({
      method: 'GET',
      url: '/api/configuracion/correo',
      headers: bearer(admin),
    });
    expect(res.json<CorreoEstado>()).toMatchObject({
      transporte: 'log',
      remitente: DEFAULT_MAIL_FROM,
    });
  });
});
