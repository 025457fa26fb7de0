/**
 * Real tokens for the account lifecycle pages (issue #15), obtained the way a user gets them: the
 * api mails them to the test SMTP server (api/test/support/smtp.ts) and the link is read from the
 * message. Used by the browser tests that open every page (interaction smoke, axe, 390 px) so the
 * pages are seen in the state a mailed link puts them in, not only as "invalid link".
 *
 * /verificar and /confirmar-correo spend their token on arrival: call `lifecycleLinks` once per
 * visit of those pages (each call makes new users, suffixed by `tag`).
 */
import type { ReceivedMail, TestSmtp } from '../../api/test/support/smtp';

/** Paths with their `?token=` query, relative to the server (the mail's host is not used). */
export interface LifecycleLinks {
  /** /restablecer?token=… — a password reset link (form state until submitted). */
  restablecer: string;
  /** /invitacion?token=… — an invitation (form state until submitted). */
  invitacion: string;
  /** /verificar?token=… — a registration's verification link (spent on arrival). */
  verificar: string;
  /** /confirmar-correo?token=… — an e-mail change's confirmation (spent on arrival). */
  confirmarCorreo: string;
  /** A session token of a user with a temporary password, kept on /cambiar-password. */
  temporalToken: string;
}

interface Ctx {
  url: string;
  smtp: TestSmtp;
  adminToken: string;
}

async function call<T>(ctx: Ctx, method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${ctx.url}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** The path and query of the newest link to `page` mailed to `to`. */
async function mailedLink(smtp: TestSmtp, to: string, page: string): Promise<string> {
  const has = (m: ReceivedMail) =>
    m.to.includes(to) && m.links.some((l) => l.includes(`${page}?token=`));
  await smtp.waitFor(has, 15_000);
  const link = smtp.messages
    .filter(has)
    .at(-1)!
    .links.find((l) => l.includes(`${page}?token=`))!;
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

/** Turns the registration's e-mail verification on or off (Ajustes, with its version). */
async function setVerification(ctx: Ctx, on: boolean): Promise<void> {
  const current = await call<{ version: number }>(
    ctx,
    'GET',
    '/configuracion',
    undefined,
    ctx.adminToken,
  );
  await call(
    ctx,
    'PATCH',
    '/configuracion',
    { verificacionEmail: on, version: current.version },
    ctx.adminToken,
  );
}

/**
 * One fresh link of each kind, with users named after `tag` (a-z0-9). The server must run with
 * `SMTP_URL` pointing at `smtp`. Leaves e-mail verification off, as it found it.
 */
export async function lifecycleLinks(
  url: string,
  smtp: TestSmtp,
  adminToken: string,
  tag: string,
): Promise<LifecycleLinks> {
  const ctx = { url, smtp, adminToken };
  const mail = (who: string) => `${who}-${tag}@e2e.test`;
  const password = 'Ciclo-Clave-2026';

  // A reset link for a registered user.
  await call(ctx, 'POST', '/auth/register', {
    email: mail('olvido'),
    password,
    nombre: 'Olga Olvido',
  });
  await call(ctx, 'POST', '/auth/password/forgot', { email: mail('olvido') });
  // An e-mail change, confirmed from the new address.
  const { token: own } = await call<{ token: string }>(ctx, 'POST', '/auth/login', {
    email: mail('olvido'),
    password,
  });
  await call(ctx, 'POST', '/auth/email', { email: mail('nueva'), password }, own);
  // An invitation (no password given) and a temporary password.
  await call(
    ctx,
    'POST',
    '/usuarios',
    { email: mail('invitada'), nombre: 'Inés Invitada', roles: ['usuario'] },
    adminToken,
  );
  const temporal = await call<{ passwordTemporal: string }>(
    ctx,
    'POST',
    '/usuarios',
    {
      email: mail('temporal'),
      nombre: 'Tomás Temporal',
      generarPassword: true,
      roles: ['usuario'],
    },
    adminToken,
  );
  const { token: temporalToken } = await call<{ token: string }>(ctx, 'POST', '/auth/login', {
    email: mail('temporal'),
    password: temporal.passwordTemporal,
  });
  // A registration while verification is on.
  await setVerification(ctx, true);
  try {
    await call(ctx, 'POST', '/auth/register', {
      email: mail('verifica'),
      password,
      nombre: 'Vera Verifica',
    });
  } finally {
    await setVerification(ctx, false);
  }
  return {
    restablecer: await mailedLink(smtp, mail('olvido'), '/restablecer'),
    invitacion: await mailedLink(smtp, mail('invitada'), '/invitacion'),
    verificar: await mailedLink(smtp, mail('verifica'), '/verificar'),
    confirmarCorreo: await mailedLink(smtp, mail('nueva'), '/confirmar-correo'),
    temporalToken,
  };
}
