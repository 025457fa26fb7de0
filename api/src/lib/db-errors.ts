/**
 * Recognises "the database cannot be reached right now" (issue #7): such a failure is not the
 * request's fault nor a bug, so the api answers 503 with `Retry-After` and a Spanish message
 * instead of a 500, and recovers by itself when the database returns.
 */

/** Socket-level codes of Node (connect refused, reset, timed out, name not found…). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01–57P03
 * (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

/** Texts pg and pg-pool use for these failures (they carry no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
];

/** True when `err` says the database is unreachable or refusing work for now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code)) return true;
    // SQLite kept busy past busy_timeout by another process (e.g. a backup).
    if (code === 'SQLITE_BUSY') return true;
  }
  return typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m));
}

/** Seconds a client is told to wait (`Retry-After`) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
