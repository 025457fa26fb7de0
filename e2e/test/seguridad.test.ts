/**
 * Mi cuenta › Seguridad and the console's second-factor administration in Chromium (issue #16,
 * Spanish): a user enrols an authenticator app through the page with the manual key (the codes
 * computed here with otplib, as an app would), sees the recovery codes once, is warned at 3 or
 * fewer codes left, generates a new set and removes the app with the password; an admin ticks a
 * role's "Requiere verificación en dos pasos", is warned while the admin role does not require
 * it, and resets a user's factors from the user page with a reason — their session older than 10
 * minutes (moved back in the database), so "Confirme que es usted" asks for the password first and
 * the reset is then sent again. axe-core (WCAG 2.2 A/AA) finds no serious or critical violation
 * in the new dialogs. Any page or console error fails the test.
 */
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { axeFindings, formatFindings, type AxeFinding } from '../support/axe';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';

const EVA = { nombre: 'Eva Soto', password: 'Eva-Soto-Clave-2026', email: '' };

let server: RunningServer;
let browser: Browser;
let adminToken: string;
let evaId: number;

async function call<T>(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const nowCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** A page signed in with `token`, failing the test on any page or console error. */
async function pageWith(token: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true, // axe is injected as a script
    locale: 'es-ES',
    timezoneId: 'UTC',
  });
  await context.addInitScript((t) => {
    window.localStorage.setItem('locale', 'es');
    window.localStorage.setItem('auth.token', t);
  }, token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // The step-up refusal is an answer the page handles (a 403 the browser logs as a resource).
    if (m.type() === 'error' && !/status of 403/.test(m.text())) errors.push(m.text());
  });
  return { page, errors };
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_LOGIN: '1000' });
  browser = await launchBrowser();
  adminToken = (await call<{ token: string }>('POST', '/auth/login', null, ADMIN)).token;
  EVA.email = `eva.soto.${Date.now().toString(36)}@e2e.test`;
  // Self-registered, so her password is her own (an admin-set one must be changed first).
  const evaToken = await registerUser(server.url, EVA);
  evaId = (await call<{ user: { id: number } }>('GET', '/auth/me', evaToken)).user.id;
  await call('POST', '/roles', adminToken, { nombre: 'tesoreria', permisos: ['eventos:ver'] });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('enrols the authenticator app in Mi cuenta, warns at 3 codes, regenerates them and removes it', async () => {
  const token = (
    await call<{ token: string }>('POST', '/auth/login', null, {
      email: EVA.email,
      password: EVA.password,
    })
  ).token;
  const { page, errors } = await pageWith(token);
  const findings: AxeFinding[] = [];
  const check = async (where: string) => {
    // MUI's fades: colours mid-transition read as low contrast (a slower machine caught one).
    await page.waitForTimeout(400);
    findings.push(...(await axeFindings(page, where)));
  };
  await withScreenshot(page, 'seguridad-cuenta', async () => {
    await page.goto(`${server.url}/configuracion`);
    const section = page.getByRole('region', { name: 'Seguridad' });
    await section.getByText('No configurada').waitFor();

    await section.getByRole('button', { name: 'Configurar' }).click();
    let dialog = page.getByRole('dialog', { name: 'Configurar una aplicación de autenticación' });
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill(EVA.password);
    await check('Seguridad: Configurar (contraseña)');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    const key = dialog.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await key.waitFor();
    const secret = (await key.textContent())!.replace(/\s/g, '');
    await dialog.getByRole('img', { name: /Código QR/ }).waitFor();
    await check('Seguridad: Configurar (QR y clave)');
    await dialog.getByLabel(/^Código de la aplicación/).fill(await nowCode(secret));
    await dialog.getByRole('button', { name: 'Activar' }).click();

    dialog = page.getByRole('dialog', { name: 'Sus nuevos códigos de recuperación' });
    const items = dialog.getByRole('listitem');
    await items.first().waitFor();
    const codes = (await items.allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await check('Seguridad: códigos de recuperación');
    await dialog.getByRole('checkbox', { name: 'He guardado los códigos' }).check();
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await section.getByText('Le quedan 10 códigos de recuperación.').waitFor();
    expect(await section.getByText(/Le quedan pocos códigos/).count()).toBe(0);

    // Seven codes spent signing in elsewhere: 3 left, and the page warns.
    for (const codigo of codes.slice(0, 7)) {
      const step = await call<{ mfa: { token: string } }>('POST', '/auth/login', null, {
        email: EVA.email,
        password: EVA.password,
      });
      await call('POST', '/auth/login/mfa', null, { token: step.mfa.token, codigo });
    }
    await page.reload();
    await section.getByText('Le quedan 3 códigos de recuperación.').waitFor();
    await section.getByText(/Le quedan pocos códigos de recuperación/).waitFor();

    await section.getByRole('button', { name: 'Generar nuevos códigos' }).click();
    dialog = page.getByRole('dialog', { name: '¿Generar nuevos códigos de recuperación?' });
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill(EVA.password);
    await check('Seguridad: generar nuevos códigos');
    await dialog.getByRole('button', { name: 'Generar nuevos códigos' }).click();
    dialog = page.getByRole('dialog', { name: 'Sus nuevos códigos de recuperación' });
    await dialog.getByRole('listitem').first().waitFor();
    const fresh = (await dialog.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[9]);
    await dialog.getByRole('checkbox', { name: 'He guardado los códigos' }).check();
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await section.getByText('Le quedan 10 códigos de recuperación.').waitFor();

    await section.getByRole('button', { name: 'Eliminar la aplicación de autenticación' }).click();
    dialog = page.getByRole('dialog', { name: '¿Eliminar la aplicación de autenticación?' });
    await dialog.getByLabel('Contraseña', { exact: false }).first().fill(EVA.password);
    await check('Seguridad: eliminar la aplicación');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await section.getByText('No configurada').waitFor();
  });
  expect(formatFindings(findings)).toBe('');
  expect(errors).toEqual([]);
  await page.context().close();
}, 180_000);

it("ticks a role's requirement, warns the admin, and resets a user's factors after step-up", async () => {
  // Eva enrols again (through the api this time) so there is something to reset.
  const eva = (
    await call<{ token: string }>('POST', '/auth/login', null, {
      email: EVA.email,
      password: EVA.password,
    })
  ).token;
  const { secret } = await call<{ secret: string }>('POST', '/auth/mfa/totp', eva, {
    password: EVA.password,
  });
  await call('POST', '/auth/mfa/totp/activate', eva, { codigo: await nowCode(secret) });

  const { page, errors } = await pageWith(adminToken);
  const findings: AxeFinding[] = [];
  const check = async (where: string) => {
    // MUI's fades: colours mid-transition read as low contrast (a slower machine caught one).
    await page.waitForTimeout(400);
    findings.push(...(await axeFindings(page, where)));
  };
  await withScreenshot(page, 'seguridad-admin', async () => {
    // The e2e server switched the admin role's requirement off: every admin is warned.
    await page.goto(`${server.url}/configuracion/roles`);
    await page.getByText(/La verificación en dos pasos no es obligatoria para el rol admin/).waitFor();

    await page.getByRole('button', { name: 'Editar el rol tesoreria' }).click();
    let dialog = page.getByRole('dialog', { name: 'Editar el rol tesoreria' });
    await dialog.getByRole('checkbox', { name: 'Requiere verificación en dos pasos' }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const roles = await call<{ items: { nombre: string; mfaObligatorio?: boolean }[] }>(
      'GET',
      '/roles?pageSize=100',
      adminToken,
    );
    expect(roles.items.find((r) => r.nombre === 'tesoreria')?.mfaObligatorio).toBe(true);

    // The admin's session is now 11 minutes old with no re-authentication since: step-up.
    const db = new Database(server.dbPath, { timeout: 5000 });
    try {
      db.prepare(
        `update sesiones set creada_en = creada_en - 660000, reautenticado_en = null
           where usuario_id = (select id from usuarios where email = ?)`,
      ).run(ADMIN.email);
    } finally {
      db.close();
    }

    await page.goto(`${server.url}/configuracion/usuarios/${evaId}`);
    const mfa = page.getByRole('region', { name: 'Verificación en dos pasos' });
    await mfa.getByText(/^Aplicación de autenticación, activa desde/).waitFor();
    await mfa.getByText('10 códigos de recuperación sin usar').waitFor();
    await mfa.getByRole('button', { name: 'Restablecer verificación en dos pasos' }).click();
    dialog = page.getByRole('dialog', {
      name: `¿Restablecer la verificación en dos pasos de ${EVA.nombre}?`,
    });
    await dialog.getByLabel(/^Motivo/).fill('Perdió el móvil');
    await check('usuario: restablecer la verificación en dos pasos');
    await dialog.getByRole('button', { name: 'Restablecer' }).click();

    const ask = page.getByRole('dialog', { name: 'Confirme que es usted' });
    await ask.waitFor();
    await check('step-up: Confirme que es usted');
    await ask.getByLabel('Contraseña', { exact: false }).first().fill(ADMIN.password);
    await ask.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(`Verificación en dos pasos de ${EVA.nombre} restablecida`).waitFor();
    await mfa.getByText('No tiene ningún factor configurado.').waitFor();
  });
  // Eva's sessions ended with the reset.
  const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${eva}` } });
  expect(me.status).toBe(401);
  expect(formatFindings(findings)).toBe('');
  expect(errors).toEqual([]);
  await page.context().close();
}, 180_000);
