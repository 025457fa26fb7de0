/**
 * The shape every permission table shares (issues #4–#7): rows of endpoint × caller → expected
 * status, run by the api suites through Fastify's `inject` and by the cluster suite
 * (e2e/cluster/permission-matrix.test.ts) over real HTTP against the replicas. A row only talks
 * to the api through `Injector`, so the same row works in both places.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';

/** Who calls: no session, or a session of a user holding that seeded role. */
export type Caller = 'anonimo' | 'usuario' | 'gestor' | 'admin';
export const CALLERS: Caller[] = ['anonimo', 'usuario', 'gestor', 'admin'];

/** What a row reads from a response. */
export interface InjectResponse {
  statusCode: number;
  body: string;
  json<T = unknown>(): T;
}

/** Fastify's `inject`, or an HTTP client with the same shape (the cluster suite's). */
export interface Injector {
  inject(opts: InjectOptions): Promise<InjectResponse>;
}

/** One endpoint of a table: its request, and the status each signed-in caller gets. */
export interface TableRow<Ctx> {
  name: string;
  /** May create what it needs first (as the admin, through `ctx`). */
  request: (ctx: Ctx) => Promise<InjectOptions> | InjectOptions;
  /** Expected status per signed-in caller; anonymous is always 401. */
  expected: Record<Exclude<Caller, 'anonimo'>, number>;
}

/**
 * A permission table: rows plus the fixtures they need. Denied callers run before the admin in
 * every driver, so each admin call still finds the state it expects.
 */
export interface PermissionTable<Ctx = unknown> {
  /** E.g. "administración (issue #4)". */
  name: string;
  /** Creates the fixtures the rows use, as the admin, through the api only. */
  setup(app: Injector, adminToken: string): Promise<Ctx>;
  rows: TableRow<Ctx>[];
}

/** `Authorization` header for a token. */
export const bearer = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
});

/** `inject` with an optional bearer token. */
export function injectAs(app: Injector, token: string | undefined, opts: InjectOptions) {
  return app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(token ? bearer(token) : {}) },
  });
}

/** A unique e-mail per call, so tables sharing a database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.org`;
}

/**
 * Hides a table's context type so tables of different contexts fit in one list. Sound: a driver
 * only hands each row the context its own table's `setup` made.
 */
export function anyTable<Ctx>(table: PermissionTable<Ctx>): PermissionTable<unknown> {
  return table as unknown as PermissionTable<unknown>;
}
