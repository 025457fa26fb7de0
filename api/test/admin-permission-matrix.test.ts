/**
 * The permission matrix of issue #4: every administration endpoint × admin, gestor, usuario and
 * anonymous → the expected status, generated from ONE table. Every endpoint checks its
 * permission on the server (DESIGN.md §4): 401 without a session, 403 without the permission.
 * Denied callers run first, so each admin call still finds the state it expects. The table is
 * data in permission-tables/admin.ts, shared with the cluster suite (issue #7).
 */
import { DATABASES } from './helper';
import { call, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';
import { ADMIN_TABLE, type AdminCtx } from './permission-tables/admin';
import { CALLERS } from './permission-tables/types';

describe.each(DATABASES)('permission matrix on %s', (dialect) => {
  let w: AdminWorld;
  let ctx: AdminCtx;

  withAdminWorld(
    dialect,
    (x) => (w = x.w),
    async (x) => {
      ctx = await ADMIN_TABLE.setup(x.app, x.admin);
    },
  );

  const cases = CALLERS.flatMap((caller) =>
    ADMIN_TABLE.rows.map((row) => ({
      caller,
      row,
      expected: caller === 'anonimo' ? 401 : row.expected[caller],
    })),
  );

  it.each(cases)('$row.name as $caller → $expected', async ({ caller, row, expected }) => {
    const token = caller === 'anonimo' ? undefined : w.tokens[caller];
    const res = await call(w.app, token, await row.request(ctx));
    expect({ status: res.statusCode, body: res.statusCode === expected ? '' : res.body }).toEqual({
      status: expected,
      body: '',
    });
  });
});
