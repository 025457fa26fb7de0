/**
 * TOTP and recovery codes (issue #16), on SQLite and PostgreSQL: enrolment, the two-step sign-in
 * with codes computed by otplib at moved clocks (T−1, T, T+1 accepted, T+2 refused), a step
 * accepted once per user — also when two requests race —, recovery codes single use and dead
 * after regeneration, removal, and the secret encrypted at rest.
 */
import { MFA_LIMITS } from '@gestion/shared';
import { ADMIN, DATABASES, expectErrorShape, login } from './helper';
import { mailsOf, post, type CicloWorld, buildCicloWorld } from './ciclo-fixtures';
import { codeAt, loginMfa, meWith, secondStep, userWithTotp } from './mfa-fixtures';

describe.each(DATABASES)('second factor: TOTP and recovery codes (%s)', (dialect) => {
  let w: CicloWorld;
  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(() => w.close());

  it('enrols: secret and otpauth URL, pending until the first code, then 10 recovery codes', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    expect(u.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(u.codigos).toHaveLength(MFA_LIMITS.recoveryCodes);
    expect(new Set(u.codigos).size).toBe(10);
    for (const c of u.codigos) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const estado = await w.app.inject({
      method: 'GET',
      url: '/api/auth/mfa',
      headers: { authorization: `Bearer ${u.session}` },
    });
    expect(estado.json()).toMatchObject({
      metodos: ['totp'],
      totp: { activo: true, pendiente: false },
      codigosRecuperacionRestantes: 10,
      obligatorio: false,
    });
    // At rest the secret is AES-256-GCM ciphertext, never the base32 text.
    const row = await w.app.db
      .selectFrom('mfa_totp')
      .select('secreto')
      .where('usuario_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.secreto).toMatch(/^v1\./);
    expect(row.secreto).not.toContain(u.secret);
    // Audited, and the user told.
    const audit = await w.app.db
      .selectFrom('auditoria')
      .select('accion')
      .where('objetivo_id', '=', String(u.id))
      .execute();
    expect(audit.map((a) => a.accion)).toContain('mfa.totp_activado');
    await w.smtp.waitFor((m) => m.to.includes(u.email) && /dos pasos/.test(m.subject));
  });

  it('asks for the second step and accepts T−1, T and T+1, refusing T+2', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    w.clock.advance(90_000); // the activation spent its step; these are newer
    const t = w.clock.now();

    const first = await secondStep(w.app, u.email);
    expect(first.metodos).toEqual(['totp', 'recuperacion']);
    expect(await meWith(w.app, first.token).then((r) => r.statusCode)).toBe(401);
    const before = await loginMfa(w.app, first.token, await codeAt(u.secret, t - 30_000));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ token: expect.any(String), user: { email: u.email } });
    expect((await meWith(w.app, before.json<{ token: string }>().token)).statusCode).toBe(200);

    const now = await secondStep(w.app, u.email);
    expect((await loginMfa(w.app, now.token, await codeAt(u.secret, t))).statusCode).toBe(200);
    const after = await secondStep(w.app, u.email);
    expect(
      (await loginMfa(w.app, after.token, await codeAt(u.secret, t + 30_000))).statusCode,
    ).toBe(200);

    w.clock.advance(10 * 30_000);
    const far = await secondStep(w.app, u.email);
    const t2 = w.clock.now();
    expectErrorShape(
      await loginMfa(w.app, far.token, await codeAt(u.secret, t2 + 60_000)),
      401,
      'INVALID_CREDENTIALS',
    );
    expectErrorShape(
      await loginMfa(w.app, far.token, await codeAt(u.secret, t2 - 60_000)),
      401,
      'INVALID_CREDENTIALS',
    );
    // The token survives wrong codes (up to 5) and the right one still signs in.
    expect((await loginMfa(w.app, far.token, await codeAt(u.secret, t2))).statusCode).toBe(200);
  });

  it('accepts a time step once per user: a replay is refused, also when two requests race', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    w.clock.advance(60_000);
    const code = await codeAt(u.secret, w.clock.now());
    const a = await secondStep(w.app, u.email);
    expect((await loginMfa(w.app, a.token, code)).statusCode).toBe(200);
    const b = await secondStep(w.app, u.email);
    expectErrorShape(await loginMfa(w.app, b.token, code), 401, 'INVALID_CREDENTIALS');

    w.clock.advance(60_000);
    const raced = await codeAt(u.secret, w.clock.now());
    // Two sign-ins, each with its own second-step token, complete with the same code at once.
    const [s1, s2] = [await secondStep(w.app, u.email), await secondStep(w.app, u.email)];
    const results = await Promise.all([
      loginMfa(w.app, s1.token, raced),
      loginMfa(w.app, s2.token, raced),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes recovery codes once each, counts what is left, and kills the old set on regeneration', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    const [c1, c2] = u.codigos as [string, string];
    const s = await secondStep(w.app, u.email);
    expect((await loginMfa(w.app, s.token, c1.toUpperCase())).statusCode).toBe(200);
    const used = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'mfa.codigo_recuperacion_usado')
      .where('objetivo_id', '=', String(u.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(used.cambios!)).toEqual({ restantes: 9 });
    const again = await secondStep(w.app, u.email);
    expectErrorShape(await loginMfa(w.app, again.token, c1), 401, 'INVALID_CREDENTIALS');

    const regen = await post(
      w.app,
      '/api/auth/mfa/recovery-codes',
      { password: 'mala' },
      u.session,
    );
    expectErrorShape(regen, 400, 'VALIDATION_ERROR');
    const ok = await post(
      w.app,
      '/api/auth/mfa/recovery-codes',
      { password: 'Clave-Muy-Segura-2026' },
      u.session,
    );
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json<{ codigosRecuperacion: string[] }>().codigosRecuperacion;
    expect(fresh).toHaveLength(10);
    const old = await secondStep(w.app, u.email);
    expectErrorShape(await loginMfa(w.app, old.token, c2), 401, 'INVALID_CREDENTIALS');
    expect((await loginMfa(w.app, old.token, fresh[0]!)).statusCode).toBe(200);
  });

  it('removes TOTP with the password: the next sign-in has one step, other sessions end, the user is told', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    w.clock.advance(60_000);
    const s = await secondStep(w.app, u.email);
    const other = await loginMfa(w.app, s.token, await codeAt(u.secret, w.clock.now()));
    const otherToken = other.json<{ token: string }>().token;
    const before = mailsOf(w.smtp, u.email).length;
    const del = await w.app.inject({
      method: 'DELETE',
      url: '/api/auth/mfa/totp',
      headers: { authorization: `Bearer ${u.session}` },
      payload: { password: 'Clave-Muy-Segura-2026' },
    });
    expect(del.statusCode).toBe(204);
    expect((await meWith(w.app, otherToken)).statusCode).toBe(401);
    expect((await meWith(w.app, u.session)).statusCode).toBe(200);
    const res = await login(w.app, u.email, 'Clave-Muy-Segura-2026');
    expect(res.json()).toMatchObject({ token: expect.any(String) });
    await w.smtp.waitFor((m) => m.to.includes(u.email) && /eliminado/.test(m.text));
    expect(mailsOf(w.smtp, u.email).length).toBeGreaterThan(before);
  });

  it('refuses a second enrolment while one is active, and activation without a pending one', async () => {
    const u = await userWithTotp(w.app, w.admin, w.clock.now());
    expectErrorShape(
      await post(w.app, '/api/auth/mfa/totp', { password: 'Clave-Muy-Segura-2026' }, u.session),
      409,
      'TOTP_YA_ACTIVO',
    );
    expectErrorShape(
      await post(w.app, '/api/auth/mfa/totp/activate', { codigo: '123456' }, u.session),
      409,
      'TOTP_NO_PENDIENTE',
    );
  });

  it('leaves a user without a factor signing in with the password alone', async () => {
    const res = await login(w.app, ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { email: ADMIN.email } });
  });
});
