/**
 * The dependencies of the account-lifecycle services (issue #15) from the app: one place
 * decides where links point (`APP_URL`), whether a mailer is configured (`SMTP_URL`) and how
 * the outbox is woken after a commit.
 */
import type { FastifyInstance } from 'fastify';
import type { CicloDeps } from '../../../services/ciclo-cuenta-common';
import { serviceDeps } from '../../deps';

/** The lifecycle deps of `app`. */
export function cicloDeps(app: FastifyInstance): CicloDeps {
  return {
    ...serviceDeps(app),
    hasher: app.passwords,
    lockout: app.lockout,
    appUrl: app.config.appUrl,
    mailerConfigured: Boolean(app.config.smtpUrl),
    sessionMaxMs: app.config.sessionMaxHours * 3_600_000,
    kickMail: () => app.mail.kick(),
    warn: (obj, msg) => app.log.warn(obj, msg),
  };
}

/**
 * Who is calling: address, User-Agent and the preferred locale of Accept-Language — the
 * request's `ClientCaller` (routes/deps.ts), which the lifecycle services read as their meta.
 */
export { clientCallerOf as requestMeta } from '../../deps';
