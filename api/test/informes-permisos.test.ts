/**
 * The permission matrix of /api/filtrado and /api/informes (issue #6): every endpoint × admin,
 * gestor, usuario and anonymous, from the table in permission-tables/informes.ts (also run
 * against the replicas by the cluster suite, issue #7).
 */
import { DATABASES } from './helper';
import { call, type AdminWorld } from './admin-fixtures';
import { withAdminWorld } from './support/admin-world';
import { INFORMES_TABLE } from './permission-tables/informes';
import { CALLERS } from './permission-tables/types';

describe.each(DATABASES)('filtrado and informes permissions on %s', (dialect) => {
  let w: AdminWorld;
  let ctx: Awaited<ReturnType<typeof INFORMES_TABLE.setup>>;

  withAdminWorld(
    dialect,
    (x) => (w = x.w),
    async (x) => {
      ctx = await INFORMES_TABLE.setup(x.app, x.admin);
    },
  );

  const cases = CALLERS.flatMap((caller) =>
    INFORMES_TABLE.rows.map((row) => ({
      caller,
      row,
      expected: caller === 'anonimo' ? 401 : row.expected[caller],
    })),
  );

  it("refuses a gestor everything over usuarios and the admin's reports, and lets a usuario only read", () => {
    // 3 over usuarios + editing and deleting a report of someone else (issue #13).
    expect(cases.filter((c) => c.caller === 'gestor' && c.expected === 403)).toHaveLength(5);
    expect(
      cases.filter((c) => c.caller === 'usuario' && c.expected < 300).map((c) => c.row.name),
    ).toEqual([
      'GET /api/informes',
      'GET /api/informes/:id',
      'GET /api/informes/:id/resultado (eventos)',
    ]);
  });

  it.each(cases)('$row.name as $caller → $expected', async ({ caller, row, expected }) => {
    const token = caller === 'anonimo' ? undefined : w.tokens[caller];
    const res = await call(w.app, token, await row.request(ctx));
    expect({ status: res.statusCode, body: res.statusCode === expected ? '' : res.body }).toEqual({
      status: expected,
      body: '',
    });
  });
});
