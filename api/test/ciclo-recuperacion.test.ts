/**
 * Password recovery (issue #15, OWASP Forgot Password Cheat Sheet): forgot → mailed link →
 * reset, on SQLite and PostgreSQL with a real SMTP server. No enumeration (same status, body
 * and comparable time), single-use 30-minute tokens, a newer link voids the older, every
 * session revoked, the lock-out cleared, a notice mailed; and the admin-started reset under the
 * delegation rules.
 */
import {
  ADMIN_MESSAGES,
  ERROR_CODES,
  LIFECYCLE_PAGES,
  LIFECYCLE_TTL_MS,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import { LOCKOUT_THRESHOLD } from '../src/lib/lockout-store';
import { createUser, signIn } from './admin-fixtures';
import {
  buildCicloWorld,
  linkToken,
  mailsOf,
  median,
  post,
  type CicloWorld,
} from './ciclo-fixtures';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  bearer,
  expectErrorShape,
  login,
  me,
  registerUser,
  uniqueEmail,
} from './helper';

const NUEVA = 'Otra-Clave-Segura-2027';

describe.each(DATABASES)('password recovery on %s', (dialect) => {
  let w: CicloWorld;
  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  const forgot = (email: string) => post(w.app, '/api/auth/password/forgot', { email });
  const reset = (token: string, password = NUEVA) =>
    post(w.app, '/api/auth/password/reset', { token, password });
  const resetToken = async (email: string) => {
    const after = w.smtp.messages.length;
    expect((await forgot(email)).statusCode).toBe(202);
    return linkToken(w.smtp, email, LIFECYCLE_PAGES.restablecer, after);
  };

  it('answers 202 with the same body for a known, an unknown and an invalid e-mail', async () => {
    const { email } = await registerUser(w.app, 'olvido');
    const answers = await Promise.all(
      [email, uniqueEmail('nadie'), 'no-es-correo'].map((e) => forgot(e)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: LIFECYCLE_MESSAGES.forgotAccepted });
    }
    const mail = await w.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.links[0]).toMatch(
      /^https:\/\/gestion\.example\.org\/restablecer\?token=[\w-]{43}$/,
    );
  });

  it('takes comparable time for a known and an unknown e-mail (medians, generous bound)', async () => {
    const known: string[] = [];
    for (let i = 0; i < 5; i++) known.push((await registerUser(w.app, 'tiempo')).email);
    const time = async (email: string) => {
      const t0 = process.hrtime.bigint();
      await forgot(email);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 0; i < 5; i++) {
      k.push(await time(known[i]!));
      u.push(await time(uniqueEmail('nadie')));
    }
    // Both paths do database work in one transaction and no hashing; a factor of 5 plus 20 ms
    // of slack keeps a loaded CI machine from failing it while an order of magnitude would.
    expect(median(k)).toBeLessThan(median(u) * 5 + 20);
    expect(median(u)).toBeLessThan(median(k) * 5 + 20);
  });

  it('resets with the mailed link: 204, sessions revoked, the old password refused, a notice', async () => {
    const { email, token: session } = await registerUser(w.app, 'restablecer');
    const token = await resetToken(email);
    const res = await reset(token);
    expect(res.statusCode).toBe(204);
    expect((await me(w.app, session)).statusCode).toBe(401);
    expect((await login(w.app, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(w.app, email, NUEVA)).statusCode).toBe(200);
    await w.smtp.waitFor((m) => m.to.includes(email) && /contraseña ha cambiado/i.test(m.subject));
    const audit = await w.app.db
      .selectFrom('auditoria')
      .select('cambios')
      .where('accion', '=', 'auth.password_restablecida')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.cambios!)).toEqual({ sesionesRevocadas: 1 });
  });

  it('refuses a used, an expired, an unknown and an older token with 400 TOKEN_INVALIDO', async () => {
    const { email } = await registerUser(w.app, 'token');
    const used = await resetToken(email);
    expect((await reset(used)).statusCode).toBe(204);
    const again = expectErrorShape(await reset(used, 'Tercera-Clave-Segura-1'), 400);
    expect(again).toMatchObject({
      code: ERROR_CODES.tokenInvalid,
      message: LIFECYCLE_MESSAGES.tokenInvalid,
    });
    expectErrorShape(await reset('x'.repeat(43)), 400, ERROR_CODES.tokenInvalid);

    const older = await resetToken(email);
    const newer = await resetToken(email);
    expectErrorShape(await reset(older), 400, ERROR_CODES.tokenInvalid);

    w.clock.advance(LIFECYCLE_TTL_MS.reset + 1);
    expectErrorShape(await reset(newer), 400, ERROR_CODES.tokenInvalid);
  });

  it('keeps the token usable after a password the policy refuses (400 on `password`)', async () => {
    const { email } = await registerUser(w.app, 'politica');
    const token = await resetToken(email);
    const bad = expectErrorShape(await reset(token, 'corta'), 400, ERROR_CODES.validation);
    expect((bad.details as { field: string }[])[0]!.field).toBe('password');
    expect((await reset(token)).statusCode).toBe(204);
  });

  it('voids every reset link when the password is changed in Mi cuenta', async () => {
    const { email, token: session } = await registerUser(w.app, 'cambio');
    const token = await resetToken(email);
    const changed = await post(
      w.app,
      '/api/auth/password',
      { actual: PASSWORD, nueva: NUEVA },
      session,
    );
    expect(changed.statusCode).toBe(204);
    expectErrorShape(await reset(token, 'Tercera-Clave-Segura-1'), 400, ERROR_CODES.tokenInvalid);
  });

  it('clears the lock-out of the account', async () => {
    const { email } = await registerUser(w.app, 'bloqueo');
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await login(w.app, email, 'incorrecta-1234');
    expect((await login(w.app, email, PASSWORD)).statusCode).toBe(429);
    expect((await reset(await resetToken(email))).statusCode).toBe(204);
    expect((await login(w.app, email, NUEVA)).statusCode).toBe(200);
  });

  it('mails nothing beyond 3 links an hour, still answering 202', async () => {
    const { email } = await registerUser(w.app, 'limite');
    for (let i = 0; i < 5; i++) expect((await forgot(email)).statusCode).toBe(202);
    await w.smtp.waitFor(() => mailsOf(w.smtp, email).length >= 3);
    await w.app.mail.deliverDue();
    expect(mailsOf(w.smtp, email)).toHaveLength(3);
  });

  describe('POST /api/usuarios/:id/password-reset', () => {
    // A fresh session: the test clock moved past the idle timeout above.
    let admin: string;
    beforeAll(async () => {
      admin = (await signIn(w.app, ADMIN.email, ADMIN.password)).token;
    });

    it('mails the user the same link (202) and never shows a password', async () => {
      const u = await createUser(w.app, admin, { roles: ['usuario'] });
      const after = w.smtp.messages.length;
      const res = await post(w.app, `/api/usuarios/${u.id}/password-reset`, {}, admin);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: ADMIN_MESSAGES.resetSent });
      const token = await linkToken(w.smtp, u.email, LIFECYCLE_PAGES.restablecer, after);
      expect((await reset(token)).statusCode).toBe(204);
      expect((await login(w.app, u.email, NUEVA)).statusCode).toBe(200);
    });

    it('refuses a gestor resetting an admin (403, delegation) and a user without usuarios:editar', async () => {
      const g = await createUser(w.app, admin, { roles: ['gestor'] });
      const gestor = (await signIn(w.app, g.email)).token;
      const adminId = (await me(w.app, admin)).json<{ user: { id: number } }>().user.id;
      const refused = await post(w.app, `/api/usuarios/${adminId}/password-reset`, {}, gestor);
      expectErrorShape(refused, 403, ERROR_CODES.forbidden);
      expect(mailsOf(w.smtp, ADMIN.email).filter((m) => /restablecer/.test(m.text))).toEqual([]);
      const usuario = await registerUser(w.app, 'sinpermiso');
      const other = await createUser(w.app, admin, { roles: [] });
      expectErrorShape(
        await post(w.app, `/api/usuarios/${other.id}/password-reset`, {}, usuario.token),
        403,
      );
      expect(
        (
          await w.app.inject({
            method: 'POST',
            url: `/api/usuarios/999999/password-reset`,
            headers: bearer(admin),
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
