/**
 * `app.mail` (issue #15): the outbox worker of this process, started when the app is ready and
 * stopped (after its delivery under way) when it closes. A mail a request enqueued through
 * `app.mail.enqueue` is delivered right after that request's response — by then its
 * transaction has committed — instead of at the next poll.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../repositories/usuarios-repository';
import { enqueueMail } from './outbox';
import { createMailTransport } from './transport';
import type { MailRequest } from './types';
import {
  DEFAULT_MAIL_WORKER,
  MailWorker,
  type DeliveryReport,
  type MailWorkerOptions,
} from './worker';

/** What routes and services use of the outbox. */
export interface MailService {
  /** `smtp` with SMTP_URL, else `log`. */
  readonly transporte: 'smtp' | 'log';
  /**
   * `enqueueMail(db, request, app.now())`, and a kick after the current response is sent.
   * Pass the transaction of the change that causes the mail.
   */
  enqueue(db: Db, request: MailRequest): Promise<void>;
  /** Delivers soon (call after a commit that wrote mail outside a request). */
  kick(): void;
  /** Delivers every due row now and reports what happened (tests). */
  deliverDue(): Promise<DeliveryReport>;
  /** The worker's tunables in force. */
  readonly options: MailWorkerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox of this process. */
    mail: MailService;
  }
}

const mailPlugin: FastifyPluginCallback<{ worker?: Partial<MailWorkerOptions> }> = (
  app,
  opts,
  done,
) => {
  const options = { ...DEFAULT_MAIL_WORKER, ...opts.worker };
  const transport = createMailTransport(app.config, app.log);
  const worker = new MailWorker(app.db, app.database.dialect, transport, app.now, app.log, options);
  let kickAfterResponse = false;
  const service: MailService = {
    transporte: transport.kind,
    async enqueue(db, request) {
      await enqueueMail(db, request, app.now());
      kickAfterResponse = true;
    },
    kick: () => worker.kick(),
    deliverDue: () => worker.deliverDue(),
    options,
  };
  app.decorate('mail', service);
  app.addHook('onResponse', (_request, _reply, next) => {
    if (kickAfterResponse) {
      kickAfterResponse = false;
      worker.kick();
    }
    next();
  });
  app.addHook('onReady', (next) => {
    worker.start();
    next();
  });
  app.addHook('preClose', async () => worker.stop());
  done();
};

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
