/**
 * The mail outbox (issue #15): a service writes a mail with `enqueueMail` in the same
 * transaction as the change that causes it, so a rolled-back change sends nothing and a
 * committed one is never lost (not to a crash, not to an SMTP outage); the worker
 * (./worker.ts) delivers due rows. The functions below are the outbox's whole SQL.
 *
 * Claiming is a lease: a worker sets `bloqueado_hasta = now + leaseMs` on the rows it takes,
 * in one statement that on PostgreSQL skips rows another replica has locked
 * (`FOR UPDATE SKIP LOCKED`), so with several replicas each row goes to one worker. A worker
 * that dies holding a lease (kill -9) leaves the row `pendiente`; once the lease has expired any
 * worker takes it again. The one case of a mail sent twice is a worker killed after the SMTP
 * server accepted the mail and before it recorded that: no outbox can close that window.
 */
import type { EnvioCorreo } from '@gestion/shared';
import { sql, type Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { Dialect } from '../db/migrations/index';
import type { Db } from '../repositories/usuarios-repository';
import { renderMail } from './templates/render-mail';
import type { MailRequest } from './types';

/** Longest error text kept in `ultimo_error` (an SMTP reply can be long). */
const ERROR_MAX_LENGTH = 500;
/** Longest subject the table holds (`varchar(300)`). */
const SUBJECT_MAX_LENGTH = 300;

/**
 * The absolute link a mail carries: `APP_URL + path + '?token=' + encodeURIComponent(token)`.
 * Always from `APP_URL`, never from the request's Host header, which a client chooses (a
 * forged Host would send a victim's reset link to the attacker's site: OWASP Forgot Password
 * Cheat Sheet).
 * @param path a page of remote-auth starting with `/` (`LIFECYCLE_PAGES`).
 */
export function appLink(config: Pick<AppConfig, 'appUrl'>, path: string, token: string): string {
  return `${config.appUrl}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Renders `request` in the recipient's locale and writes it to the outbox as `pendiente`, due at
 * once. Call it with the transaction of the change that causes the mail: it is sent only if that
 * commits. After the commit, `app.mail.kick()` delivers it without waiting for the next poll.
 * @param now epoch ms for `creado_en` (pass the service's clock; default `Date.now()`).
 */
export async function enqueueMail(
  db: Db,
  request: MailRequest,
  now: number = Date.now(),
): Promise<void> {
  const mail = renderMail(request);
  await db
    .insertInto('correos')
    .values({
      destinatario: request.to,
      plantilla: request.template,
      asunto: mail.subject.slice(0, SUBJECT_MAX_LENGTH),
      cuerpo_html: mail.html,
      cuerpo_texto: mail.text,
      estado: 'pendiente',
      intentos: 0,
      proximo_intento: 0,
      creado_en: now,
    })
    .execute();
}

/** A row claimed for delivery. `lease` identifies this claim when its outcome is written. */
export interface ClaimedMail {
  id: number;
  destinatario: string;
  asunto: string;
  html: string;
  text: string;
  /** Attempts started, this one included. */
  intentos: number;
  /** The `bloqueado_hasta` this claim set. */
  lease: number;
}

/**
 * Claims up to `limit` due rows (`pendiente`, `proximo_intento <= now`, no live lease), oldest
 * first: sets their lease to `now + leaseMs` and counts the attempt. Two workers never claim one
 * row. On PostgreSQL the due rows are chosen with `FOR UPDATE SKIP LOCKED` in a transaction of
 * their own and then updated: rows another replica is claiming are skipped, not waited for.
 * (As one `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` the planner may
 * re-run the sub-select for every outer row — measured: one worker took all ten rows with a
 * limit of three.) On SQLite one statement does it: SQLite runs one writer at a time, and a
 * transaction that read first could not upgrade to a write while another process writes.
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedMail[]> {
  const lease = now + leaseMs;
  const due = (q: Db) =>
    q
      .selectFrom('correos')
      .select('id')
      .where('estado', '=', 'pendiente')
      .where('proximo_intento', '<=', now)
      .where((eb) => eb.or([eb('bloqueado_hasta', 'is', null), eb('bloqueado_hasta', '<=', now)]))
      .orderBy('proximo_intento')
      .orderBy('id')
      .limit(limit);
  const claim = (q: Db, ids: number[] | ReturnType<typeof due>) =>
    q
      .updateTable('correos')
      .set((eb) => ({ bloqueado_hasta: lease, intentos: eb('intentos', '+', 1) }))
      .where('id', 'in', ids)
      .returning(['id', 'destinatario', 'asunto', 'cuerpo_html', 'cuerpo_texto', 'intentos'])
      .execute();
  const rows =
    dialect === 'postgres'
      ? await db.transaction().execute(async (tx) => {
          const ids = (await due(tx).forUpdate().skipLocked().execute()).map((r) => r.id);
          return ids.length === 0 ? [] : claim(tx, ids);
        })
      : await claim(db, due(db));
  return rows
    .map((r) => ({
      id: r.id,
      destinatario: r.destinatario,
      asunto: r.asunto,
      html: r.cuerpo_html ?? '',
      text: r.cuerpo_texto ?? '',
      intentos: r.intentos,
      lease,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Records a delivery. The bodies are cleared: they carry single-use links (reset, invitation,
 * verification) that must not outlive their purpose in a table that backups, replicas and
 * support staff read; the subject stays for Ajustes › Correo. Only while this claim's lease is
 * the row's: a row reclaimed after an expired lease belongs to its new claimer.
 */
export async function markSent(db: Db, mail: ClaimedMail, now: number): Promise<void> {
  await db
    .updateTable('correos')
    .set({
      estado: 'enviado',
      enviado_en: now,
      bloqueado_hasta: null,
      ultimo_error: null,
      cuerpo_html: null,
      cuerpo_texto: null,
    })
    .where('id', '=', mail.id)
    .where('bloqueado_hasta', '=', mail.lease)
    .execute();
}

/**
 * Records a failed attempt: due again at `retryAt`, or `fallido` when `retryAt` is null (the last
 * attempt). A failed mail keeps no body either (see `markSent`).
 */
export async function markFailed(
  db: Db,
  mail: ClaimedMail,
  error: string,
  retryAt: number | null,
): Promise<void> {
  const ultimo_error = error.slice(0, ERROR_MAX_LENGTH);
  await db
    .updateTable('correos')
    .set(
      retryAt === null
        ? {
            estado: 'fallido',
            bloqueado_hasta: null,
            ultimo_error,
            cuerpo_html: null,
            cuerpo_texto: null,
          }
        : { proximo_intento: retryAt, bloqueado_hasta: null, ultimo_error },
    )
    .where('id', '=', mail.id)
    .where('bloqueado_hasta', '=', mail.lease)
    .execute();
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The `limit` most recent mails, newest first, for Ajustes › Correo. */
export async function listEnvios(db: Db, limit: number): Promise<EnvioCorreo[]> {
  const rows = await db
    .selectFrom('correos')
    .select([
      'id',
      'destinatario',
      'asunto',
      'estado',
      'intentos',
      'ultimo_error',
      'creado_en',
      'enviado_en',
    ])
    .orderBy('creado_en', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    destinatario: r.destinatario,
    asunto: r.asunto,
    estado: r.estado as EnvioCorreo['estado'],
    intentos: r.intentos,
    ultimoError: r.ultimo_error,
    creadoEn: iso(r.creado_en),
    enviadoEn: r.enviado_en === null ? null : iso(r.enviado_en),
  }));
}

/** Counts rows by estado (tests and diagnostics). */
export async function countByEstado(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('correos')
    .select(['estado', sql<number>`count(*)`.as('n')])
    .groupBy('estado')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.estado, Number(r.n)]));
}
