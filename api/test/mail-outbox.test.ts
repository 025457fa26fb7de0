/**
 * The mail outbox (issue #15) against a real SMTP server in the test process: a mail written in
 * a committed transaction is delivered in the recipient's language, a rolled-back one never;
 * while the server refuses, nothing is lost and attempts back off; after the last attempt the
 * mail is `fallido`; a lease left by a dead worker is taken again once expired.
 */
import type { FastifyInstance } from 'fastify';
import { appLink, claimDue, enqueueMail } from '../src/mail/outbox';
import { backoffMs } from '../src/mail/worker';
import type { MailRequest } from '../src/mail/types';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  uniqueEmail,
  type TestClock,
  type TestDatabase,
} from './helper';
import { startTestSmtp, type TestSmtp } from './support/smtp';

const MAX_ATTEMPTS = 3;

describe.each(DATABASES)('mail outbox on %s', (dialect) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    db = await createTestDatabase(dialect);
    ({ app, clock } = await buildTestApp(db, {
      config: { smtpUrl: smtp.url, appUrl: 'https://gestion.example.org' },
      build: { mail: { pollMs: 0, maxAttempts: MAX_ATTEMPTS } },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });
  afterEach(() => smtp.refuse(false));

  const row = (to: string) =>
    app.db
      .selectFrom('correos')
      .selectAll()
      .where('destinatario', '=', to)
      .executeTakeFirstOrThrow();

  const reset = (to: string, locale: 'es' | 'en', token = 'abc/+=123'): MailRequest => ({
    to,
    locale,
    template: 'password-reset',
    data: { nombre: 'Ana <b>&</b>', link: appLink(app.config, '/restablecer', token) },
  });

  it('builds links from APP_URL with the token URL-encoded', () => {
    expect(appLink(app.config, '/restablecer', 'a+b/c=')).toBe(
      'https://gestion.example.org/restablecer?token=a%2Bb%2Fc%3D',
    );
  });

  it.each([
    ['es', 'Restablecer la contraseña · Gestión de usuarios', 'Elegir una contraseña nueva'],
    ['en', 'Reset your password · User management', 'Choose a new password'],
  ] as const)(
    'delivers a mail committed in a transaction, in %s',
    async (locale, subject, action) => {
      const to = uniqueEmail('reset');
      await app.db.transaction().execute((tx) => enqueueMail(tx, reset(to, locale), clock.now()));
      await app.mail.deliverDue();
      const mail = await smtp.waitFor((m) => m.to.includes(to));
      expect(mail.subject).toBe(subject);
      expect(mail.fromHeader).toContain('no-reply@localhost');
      const link = 'https://gestion.example.org/restablecer?token=abc%2F%2B%3D123';
      expect(mail.links).toEqual([link]);
      expect(mail.text).toContain(action);
      expect(mail.text).toContain('Ana <b>&</b>');
      // HTML: data escaped, the link clickable, no remote image or tracking pixel.
      expect(mail.html).toContain('Ana &lt;b&gt;&amp;&lt;/b&gt;');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain(`lang="${locale}"`);
      expect(mail.html).not.toMatch(/<img|src=|url\(/i);
      const stored = await row(to);
      expect(stored).toMatchObject({
        estado: 'enviado',
        intentos: 1,
        cuerpo_html: null,
        cuerpo_texto: null,
        enviado_en: clock.now(),
      });
    },
  );

  it('sends nothing for a transaction that rolls back', async () => {
    const to = uniqueEmail('rollback');
    await expect(
      app.db.transaction().execute(async (tx) => {
        await enqueueMail(tx, reset(to, 'es'), clock.now());
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await app.mail.deliverDue();
    expect(
      await app.db.selectFrom('correos').where('destinatario', '=', to).selectAll().execute(),
    ).toEqual([]);
    expect(smtp.messages.some((m) => m.to.includes(to))).toBe(false);
  });

  it('keeps a refused mail pendiente, backing off, and delivers it once the server accepts', async () => {
    const to = uniqueEmail('retry');
    smtp.refuse(true);
    await enqueueMail(app.db, reset(to, 'es'), clock.now());
    await app.mail.deliverDue();
    expect(await row(to)).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      proximo_intento: clock.now() + backoffMs(app.mail.options, 1),
    });
    expect((await row(to)).ultimo_error).toMatch(/451/);
    // Not due before its back-off.
    clock.advance(backoffMs(app.mail.options, 1) - 1);
    await app.mail.deliverDue();
    expect((await row(to)).intentos).toBe(1);
    clock.advance(1);
    await app.mail.deliverDue();
    expect(await row(to)).toMatchObject({ estado: 'pendiente', intentos: 2 });
    expect((await row(to)).proximo_intento).toBe(clock.now() + backoffMs(app.mail.options, 2));

    smtp.refuse(false);
    clock.advance(backoffMs(app.mail.options, 2));
    await app.mail.deliverDue();
    await smtp.waitFor((m) => m.to.includes(to));
    expect(await row(to)).toMatchObject({ estado: 'enviado', intentos: 3, ultimo_error: null });
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('keeps a mail while the SMTP server is down, and delivers it once it is back', async () => {
    const to = uniqueEmail('caido');
    const { port } = smtp;
    await smtp.close();
    await enqueueMail(app.db, reset(to, 'es'), clock.now());
    await app.mail.deliverDue();
    expect(await row(to)).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect((await row(to)).ultimo_error).toMatch(/ECONNREFUSED|connect/i);
    smtp = await startTestSmtp(port);
    clock.advance(backoffMs(app.mail.options, 1));
    await app.mail.deliverDue();
    await smtp.waitFor((m) => m.to.includes(to));
    expect(await row(to)).toMatchObject({ estado: 'enviado', intentos: 2 });
  });

  it('gives up after the last attempt: fallido, with the error, listed', async () => {
    const to = uniqueEmail('fallido');
    smtp.refuse(true, 550);
    await enqueueMail(
      app.db,
      { to, locale: 'es', template: 'test', data: { nombre: 'Ana' } },
      clock.now(),
    );
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await app.mail.deliverDue();
      clock.advance(backoffMs(app.mail.options, i));
    }
    const stored = await row(to);
    expect(stored).toMatchObject({ estado: 'fallido', intentos: MAX_ATTEMPTS, cuerpo_texto: null });
    expect(stored.ultimo_error).toMatch(/550/);
    smtp.refuse(false);
    await app.mail.deliverDue();
    expect((await row(to)).estado).toBe('fallido');
  });

  it('takes again a mail whose worker died holding it, once the lease expired', async () => {
    const to = uniqueEmail('lease');
    await enqueueMail(app.db, reset(to, 'en'), clock.now());
    // A worker claims it and dies (never reports back).
    const claimed = await claimDue(app.db, db.dialect, clock.now(), app.mail.options.leaseMs, 100);
    expect(claimed.map((c) => c.destinatario)).toContain(to);
    await app.mail.deliverDue();
    expect(smtp.messages.some((m) => m.to.includes(to))).toBe(false);
    clock.advance(app.mail.options.leaseMs);
    await app.mail.deliverDue();
    await smtp.waitFor((m) => m.to.includes(to));
    expect(await row(to)).toMatchObject({ estado: 'enviado', intentos: 2 });
  });
});
