/**
 * Administration of personal API tokens (issue #17 "Admins list and revoke anyone's tokens") and
 * the expiry reminder, on every database of DATABASES. Listing or revoking another user's tokens
 * needs `usuarios:editar` and the delegation rules (issue #13 rule 2: only users the caller may
 * act on); `?todos=true` is the admin role's. The reminder goes once per token, a week before
 * expiry, through the outbox to a real SMTP server (support/smtp.ts).
 */
import type { ApiTokenCreado, ApiTokensPage } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { DATABASES } from './helper';
import { call, createUser, signIn, type AdminWorld } from './admin-fixtures';
import { buildCicloWorld, mailsOf, type CicloWorld } from './ciclo-fixtures';
import { withAdminWorld } from './support/admin-world';
import { sendApiTokenReminders } from '../src/services/api-tokens-reminder';

const DAY = 86_400_000;
type Method = 'GET' | 'POST' | 'DELETE';

describe.each(DATABASES)('administering API tokens on %s', (dialect) => {
  let w: AdminWorld;
  let app: FastifyInstance;
  let admin: string;
  let soporte: string;
  withAdminWorld(
    dialect,
    (x) => ({ w, app, admin } = x),
    async ({ app: a, admin: adm }) => {
      // Manages users holding at most `usuario`'s permissions (delegation rule 2).
      const role = await call(a, adm, {
        method: 'POST',
        url: '/api/roles',
        payload: {
          nombre: 'soporte',
          descripcion: 'Soporte',
          permisos: [
            'usuarios:ver',
            'usuarios:editar',
            'eventos:ver',
            'periodos:ver',
            'informes:ver',
          ],
        },
      });
      expect(role.statusCode).toBe(201);
      const u = await createUser(a, adm, { roles: ['soporte'] });
      soporte = (await signIn(a, u.email)).token;
    },
  );

  const req = (token: string, method: Method, url: string, payload?: object) =>
    call(app, token, { method, url, ...(payload ? { payload } : {}) });
  const mint = async (session: string, permisos: string[]) => {
    const expiraEn = new Date(w.clock.now() + 30 * DAY).toISOString();
    const res = await req(session, 'POST', '/api/tokens', { nombre: 'script', permisos, expiraEn });
    expect(res.statusCode).toBe(201);
    return res.json<ApiTokenCreado>();
  };
  const listOf = (session: string, usuarioId: number) =>
    req(session, 'GET', `/api/tokens?usuarioId=${usuarioId}`);

  it('lets an admin list and revoke anyone’s token, audited on the owner', async () => {
    const { token, apiToken } = await mint(w.tokens.gestor, ['eventos:ver']);
    const list = await listOf(admin, w.ids.gestor);
    expect(list.statusCode).toBe(200);
    expect(list.json<ApiTokensPage>().items.map((t) => t.id)).toContain(apiToken.id);
    expect((await req(admin, 'DELETE', `/api/tokens/${apiToken.id}`)).statusCode).toBe(204);
    expect((await req(token, 'GET', '/api/eventos')).statusCode).toBe(401);
    const audit = await app.db
      .selectFrom('auditoria')
      .select(['accion', 'objetivo_id', 'actor_id'])
      .where('accion', '=', 'tokens.revocado')
      .execute();
    expect(audit).toContainEqual({
      accion: 'tokens.revocado',
      objetivo_id: String(w.ids.gestor),
      actor_id: w.ids.admin,
    });
    expect((await listOf(admin, 999_999)).statusCode).toBe(404);
  });

  it('lists every token with its owner for the admin role only (?todos=true)', async () => {
    const { apiToken } = await mint(w.tokens.usuario, ['eventos:ver']);
    const res = await req(admin, 'GET', '/api/tokens?todos=true&pageSize=100');
    expect(res.statusCode).toBe(200);
    const item = res.json<ApiTokensPage>().items.find((t) => t.id === apiToken.id);
    expect(item?.usuario).toEqual({
      id: w.ids.usuario,
      nombre: expect.any(String),
      email: expect.any(String),
    });
    expect((await req(soporte, 'GET', '/api/tokens?todos=true')).statusCode).toBe(403);
    expect((await req(w.tokens.gestor, 'GET', '/api/tokens?todos=true')).statusCode).toBe(403);
  });

  it('holds a non-admin with usuarios:editar to the users they may act on', async () => {
    const onUsuario = await mint(w.tokens.usuario, ['eventos:ver']);
    const onGestor = await mint(w.tokens.gestor, ['eventos:crear']);
    const onAdmin = await mint(admin, ['auditoria:ver']);
    // A `usuario` holds nothing soporte lacks: listed and revoked.
    expect((await listOf(soporte, w.ids.usuario)).statusCode).toBe(200);
    expect((await req(soporte, 'DELETE', `/api/tokens/${onUsuario.apiToken.id}`)).statusCode).toBe(
      204,
    );
    // The gestor holds eventos:crear and more; the admin is an admin: refused, audited.
    for (const [id, tokenId] of [
      [w.ids.gestor, onGestor.apiToken.id],
      [w.ids.admin, onAdmin.apiToken.id],
    ] as const) {
      const list = await listOf(soporte, id);
      expect([list.statusCode, list.json().code]).toEqual([403, 'FORBIDDEN']);
      expect((await req(soporte, 'DELETE', `/api/tokens/${tokenId}`)).statusCode).toBe(403);
    }
    expect((await req(onGestor.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const refusals = await app.db
      .selectFrom('auditoria')
      .select('objetivo_id')
      .where('accion', '=', 'seguridad.escalada_rechazada')
      .where('objetivo_id', '=', String(w.ids.gestor))
      .execute();
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    // Without usuarios:editar, someone else's tokens are neither listed nor confirmed to exist.
    expect((await listOf(w.tokens.gestor, w.ids.usuario)).statusCode).toBe(403);
    expect(
      (await req(w.tokens.gestor, 'DELETE', `/api/tokens/${onAdmin.apiToken.id}`)).statusCode,
    ).toBe(404);
  });
});

describe.each(DATABASES)('the API token expiry reminder on %s', (dialect) => {
  let c: CicloWorld;
  beforeAll(async () => {
    c = await buildCicloWorld(dialect);
  });
  afterAll(() => c?.close());

  it('mails the owner once, a week before expiry, whatever the sweeps and replicas', async () => {
    const u = await createUser(c.app, c.admin, { roles: ['usuario'], nombre: 'Ana Pérez' });
    const session = (await signIn(c.app, u.email)).token;
    const make = async (nombre: string, days: number) => {
      const expiraEn = new Date(c.clock.now() + days * DAY).toISOString();
      const res = await call(c.app, session, {
        method: 'POST',
        url: '/api/tokens',
        payload: { nombre, permisos: ['eventos:ver'], expiraEn },
      });
      expect(res.statusCode).toBe(201);
    };
    await make('Copia nocturna', 3);
    await make('Informe semanal', 10);
    await make('Anual', 300);
    const sweep = () => sendApiTokenReminders({ db: c.app.db, now: c.clock.now() });

    // Two replicas sweeping at once: one reminder.
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a + b).toBe(1);
    expect(await sweep()).toBe(0);
    c.app.mail.kick();
    const mail = await c.smtp.waitFor((m) => m.to.includes(u.email.toLowerCase()));
    expect(mail.subject).toBe(
      'Su token de API «Copia nocturna» caduca pronto · Gestión de usuarios',
    );
    expect(mail.text).toContain('Hola, Ana Pérez:');
    expect(mail.text).toContain('Mi cuenta › Tokens');
    expect(mail.text).not.toContain('gdu_pat_');

    // Three days later the 10-day token is a week from expiry.
    c.clock.advance(3 * DAY);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    c.app.mail.kick();
    await c.smtp.waitFor((m) => m.subject.includes('«Informe semanal»'));
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsOf(c.smtp, u.email).map((m) => m.subject.split('«')[1]?.split('»')[0])).toEqual([
      'Copia nocturna',
      'Informe semanal',
    ]);
  });

  it('deletes tokens 30 days after they expired', async () => {
    const before = await c.app.db.selectFrom('api_tokens').select('id').execute();
    expect(before.length).toBeGreaterThan(0);
    c.clock.advance(400 * DAY);
    await sendApiTokenReminders({ db: c.app.db, now: c.clock.now() });
    expect(await c.app.db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
  });
});
