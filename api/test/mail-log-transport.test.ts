/**
 * The embedded default without SMTP_URL (issue #15): nothing is sent, nothing is lost — each mail
 * is written to the log at info level with its recipient, subject and links, so a newcomer on
 * `npm start` can follow a reset link from the terminal. The bearer token of the request that
 * caused it is still never logged.
 */
import type { FastifyInstance } from 'fastify';
import { appLink, enqueueMail } from '../src/mail/outbox';
import {
  ADMIN,
  bearer,
  buildTestApp,
  createTestDatabase,
  login,
  uniqueEmail,
  type TestClock,
  type TestDatabase,
} from './helper';

describe('the log transport', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    ({ app, clock } = await buildTestApp(db, {
      config: { logLevel: 'info', appUrl: 'http://localhost:3000' },
      build: {
        logger: true,
        logStream: { write: (line: string) => void lines.push(line) },
        mail: { pollMs: 0 },
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const mailLines = () =>
    lines
      .map((l) => JSON.parse(l) as { level: number; msg: string; correo?: Record<string, unknown> })
      .filter((l) => l.correo?.destinatario !== undefined);

  it('logs recipient, subject and link at info level, and marks the mail enviado', async () => {
    const to = uniqueEmail('log');
    const link = appLink(app.config, '/restablecer', 'token-de-prueba');
    await enqueueMail(
      app.db,
      { to, locale: 'es', template: 'password-reset', data: { nombre: 'Ana', link } },
      clock.now(),
    );
    await app.mail.deliverDue();
    const line = mailLines().find((l) => l.correo?.destinatario === to);
    expect(line).toMatchObject({
      level: 30,
      correo: {
        destinatario: to,
        asunto: 'Restablecer la contraseña · Gestión de usuarios',
        enlaces: ['http://localhost:3000/restablecer?token=token-de-prueba'],
      },
    });
    expect(line?.msg).toContain(to);
    expect(line?.msg).toContain('Restablecer la contraseña');
    const row = await app.db
      .selectFrom('correos')
      .selectAll()
      .where('destinatario', '=', to)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ estado: 'enviado', cuerpo_texto: null, cuerpo_html: null });
  });

  it('logs the test mail of Ajustes › Correo, and never the bearer token', async () => {
    const token = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
    const res = await app.inject({
      method: 'POST',
      url: '/api/configuracion/correo/prueba',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(202);
    await app.mail.deliverDue();
    expect(mailLines().some((l) => l.correo?.destinatario === ADMIN.email)).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });
});
