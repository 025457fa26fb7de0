/**
 * The expiry reminder of personal API tokens (issue #17: "a mail reminds the owner a week before
 * expiry"). A periodic sweep, run by every replica (routes/api/tokens), reads the tokens whose
 * expiry falls within API_TOKEN_RECORDATORIO_DIAS and whose reminder is not sent; for each, one
 * transaction claims it with a conditional UPDATE (`recordatorio_enviado` 0 → 1) and, only when
 * that UPDATE changed the row, queues the mail in the outbox (api/src/mail/outbox.ts). So each
 * token is reminded once, across sweeps and replicas; a rolled-back claim queues nothing. The
 * sweep also deletes tokens expired more than API_TOKEN_RETENCION_MS ago.
 */
import { API_TOKEN_RECORDATORIO_DIAS } from '@gestion/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import {
  apiTokensToRemind,
  claimApiTokenReminder,
  deleteExpiredApiTokens,
} from '../repositories/api-tokens-repository';

const DAY_MS = 86_400_000;
/** Expired tokens stay listed (as expired) this long, then the sweep deletes them. */
export const API_TOKEN_RETENCION_MS = 30 * DAY_MS;
/** Most reminders one sweep queues (the next sweep takes the rest). */
const BATCH = 200;

/** `YYYY-MM-DD HH:mm UTC` of an epoch ms: the expiry as the mail states it. */
function fecha(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * One sweep at `now` (epoch ms): queues the due reminders and deletes long-expired tokens.
 * @returns how many reminders were queued (the caller kicks the mail worker when > 0).
 */
export async function sendApiTokenReminders(deps: {
  db: Kysely<Database>;
  now: number;
}): Promise<number> {
  const { db, now } = deps;
  const due = await apiTokensToRemind(db, now, now + API_TOKEN_RECORDATORIO_DIAS * DAY_MS, BATCH);
  let queued = 0;
  for (const t of due) {
    const sent = await db.transaction().execute(async (tx) => {
      if (!(await claimApiTokenReminder(tx, t.id))) return false;
      await enqueueMail(
        tx,
        {
          to: t.email,
          locale: t.idioma === 'en' ? 'en' : 'es',
          template: 'api-token-expiring',
          data: { nombre: t.usuario_nombre, token: t.nombre, fecha: fecha(t.expira_en) },
        },
        now,
      );
      return true;
    });
    if (sent) queued++;
  }
  await deleteExpiredApiTokens(db, now - API_TOKEN_RETENCION_MS);
  return queued;
}
