/**
 * A real SMTP server in the test process (issue #15), for every browser test that reads mail: the
 * `smtp-server` package on 127.0.0.1 at a random port, each message parsed with `mailparser`.
 * Copied from api/test/support/smtp.ts for the browser tests (e2e depends on no api test code):
 * start the api with `startServer({ SMTP_URL: smtp.url })`.
 *
 *   const smtp = await startTestSmtp();
 *   const mail = await smtp.waitFor((m) => m.to.includes(email));
 *   const link = mail.links.find((l) => l.includes('/restablecer?token='));
 *   smtp.refuse(true);  // every MAIL FROM answered 451 until refuse(false)
 *   await smtp.close();
 *
 * No TLS (STARTTLS disabled) and any or no AUTH accepted: it tests our mail, not SMTP security.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One received message. */
export interface ReceivedMail {
  /** Envelope recipients (lowercase). */
  to: string[];
  /** Envelope sender. */
  from: string;
  /** The From header as written, e.g. `Gestión de usuarios <no-reply@localhost>`. */
  fromHeader: string;
  subject: string;
  text: string;
  /** The HTML part ('' when none). */
  html: string;
  /** Every absolute http(s) URL of the text part, in order. */
  links: string[];
  /** The raw message (RFC 5322), for header checks. */
  raw: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Every message accepted so far, oldest first. */
  readonly messages: ReceivedMail[];
  /**
   * Resolves with the first message (already received or arriving) that matches.
   * @throws after `timeoutMs` (default 5000), listing what did arrive.
   */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * While on, every message is refused: `MAIL FROM` gets `code` (default 451, a temporary
   * failure) and nothing is stored. `refuse(false)` accepts again.
   */
  refuse(on: boolean, code?: number): void;
  /** Times a message was refused since start. */
  readonly refusals: number;
  /** Forgets the received messages. */
  clear(): void;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];

function addressText(a: AddressObject | AddressObject[] | undefined): string {
  if (!a) return '';
  return (Array.isArray(a) ? a : [a]).map((x) => x.text).join(', ');
}

/** Starts a server on 127.0.0.1 at a free port (or `port`). */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => unknown>();
  let refusing: number | false = false;
  let refusals = 0;

  const options: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onMailFrom(_address, _session, cb) {
      if (refusing !== false) {
        refusals++;
        const err = Object.assign(new Error('Servicio no disponible (prueba)'), {
          responseCode: refusing,
        });
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const text = parsed.text ?? '';
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              fromHeader: addressText(parsed.from),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              links: linksIn(text),
              raw: raw.toString('utf8'),
            });
            for (const w of waiters) w();
            cb();
          })
          .catch((err: Error) => cb(err));
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // Errors of a client connection (a sender killed mid-message) are not the test's concern.
  server.on('error', () => undefined);
  const actual = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    get refusals() {
      return refusals;
    },
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; received: ${JSON.stringify(
                messages.map((m) => ({ to: m.to, subject: m.subject })),
              )}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    refuse(on, code = 451) {
      refusing = on ? code : false;
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
