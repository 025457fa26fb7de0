/**
 * How a mail leaves the process (issue #15): SMTP through nodemailer when `SMTP_URL` is set,
 * else the log transport of the embedded default.
 *
 * The log transport sends nothing: it writes each mail to the log at info level — recipient,
 * subject, the links it carries and its plain text — so a newcomer on `npm start` can follow a
 * reset or invitation link from the terminal. This deliberately logs single-use links (and a
 * sign-in code): it is what "nothing is lost without a mailer" means, and it only happens when
 * no SMTP_URL is configured, i.e. on a developer's machine. Keys are `enlaces`/`texto`, never
 * `token`, and nothing else of a request is logged; bearer tokens and passwords stay redacted.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';

/** One mail as a transport sends it. */
export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** A way out for mail. */
export interface MailTransport {
  /** What Ajustes › Correo shows (`CorreoEstado.transporte`). */
  readonly kind: 'smtp' | 'log';
  /**
   * Delivers one mail; resolves once the server accepted it.
   * @param signal aborts the attempt (the worker's lease is about to expire).
   * @throws Error with the server's reply or the network error when it was not accepted.
   */
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  /** Closes connections. */
  close(): void;
}

/**
 * SMTP timeouts, ms. Bounded so an attempt always ends well inside the worker's lease
 * (nodemailer's own defaults wait up to 10 minutes for a silent socket).
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/** Absolute http(s) URLs in a text, in order, without repeats. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    kind: 'smtp',
    async send(mail, signal) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        signal,
      });
    },
    close: () => transporter.close(),
  };
}

function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    send(mail) {
      log.info(
        {
          correo: {
            id: mail.id,
            destinatario: mail.to,
            asunto: mail.subject,
            enlaces: linksIn(mail.text),
            texto: mail.text,
          },
        },
        `Correo no enviado (sin SMTP_URL) para ${mail.to}: ${mail.subject}`,
      );
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

/** The transport `config` asks for. */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
  log: FastifyBaseLogger,
): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log);
}
