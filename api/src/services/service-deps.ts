/**
 * The one service style of the api (STYLE.md, issue #14): a service is a factory
 * `create<X>Service(deps)` over `ServiceDeps` — the database, its dialect, the clock and the audit
 * log — returning its use cases. Services know nothing of Fastify: a use case that acts for
 * someone takes a `Caller` (the signed-in user and the client's address), built by the route
 * from its request (`routes/deps.ts`). HTTP concerns (status codes of success, headers, streams
 * as replies) stay in the routes; refusals are `HttpError`s the error handler turns into the one
 * error shape (DESIGN.md §3).
 */
import type { Locale, User } from '@gestion/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Db, Dialect } from '../db/types';
import { insertAudit, type AuditEntry } from '../repositories/auditoria-repository';

/** Who a use case acts for, as the audit log records them. */
export interface Caller {
  /** The signed-in user with their effective roles; null for an anonymous request. */
  user: User | null;
  /** The client's address as Fastify resolved it (`TRUST_PROXY`). */
  ip: string;
  /**
   * The id of the personal API token the user acts through (issue #17); absent for a session.
   * The audit row then says so (`cambios.tokenApi`), so a script's writes are told apart from
   * the person's own.
   */
  apiToken?: number;
}

/** A `Caller` with a session: what every use case behind a permission check acts for. */
export interface SignedInCaller extends Caller {
  user: User;
}

/**
 * A `Caller` with what sign-in and registration also keep of the client: the User-Agent (the
 * session's device, the new-device notice) and the preferred supported locale of
 * Accept-Language (a new account's `idioma`).
 */
export interface ClientCaller extends Caller {
  userAgent: string | null;
  locale?: Locale;
}

/** What a use case says of an audit row; actor, IP and time come from the caller and the clock. */
export type AuditInput = Pick<AuditEntry, 'accion' | 'objetivoTipo' | 'objetivoId' | 'cambios'>;

/**
 * Records one audit row for `caller`. Pass the write's transaction as `db` so the row commits or
 * rolls back with the change; without it the row is written on the database at once.
 */
export type AuditRecorder = (caller: Caller, entry: AuditInput, db?: Db) => Promise<void>;

/** What every service is built from. */
export interface ServiceDeps {
  /** The app's Kysely instance; a use case opens its own transactions on it. */
  db: Kysely<Database>;
  /** Which database `db` is, for the few places the two differ (locks, full-text search). */
  dialect: Dialect;
  /** The app's clock, epoch ms (tests pass a fixed one). */
  now: () => number;
  /** The audit log. */
  audit: AuditRecorder;
}

/**
 * `cambios` of a write made through API token `apiToken`: the recorded changes (an object, or
 * `{valor}` for anything else) plus `tokenApi`, the token's id.
 */
export function withApiToken(cambios: unknown, apiToken: number): Record<string, unknown> {
  const base =
    cambios && typeof cambios === 'object' && !Array.isArray(cambios)
      ? (cambios as Record<string, unknown>)
      : cambios === undefined || cambios === null
        ? {}
        : { valor: cambios };
  return { ...base, tokenApi: apiToken };
}

/**
 * The `AuditRecorder` over `db`, stamping each row with `now()`; a write through a personal API
 * token carries the token's id in `cambios.tokenApi` (the actor stays its owner).
 */
export function auditRecorder(db: Kysely<Database>, now: () => number): AuditRecorder {
  return (caller, entry, tx) =>
    insertAudit(tx ?? db, {
      ...entry,
      ...(caller.apiToken === undefined
        ? {}
        : { cambios: withApiToken(entry.cambios, caller.apiToken) }),
      actorId: caller.user?.id ?? null,
      actorEmail: caller.user?.email ?? null,
      ip: caller.ip,
      at: now(),
    });
}

/**
 * `audit` bound to one caller: the `(entry, db)` form (`Auditor` of admin-common) that the
 * delegation guard's `auditingRefusals` and a use case's own writes call.
 */
export function auditorFor(audit: AuditRecorder, caller: Caller) {
  return (entry: AuditInput, db: Db): Promise<void> => audit(caller, entry, db);
}
