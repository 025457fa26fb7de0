/**
 * The setup most api test files repeated (issue #14): one `AdminWorld` per database of the
 * `describe.each(DATABASES)` block — an app on a fresh database with the seeded admin, a gestor
 * and a usuario signed in (admin-fixtures.ts) — built before the block's tests and closed and
 * dropped after them.
 */
import type { FastifyInstance } from 'fastify';
import { buildAdminWorld, type AdminWorld } from '../admin-fixtures';
import type { DialectName } from '../helper';

/** What `withAdminWorld` hands over: the world, its app and the admin's token. */
export interface AdminWorldParts {
  w: AdminWorld;
  app: FastifyInstance;
  admin: string;
}

/**
 * Registers the `beforeAll`/`afterAll` of one `AdminWorld` on `dialect`, and gives it to `ready`
 * (in `beforeAll`, before any test of the block runs), typically `(x) => ({ w, app, admin } = x)`.
 * `then` runs right after in the same `beforeAll`, for a block's own setup over the world.
 */
export function withAdminWorld(
  dialect: DialectName,
  ready: (parts: AdminWorldParts) => void,
  then?: (parts: AdminWorldParts) => Promise<void>,
): void {
  let world: AdminWorld | undefined;
  beforeAll(async () => {
    world = await buildAdminWorld(dialect);
    const parts = { w: world, app: world.app, admin: world.tokens.admin };
    ready(parts);
    await then?.(parts);
  });
  afterAll(async () => {
    await world?.app.close();
    await world?.db.drop();
  });
}
