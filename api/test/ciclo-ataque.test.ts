/**
 * Sign-in under attack (issue #15, OWASP ASVS 5.0 V6.3.1), on SQLite and PostgreSQL with a real
 * SMTP server: once the account has ACCOUNT_CEILING failures across addresses, the right
 * password from an address that has not failed gets `{verificacion: {token}}` and a six-digit
 * code by mail instead of a session; POST /api/auth/login/verify signs in with it; a wrong code
 * is 401 and counted, and the code is single use.
 */
import { ERROR_CODES, LIFECYCLE_TTL_MS, type LoginChallengeResponse } from '@gestion/shared';
import { ACCOUNT_CEILING, LOCKOUT_THRESHOLD } from '../src/lib/lockout-store';
import { LOGIN_CODE_TRIES } from '../src/services/sign-in-steps';
import { buildCicloWorld, mailTo, post, type CicloWorld } from './ciclo-fixtures';
import { DATABASES, PASSWORD, expectErrorShape, login, me, registerUser } from './helper';

describe.each(DATABASES)('sign-in under attack on %s', (dialect) => {
  let w: CicloWorld;
  beforeAll(async () => {
    // Each attacking address is its own `remoteAddress`, so trustProxy reads X-Forwarded-For.
    w = await buildCicloWorld(dialect, { trustProxy: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  /** ACCOUNT_CEILING wrong passwords, each address staying under its own lock threshold. */
  const attack = async (email: string) => {
    for (let i = 0; i < ACCOUNT_CEILING; i++) {
      const ip = `198.51.100.${Math.floor(i / (LOCKOUT_THRESHOLD - 1)) + 1}`;
      expect((await login(w.app, email, 'adivinanza-123', from(ip))).statusCode).toBe(401);
    }
  };
  const codeOf = async (email: string, after: number) => {
    const mail = await mailTo(w.smtp, email, (m) => /código|code/i.test(m.subject), after);
    const codigo = /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!codigo) throw new Error(`no code in: ${mail.text}`);
    return codigo;
  };
  const verify = (token: string, codigo: string) =>
    post(w.app, '/api/auth/login/verify', { token, codigo }, undefined, from('203.0.113.9'));

  it('challenges the right password from a clean address, then signs in with the mailed code', async () => {
    const { email } = await registerUser(w.app, 'atacada');
    await attack(email);
    const after = w.smtp.messages.length;
    const res = await login(w.app, email, PASSWORD, from('203.0.113.9'));
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginChallengeResponse>();
    expect(Object.keys(body)).toEqual(['verificacion']);
    expect(body.verificacion.token).toMatch(/^[\w-]{43}$/);
    const codigo = await codeOf(email, after);

    const wrong = codigo === '000000' ? '000001' : '000000';
    expectErrorShape(
      await verify(body.verificacion.token, wrong),
      401,
      ERROR_CODES.invalidCredentials,
    );
    const ok = await verify(body.verificacion.token, codigo);
    expect(ok.statusCode).toBe(200);
    const signed = ok.json<{ token: string; user: { email: string } }>();
    expect(signed.user.email).toBe(email);
    expect((await me(w.app, signed.token)).statusCode).toBe(200);
    // Single use.
    expectErrorShape(await verify(body.verificacion.token, codigo), 401);
    // A failing address still waits (429), as before issue #15.
    expect((await login(w.app, email, PASSWORD, from('198.51.100.1'))).statusCode).toBe(429);
  });

  it(`spends the code after ${LOGIN_CODE_TRIES} wrong tries and after 10 minutes`, async () => {
    const { email } = await registerUser(w.app, 'intentos');
    await attack(email);
    let after = w.smtp.messages.length;
    const first = (
      await login(w.app, email, PASSWORD, from('203.0.113.9'))
    ).json<LoginChallengeResponse>();
    let codigo = await codeOf(email, after);
    const wrong = codigo === '000000' ? '000001' : '000000';
    for (let i = 0; i < LOGIN_CODE_TRIES; i++)
      expect((await verify(first.verificacion.token, wrong)).statusCode).toBe(401);
    expect((await verify(first.verificacion.token, codigo)).statusCode).toBe(401);

    after = w.smtp.messages.length;
    const second = (
      await login(w.app, email, PASSWORD, from('203.0.113.9'))
    ).json<LoginChallengeResponse>();
    codigo = await codeOf(email, after);
    w.clock.advance(LIFECYCLE_TTL_MS.loginCode + 1);
    expect((await verify(second.verificacion.token, codigo)).statusCode).toBe(401);
  });

  it('signs in without a challenge below the ceiling', async () => {
    const { email } = await registerUser(w.app, 'tranquila');
    await login(w.app, email, 'adivinanza-123', from('198.51.100.200'));
    const res = await login(w.app, email, PASSWORD, from('203.0.113.10'));
    expect(Object.keys(res.json<object>()).sort()).toEqual(['token', 'user']);
  });
});
