/**
 * Set-up of the account-lifecycle suites (issue #15): the app on one database pointed at a real
 * SMTP server in the test process (support/smtp.ts), delivering right after each response
 * (`pollMs: 0`), and helpers that read links and codes out of the received mails.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../src/config';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './support/smtp';
import {
  ADMIN,
  bearer,
  buildTestApp,
  createTestDatabase,
  login,
  type DialectName,
  type TestClock,
  type TestDatabase,
} from './helper';

export interface CicloWorld {
  db: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
  smtp: TestSmtp;
  /** The seeded admin's token. */
  admin: string;
  close(): Promise<void>;
}

/** Builds the world on `dialect`; `config` overrides the test configuration. */
export async function buildCicloWorld(
  dialect: DialectName,
  config: Partial<AppConfig> = {},
): Promise<CicloWorld> {
  const smtp = await startTestSmtp();
  const db = await createTestDatabase(dialect);
  const { app, clock } = await buildTestApp(db, {
    config: { smtpUrl: smtp.url, appUrl: 'https://gestion.example.org', ...config },
    build: { mail: { pollMs: 0 } },
  });
  const res = await login(app, ADMIN.email, ADMIN.password);
  if (res.statusCode !== 200) throw new Error(`admin login: ${res.statusCode} ${res.body}`);
  return {
    db,
    app,
    clock,
    smtp,
    admin: res.json<{ token: string }>().token,
    async close() {
      await app.close();
      await smtp.close();
      await db.drop();
    },
  };
}

/** POST with a JSON body and an optional bearer token. */
export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const opts: InjectOptions = {
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  };
  return app.inject(opts);
}

/** The newest mail to `email` whose subject or text matches, waiting up to 5 s for it. */
export async function mailTo(
  smtp: TestSmtp,
  email: string,
  match: (m: ReceivedMail) => boolean = () => true,
  after = 0,
): Promise<ReceivedMail> {
  return smtp.waitFor(
    (m) => m.to.includes(email.toLowerCase()) && match(m) && smtp.messages.indexOf(m) >= after,
  );
}

/** The `token` of the first link to `page` in a mail. */
export function tokenOf(mail: ReceivedMail, page: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === page);
  if (!link) throw new Error(`no ${page} link in "${mail.subject}": ${mail.links.join(' ')}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Waits for a mail to `email` with a link to `page` (received at index ≥ `after`). */
export async function linkToken(
  smtp: TestSmtp,
  email: string,
  page: string,
  after = 0,
): Promise<string> {
  const mail = await mailTo(
    smtp,
    email,
    (m) => m.links.some((l) => new URL(l).pathname === page),
    after,
  );
  return tokenOf(mail, page);
}

/** Mails received by `email` so far. */
export function mailsOf(smtp: TestSmtp, email: string): ReceivedMail[] {
  return smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));
}

/** Median of some numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
