/**
 * Reuse of the auth hot path's reads while the SQLite database is unchanged (issue #2 and #17
 * benchmarks: GET /api/auth/me ≥ 0.5× a bare Fastify route, with a session and with a token).
 *
 * The session and API-token lookups run one join per request on the read-only connection. On
 * the benchmark's machine that statement, with the CPU caches it evicts, was about 16 µs of a
 * 42 µs request. Most requests find the database exactly as the previous one did, so the rows
 * a lookup read can answer the next lookup of the same key — provided nothing was committed in
 * between, by this process or any other.
 *
 * SQLite says exactly that: `PRAGMA data_version` returns a different value on a connection
 * once any OTHER connection has committed to the database file (https://sqlite.org/pragma.html
 * #pragma_data_version). The reader is read-only, so it never commits itself: every commit —
 * a sign-out, a role change, a deactivation, the last-use slide, another process — is another
 * connection's, changes the value, and empties the memory before the next lookup. A lookup
 * therefore returns exactly what the query would return at that moment; nothing is served
 * that the database no longer says (DESIGN.md §3: a sign-out or a role change takes effect on
 * the very next request). Time-dependent checks (expiry, idle timeout) are made by the caller
 * on every request against the clock, as before.
 *
 * PostgreSQL has no such counter and is never wrapped; an in-memory SQLite database has a
 * single connection that does commit, so there the lookup is never wrapped either.
 */
import type SqliteDatabase from 'better-sqlite3';

/** Keys kept at most between two commits; past it the memory starts again (bounded heap). */
export const UNCHANGED_READS_MAX_KEYS = 10_000;

/**
 * Wraps `read(key)` — a synchronous read on the read-only connection `reader` — so that while
 * no connection has committed since a key was read, the same result is returned without the
 * query. Only non-empty results are kept: an unknown key (a mistyped or sprayed token) always
 * asks the database and never fills the memory. Returned arrays are shared between calls:
 * callers must not mutate them.
 * @throws Error when `reader` is not read-only (its own commits would go unseen).
 */
export function whileUnchanged<Row>(
  reader: SqliteDatabase.Database,
  read: (key: string) => Row[],
  maxKeys = UNCHANGED_READS_MAX_KEYS,
): (key: string) => Row[] {
  if (!reader.readonly) throw new Error('whileUnchanged needs the read-only connection');
  const dataVersion = reader.prepare<[], number>('pragma data_version').pluck();
  const kept = new Map<string, Row[]>();
  let version: number | undefined;
  return (key) => {
    const now = dataVersion.get();
    if (now !== version) {
      kept.clear();
      version = now;
    }
    const known = kept.get(key);
    if (known) return known;
    const rows = read(key);
    if (rows.length > 0) {
      if (kept.size >= maxKeys) kept.clear();
      kept.set(key, rows);
    }
    return rows;
  };
}
