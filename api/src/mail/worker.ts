/**
 * The outbox worker (issue #15): one per api process. It delivers due rows of `correos` —
 * every `pollMs`, and at once when kicked after a commit — retrying a refused mail with
 * exponential back-off until `maxAttempts`, then giving up (`fallido`). Due times use the app's
 * clock (`now`), so tests move them with their clock.
 *
 * Several workers (replicas) may run against one PostgreSQL database: claims are leases taken
 * with `FOR UPDATE SKIP LOCKED` (see ./outbox.ts), so each mail goes to one of them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Dialect } from '../db/migrations/index';
import { errorSummary } from '../lib/log';
import { claimDue, markFailed, markSent, type ClaimedMail } from './outbox';
import type { MailTransport } from './transport';

/** Tunables of the worker; all durations in ms. */
export interface MailWorkerOptions {
  /** How often due rows are looked for without a kick; 0 = never (only `kick`/`deliverDue`). */
  pollMs: number;
  /** How long a claim holds a row; an attempt is aborted before it runs out. */
  leaseMs: number;
  /** Rows claimed per query. */
  batchSize: number;
  /** Attempts before a mail is `fallido`. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. */
  backoffBaseMs: number;
  /** Longest wait between two attempts. */
  backoffMaxMs: number;
}

/**
 * Production values: a poll every 5 s (a kick makes the usual case immediate); a 60 s lease,
 * three times the longest SMTP attempt (`SMTP_TIMEOUTS_MS`); 8 attempts 30 s × 2^n apart
 * (30 s, 1, 2, 4, 8, 16, 32 min), so an SMTP outage of about an hour loses nothing.
 */
export const DEFAULT_MAIL_WORKER: MailWorkerOptions = {
  pollMs: 5_000,
  leaseMs: 60_000,
  batchSize: 10,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 3_600_000,
};

/** Wait before the attempt after attempt number `intentos` (1-based) failed. */
export function backoffMs(options: MailWorkerOptions, intentos: number): number {
  const exp = Math.min(Math.max(intentos - 1, 0), 30);
  return Math.min(options.backoffBaseMs * 2 ** exp, options.backoffMaxMs);
}

/** What one `deliverDue` did. */
export interface DeliveryReport {
  enviados: number;
  fallidos: number;
  reintentos: number;
}

export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DeliveryReport> | undefined;
  private again = false;
  private stopped = true;
  /** Aborted by `stop`, so shutting down never waits for a slow SMTP server. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly transport: MailTransport,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    readonly options: MailWorkerOptions,
  ) {}

  /** Starts polling (and delivers what is already due: rows left by a process that died). */
  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Delivers soon, without waiting for the next poll: call it after committing a mail. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
    this.timer.unref();
  }

  /**
   * Claims and delivers every row due now, batch after batch, waiting for a run already under
   * way first (one run at a time per process). Tests call it to deliver deterministically.
   */
  async deliverDue(): Promise<DeliveryReport> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.run();
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = undefined;
    }
  }

  /**
   * Stops polling, aborts the SMTP attempt under way (its mail is due again after the back-off,
   * nothing is lost) and waits for the run to record it; the transport is closed.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopping.abort(new Error('api shutting down'));
    while (this.running) await this.running.catch(() => undefined);
    this.transport.close();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    do {
      this.again = false;
      try {
        await this.deliverDue();
      } catch (err) {
        // The database is down or the like: nothing is lost, the next poll tries again.
        this.log.warn({ error: errorSummary(err) }, 'Mail outbox: delivery run failed');
      }
    } while (this.again && !this.stopped);
    if (!this.stopped && this.options.pollMs > 0) {
      this.timer = setTimeout(() => void this.tick(), this.options.pollMs);
      this.timer.unref();
    }
  }

  private async run(): Promise<DeliveryReport> {
    const report: DeliveryReport = { enviados: 0, fallidos: 0, reintentos: 0 };
    for (;;) {
      const batch = await claimDue(
        this.db,
        this.dialect,
        this.now(),
        this.options.leaseMs,
        this.options.batchSize,
      );
      if (batch.length === 0) return report;
      for (const mail of batch) await this.deliver(mail, report);
      if (batch.length < this.options.batchSize || this.stopping.signal.aborted) return report;
    }
  }

  private async deliver(mail: ClaimedMail, report: DeliveryReport): Promise<void> {
    // Abort an attempt well before its lease runs out, so no other worker takes the row while
    // this one may still be talking to the server.
    const signal = AbortSignal.any([
      AbortSignal.timeout(Math.max(1_000, this.options.leaseMs - 10_000)),
      this.stopping.signal,
    ]);
    try {
      await this.transport.send(
        {
          id: mail.id,
          to: mail.destinatario,
          subject: mail.asunto,
          html: mail.html,
          text: mail.text,
        },
        signal,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = mail.intentos >= this.options.maxAttempts;
      const retryAt = last ? null : this.now() + backoffMs(this.options, mail.intentos);
      await markFailed(this.db, mail, message, retryAt);
      if (last) report.fallidos++;
      else report.reintentos++;
      this.log.warn(
        { correo: { id: mail.id, intentos: mail.intentos, error: message } },
        last ? 'Mail not delivered: giving up' : 'Mail not delivered: will retry',
      );
      return;
    }
    await markSent(this.db, mail, this.now());
    report.enviados++;
  }
}
