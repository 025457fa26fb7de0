/**
 * Recorded provisioning cycles of Microsoft Entra ID and Okta (issue #17), replayed against the
 * running server on every database of DATABASES: api/test/fixtures/scim/*.json hold each
 * directory's request sequence as its documentation shows it (create, update, deactivate, group
 * membership changes; sources in each file), with `{{name}}` where an id our server assigned is
 * used later (`capture`). Every step must answer as the fixture expects; then the test checks
 * what the cycle did to the product: who is active, whose sessions died, which groups remain,
 * and that the audit names the connection.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listAudit } from '../src/repositories/auditoria-repository';
import { createUser, signIn } from './admin-fixtures';
import { DATABASES, me } from './helper';
import { withScimWorld, type ScimWorld } from './support/scim-world';

interface Step {
  name: string;
  request: { method: string; path: string; body?: unknown };
  capture?: Record<string, string>;
  expect: { status: number; body?: unknown; absent?: string[] };
}
interface Fixture {
  provider: string;
  headers: Record<string, string>;
  steps: Step[];
}

const load = (file: string) =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'scim', file), 'utf8')) as Fixture;

/** `v` with every `{{name}}` replaced by the captured id. */
function fill<T>(v: T, vars: Record<string, string>): T {
  if (typeof v === 'string')
    return v.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
      if (!(k in vars)) throw new Error(`nothing captured as ${k}`);
      return vars[k]!;
    }) as T;
  if (Array.isArray(v)) return v.map((x: unknown) => fill(x, vars)) as T;
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, vars)])) as T;
  return v;
}

/** `body` at a dotted path (`Resources.0.id`). */
function at(body: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], body);
}

/** Replays `fixture`; returns the captured ids. */
async function replay(s: ScimWorld, fixture: Fixture): Promise<Record<string, string>> {
  const vars: Record<string, string> = {};
  for (const step of fixture.steps) {
    const body = step.request.body === undefined ? undefined : fill(step.request.body, vars);
    const res = await fetch(s.base + fill(step.request.path, vars), {
      method: step.request.method,
      // The fixture's headers on every request, a DELETE's too (as the directories send them).
      headers: { ...fixture.headers, authorization: `Bearer ${s.token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : undefined) as Record<string, unknown> | undefined;
    // The step's name in the comparison says which step failed.
    expect({ step: step.name, status: res.status }).toEqual({
      step: step.name,
      status: step.expect.status,
    });
    if (res.status !== 204)
      expect(res.headers.get('content-type')).toBe('application/scim+json; charset=utf-8');
    if (step.expect.body !== undefined)
      expect({ step: step.name, body: json }).toMatchObject({
        step: step.name,
        body: fill(step.expect.body, vars),
      });
    for (const key of step.expect.absent ?? []) expect(json).not.toHaveProperty(key);
    for (const [name, dotted] of Object.entries(step.capture ?? {})) {
      const v = at(json, dotted);
      if (typeof v !== 'string') throw new Error(`${step.name}: no ${dotted} to capture`);
      vars[name] = v;
    }
  }
  return vars;
}

const activo = async (s: ScimWorld, email: string) =>
  (
    await s.w.app.db
      .selectFrom('usuarios')
      .select('activo')
      .where('email', '=', email)
      .executeTakeFirst()
  )?.activo;

describe.each(DATABASES)('recorded directory cycles on %s', (dialect) => {
  let s: ScimWorld;
  withScimWorld(dialect, (x) => (s = x));

  it('replays an Entra ID provisioning cycle', async () => {
    // Megan already has an account, signed in: Entra matches her by userName.
    const megan = await createUser(s.w.app, s.w.tokens.admin, {
      email: 'megan.bowen@contoso.com',
      nombre: 'Megan Bowen',
    });
    const session = await signIn(s.w.app, megan.email);
    const fixture = load('entra-id.json');
    const vars = await replay(s, fixture);
    expect(vars.megan).toBe(String(megan.id));
    // Deactivation took Megan's session at once; Adele was deleted; the group is gone.
    expect(await activo(s, 'megan.bowen@contoso.com')).toBe(0);
    expect((await me(s.w.app, session.token)).statusCode).toBe(401);
    expect(await activo(s, 'adele.vance@contoso.com')).toBeUndefined();
    const grupos = await s.w.app.db.selectFrom('grupos').select('id').execute();
    expect(grupos.map((g) => String(g.id))).not.toContain(vars.ventas);
    const audit = await listAudit(s.w.app.db, { actorEmail: 'scim:Directorio de prueba', limit: 100 });
    expect(new Set(audit.map((a) => a.accion))).toEqual(
      new Set([
        'usuarios.crear',
        'usuarios.editar',
        'usuarios.desactivar',
        'usuarios.eliminar',
        'grupos.crear',
        'grupos.editar',
        'grupos.miembros',
        'grupos.eliminar',
      ]),
    );
  });

  it('replays an Okta provisioning cycle', async () => {
    const vars = await replay(s, load('okta.json'));
    expect(await activo(s, 'isaac.brock@example.com')).toBe(0);
    const row = await s.w.app.db
      .selectFrom('usuarios')
      .select(['nombre', 'external_id', 'invitacion_pendiente'])
      .where('id', '=', Number(vars.isaac))
      .executeTakeFirstOrThrow();
    // Okta's password was not used: the user was invited instead.
    expect(row).toEqual({
      nombre: 'Isaac Brock Jr',
      external_id: '00ujl29u0le5T6Aj10h7',
      invitacion_pendiente: 1,
    });
  });
});
