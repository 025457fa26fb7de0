/**
 * E-mail verification and e-mail change (issue #15, ASVS 6.3.8), and the mails' locale, on
 * SQLite and PostgreSQL with a real SMTP server. `verificacionEmail` needs a mailer; with it on,
 * registration answers the same for a new and a taken e-mail and opens no session; signing in
 * before verifying is 403 EMAIL_NO_VERIFICADO (only after the right password).
 */
import {
  ERROR_CODES,
  LIFECYCLE_PAGES,
  VERIFICACION_SIN_CORREO,
  type Configuracion,
  LIFECYCLE_MESSAGES,
} from '@gestion/shared';
import { createUser } from './admin-fixtures';
import {
  buildCicloWorld,
  linkToken,
  mailTo,
  median,
  post,
  type CicloWorld,
} from './ciclo-fixtures';
import {
  ADMIN,
  DATABASES,
  PASSWORD,
  bearer,
  buildTestApp,
  createTestDatabase,
  expectErrorShape,
  login,
  me,
  register,
  registerUser,
  uniqueEmail,
} from './helper';

describe('verificacionEmail without a mailer', () => {
  it('cannot be switched on: 400 with details field verificacionEmail', async () => {
    const db = await createTestDatabase('sqlite');
    const { app } = await buildTestApp(db);
    try {
      const admin = (await login(app, ADMIN.email, ADMIN.password)).json<{ token: string }>().token;
      const cfg = (
        await app.inject({ method: 'GET', url: '/api/configuracion', headers: bearer(admin) })
      ).json<Configuracion>();
      expect(cfg.verificacionEmail).toBe(false);
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/configuracion',
        headers: bearer(admin),
        payload: { verificacionEmail: true, version: cfg.version },
      });
      expect(expectErrorShape(res, 400, ERROR_CODES.validation).details).toEqual([
        { field: 'verificacionEmail', message: VERIFICACION_SIN_CORREO },
      ]);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});

describe.each(DATABASES)('e-mail verification and change on %s', (dialect) => {
  let w: CicloWorld;
  beforeAll(async () => {
    w = await buildCicloWorld(dialect);
  });
  afterAll(async () => {
    await w?.close();
  });

  const setVerificacion = async (on: boolean) => {
    const cfg = (
      await w.app.inject({ method: 'GET', url: '/api/configuracion', headers: bearer(w.admin) })
    ).json<Configuracion>();
    const res = await w.app.inject({
      method: 'PATCH',
      url: '/api/configuracion',
      headers: bearer(w.admin),
      payload: { verificacionEmail: on, version: cfg.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Configuracion>().verificacionEmail).toBe(on);
  };

  describe('with verificacionEmail on', () => {
    beforeAll(() => setVerificacion(true));
    afterAll(() => setVerificacion(false));

    it('answers a new and a taken e-mail alike (201, no session), mailing verify or email-taken', async () => {
      const nuevo = uniqueEmail('verifica');
      const { email: taken } = await createUser(w.app, w.admin); // registration is pending now
      const body = { password: 'Clave-De-Registro-2026', nombre: 'Nueva' };
      const a = await register(w.app, { ...body, email: nuevo });
      const b = await register(w.app, { ...body, email: taken });
      for (const res of [a, b]) {
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({
          message: LIFECYCLE_MESSAGES.registerPending,
          verificacionPendiente: true,
        });
      }
      expect((await mailTo(w.smtp, nuevo)).links[0]).toMatch(/\/verificar\?token=/);
      expect((await mailTo(w.smtp, taken)).subject).toMatch(/ya tiene una cuenta/i);
      // The taken account keeps its password.
      expect((await login(w.app, taken, PASSWORD)).statusCode).toBe(200);
    });

    it('takes comparable time for a new and a taken e-mail (medians, generous bound)', async () => {
      const { email: taken } = await createUser(w.app, w.admin);
      const time = async (email: string) => {
        const t0 = process.hrtime.bigint();
        await register(w.app, { email, password: 'Clave-De-Registro-2026', nombre: 'T' });
        return Number(process.hrtime.bigint() - t0) / 1e6;
      };
      const n: number[] = [];
      const t: number[] = [];
      for (let i = 0; i < 5; i++) {
        n.push(await time(uniqueEmail('tiempo-nuevo')));
        t.push(await time(taken));
      }
      expect(median(n)).toBeLessThan(median(t) * 5 + 20);
      expect(median(t)).toBeLessThan(median(n) * 5 + 20);
    });

    it('refuses sign-in before verifying (403 after the right password only), then verifies', async () => {
      const email = uniqueEmail('antes');
      const password = 'Clave-De-Registro-2026';
      await register(w.app, { email, password, nombre: 'Pendiente' });
      expectErrorShape(await login(w.app, email, 'incorrecta-123'), 401);
      const early = expectErrorShape(await login(w.app, email, password), 403);
      expect(early).toMatchObject({
        code: ERROR_CODES.emailNotVerified,
        message: 'Debe verificar su correo electrónico',
      });
      const token = await linkToken(w.smtp, email, LIFECYCLE_PAGES.verificar);
      expect((await post(w.app, '/api/auth/email/verify', { token })).statusCode).toBe(204);
      expectErrorShape(
        await post(w.app, '/api/auth/email/verify', { token }),
        400,
        ERROR_CODES.tokenInvalid,
      );
      expect((await login(w.app, email, password)).statusCode).toBe(200);
    });

    it('re-sends the link with the same 202 for any e-mail, and the old link stops working', async () => {
      const email = uniqueEmail('reenvio');
      await register(w.app, { email, password: 'Clave-De-Registro-2026', nombre: 'R' });
      const old = await linkToken(w.smtp, email, LIFECYCLE_PAGES.verificar);
      const after = w.smtp.messages.length;
      for (const e of [email, uniqueEmail('nadie'), ADMIN.email]) {
        const res = await post(w.app, '/api/auth/email/resend', { email: e });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: LIFECYCLE_MESSAGES.resendAccepted });
      }
      const fresh = await linkToken(w.smtp, email, LIFECYCLE_PAGES.verificar, after);
      expectErrorShape(
        await post(w.app, '/api/auth/email/verify', { token: old }),
        400,
        ERROR_CODES.tokenInvalid,
      );
      expect((await post(w.app, '/api/auth/email/verify', { token: fresh })).statusCode).toBe(204);
    });

    it('lets existing (pre-migration) and admin-created users sign in unverified-free', async () => {
      expect((await login(w.app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    });
  });

  it('with verificacionEmail off keeps the specification flow (token, user, message)', async () => {
    const res = await register(w.app, {
      email: uniqueEmail('spec'),
      password: PASSWORD,
      nombre: 'Spec',
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['message', 'token', 'user']);
  });

  describe('POST /api/auth/email and /api/auth/email/confirm', () => {
    it('mails the new address, applies it on confirm and tells the old one', async () => {
      const { email: old, token: session } = await registerUser(w.app, 'mover');
      const nuevo = uniqueEmail('movido');
      const res = await post(
        w.app,
        '/api/auth/email',
        { email: nuevo, password: PASSWORD },
        session,
      );
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: LIFECYCLE_MESSAGES.emailChangeAccepted });
      const token = await linkToken(w.smtp, nuevo, LIFECYCLE_PAGES.confirmarCorreo);
      expect((await post(w.app, '/api/auth/email/confirm', { token })).statusCode).toBe(204);
      await mailTo(w.smtp, old, (m) => m.text.includes(nuevo));
      expect((await login(w.app, nuevo, PASSWORD)).statusCode).toBe(200);
      expect((await login(w.app, old, PASSWORD)).statusCode).toBe(401);
      // The session that asked stays signed in.
      expect((await me(w.app, session)).json<{ user: { email: string } }>().user.email).toBe(nuevo);
      expectErrorShape(
        await post(w.app, '/api/auth/email/confirm', { token }),
        400,
        ERROR_CODES.tokenInvalid,
      );
    });

    it('refuses a wrong password (400 on `password`) and answers a taken address with 202', async () => {
      const { token: session } = await registerUser(w.app, 'mal');
      const wrong = await post(
        w.app,
        '/api/auth/email',
        { email: uniqueEmail('x'), password: 'incorrecta-123' },
        session,
      );
      expect(
        (expectErrorShape(wrong, 400, ERROR_CODES.validation).details as { field: string }[])[0]!
          .field,
      ).toBe('password');
      const { email: taken } = await registerUser(w.app, 'ocupada');
      const res = await post(
        w.app,
        '/api/auth/email',
        { email: taken, password: PASSWORD },
        session,
      );
      expect(res.statusCode).toBe(202);
      expect((await mailTo(w.smtp, taken)).subject).toMatch(/ya tiene una cuenta/i);
    });

    it('answers 409 when the address was taken between the request and the confirmation', async () => {
      const { token: session } = await registerUser(w.app, 'carrera');
      const nuevo = uniqueEmail('carrera-nueva');
      await post(w.app, '/api/auth/email', { email: nuevo, password: PASSWORD }, session);
      const token = await linkToken(w.smtp, nuevo, LIFECYCLE_PAGES.confirmarCorreo);
      await register(w.app, { email: nuevo, password: PASSWORD, nombre: 'Primera' });
      expectErrorShape(
        await post(w.app, '/api/auth/email/confirm', { token }),
        409,
        ERROR_CODES.emailTaken,
      );
    });
  });

  describe('the locale of mails and the new-device notice', () => {
    it('stores the locale of Accept-Language at registration and PATCH /api/auth/me', async () => {
      const email = uniqueEmail('ingles');
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'accept-language': 'en-GB,en;q=0.9,es;q=0.5' },
        payload: { email, password: PASSWORD, nombre: 'English' },
      });
      const { token, user } = res.json<{ token: string; user: { idioma?: string } }>();
      expect(user.idioma).toBe('en');
      await post(w.app, '/api/auth/password/forgot', { email });
      expect((await mailTo(w.smtp, email)).subject).toMatch(/Reset your password/);
      const back = await w.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: bearer(token),
        payload: { idioma: 'es' },
      });
      expect(back.statusCode).toBe(200);
      expect(back.json<{ user: object }>().user).not.toHaveProperty('idioma');
    });

    it('mails new-device on a sign-in from an unseen User-Agent, not on the first one', async () => {
      const { email } = await registerUser(w.app, 'dispositivo');
      const ua = (s: string) => ({ 'user-agent': s });
      expect((await login(w.app, email, PASSWORD, ua('Navegador-A'))).statusCode).toBe(200);
      expect((await login(w.app, email, PASSWORD, ua('Navegador-A'))).statusCode).toBe(200);
      await w.app.mail.deliverDue();
      expect(w.smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);
      expect((await login(w.app, email, PASSWORD, ua('Navegador-B'))).statusCode).toBe(200);
      const notice = await mailTo(w.smtp, email);
      expect(notice.subject).toMatch(/Nuevo inicio de sesión/);
      expect(notice.text).toContain('Navegador-B');
    });
  });
});
