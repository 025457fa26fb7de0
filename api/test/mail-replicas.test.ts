/**
 * Exactly once with several workers (issue #15): two app instances on one database (the same
 * PostgreSQL schema, or the same SQLite file) deliver N mails between them, each exactly once,
 * to a real SMTP server in the test process. Small batches make the two claim side by side.
 */
import type { FastifyInstance } from 'fastify';
import { enqueueMail } from '../src/mail/outbox';
import {
  DATABASES,
  buildTestApp,
  createTestDatabase,
  TestClock,
  type TestDatabase,
} from './helper';
import { startTestSmtp, type TestSmtp } from './support/smtp';

const N = 40;

describe.each(DATABASES)('two workers on one %s database', (dialect) => {
  let db: TestDatabase;
  let apps: FastifyInstance[] = [];
  let smtp: TestSmtp;
  const clock = new TestClock();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    db = await createTestDatabase(dialect);
    for (let i = 0; i < 2; i++) {
      const { app } = await buildTestApp(db, {
        clock,
        config: { smtpUrl: smtp.url },
        build: { mail: { pollMs: 0, batchSize: 3 } },
      });
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    apps = [];
    await smtp?.close();
    await db?.drop();
  });

  it(`deliver each of ${N} mails exactly once`, async () => {
    const recipients = Array.from({ length: N }, (_, i) => `replica-${i}@example.org`);
    await apps[0]!.db.transaction().execute(async (tx) => {
      for (const to of recipients) {
        await enqueueMail(
          tx,
          { to, locale: 'es', template: 'test', data: { nombre: to } },
          clock.now(),
        );
      }
    });
    const [a, b] = await Promise.all(apps.map((app) => app.mail.deliverDue()));
    // Both took part, and together they sent every mail once.
    expect(a!.enviados).toBeGreaterThan(0);
    expect(b!.enviados).toBeGreaterThan(0);
    expect(a!.enviados + b!.enviados).toBe(N);
    await smtp.waitFor(() => smtp.messages.length >= N);
    const counts = new Map<string, number>();
    for (const m of smtp.messages) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(recipients.filter((to) => counts.get(to) !== 1)).toEqual([]);
    expect(smtp.messages).toHaveLength(N);
    const estados = await apps[1]!.db
      .selectFrom('correos')
      .select(['estado', 'intentos'])
      .execute();
    expect(estados.every((r) => r.estado === 'enviado' && r.intentos === 1)).toBe(true);
  });
});
