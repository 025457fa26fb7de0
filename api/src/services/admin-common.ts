/**
 * Helpers every administration service shares (issue #4, #13), defined once (STYLE.md): the
 * audit callback, the common 409s, and the `{antes, despues}` diff of the audit log.
 */
import { ADMIN_MESSAGES, API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import { HttpError } from '../lib/http-errors';
import type { AuditInput } from './service-deps';
import type { Db } from '../db/types';

/** Records one audit row for the current request, inside `db` (a transaction, or the database). */
export type Auditor = (entry: AuditInput, db: Db) => Promise<void>;

/** 409 VERSION_CONFLICT (DESIGN.md §3: two editors never silently overwrite each other). */
export function versionConflict(): HttpError {
  return new HttpError(409, ERROR_CODES.versionConflict, API_MESSAGES.versionConflict);
}

/** 409 CONFLICT with a Spanish reason. */
export function conflict(message: string): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, message);
}

/** 409 EMAIL_TAKEN. */
export function emailTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.emailTaken, API_MESSAGES.emailTaken);
}

/** 409 CONFLICT: the last active admin cannot be deactivated, deleted or lose `admin`. */
export function lastAdmin(): HttpError {
  return conflict(ADMIN_MESSAGES.lastAdmin);
}

/** True for a foreign-key violation from SQLite or PostgreSQL. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Only the fields whose value changed, as `{antes, despues}` for the audit log. */
export function diff<T extends object>(antes: T, despues: Partial<T>) {
  const a: Record<string, unknown> = {};
  const d: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(despues)) {
    const before = (antes as Record<string, unknown>)[k];
    if (v !== undefined && JSON.stringify(before) !== JSON.stringify(v)) {
      a[k] = before;
      d[k] = v;
    }
  }
  return { antes: a, despues: d };
}
