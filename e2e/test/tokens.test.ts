/**
 * Issue #17's tokens in Chromium, as an administrator uses them:
 * - Mi cuenta › Tokens: creates a personal API token carrying one permission (the expiry select
 *   opened first), sees it once with the warning, copies it (the clipboard holds exactly the
 *   secret), and the token then works from outside the browser — GET /api/auth/me answers 200,
 *   a route outside its permission 403 — until it is revoked through its confirmation (401).
 * - Ajustes › Aprovisionamiento: the SCIM base URL copied; a connection token created, shown
 *   once and copied, which a directory can use on /scim/v2/ServiceProviderConfig until revoked.
 * - The user page: another user's token listed under "Tokens de API" and revoked after the
 *   confirmation; the owner's script is refused at once.
 * axe (WCAG 2.2 AA) checks the user page's section and its confirmation, and the shown-once
 * dialog; Mi cuenta's and Ajustes' are in accessibility.test.ts. Any page or console error fails.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeFindings, formatFindings } from '../support/axe';
import { launchBrowser, withScreenshot } from '../support/browser';
import { interactionsOn, type Interactions } from '../support/interactions';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ui: Interactions;
/** Bruno, a registered user with a token of his own (the user page's case). */
let brunoId: number;
let brunoToken: string;

const BRUNO = { email: 'bruno@e2e.test', password: 'Bruno-Clave-2026', nombre: 'Bruno Díaz' };
const DAY = 86_400_000;

jest.setTimeout(180_000);

/** The status of GET `path` with `token` as the bearer. */
async function call(token: string, path: string): Promise<number> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const session = await registerUser(server.url, BRUNO);
  const me = await fetch(`${server.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${session}` },
  });
  brunoId = ((await me.json()) as { user: { id: number } }).user.id;
  // Bruno makes a token for his script through the api, as a person with a session does.
  const created = await fetch(`${server.url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({
      nombre: 'Script de Bruno',
      permisos: ['eventos:ver'],
      expiraEn: new Date(Date.now() + 30 * DAY).toISOString(),
    }),
  });
  if (created.status !== 201) throw new Error(`Bruno's token: ${created.status} ${await created.text()}`);
  brunoToken = ((await created.json()) as { token: string }).token;

  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES',
    timezoneId: 'UTC',
    // "Copiar" writes to the clipboard, and the test reads it back.
    permissions: ['clipboard-read', 'clipboard-write'],
    // axe is injected as an inline script, which the product's CSP refuses.
    bypassCSP: true,
  });
  page = await context.newPage();
  ui = interactionsOn(page);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}, 90_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

/** The shown-once dialog: its secret, after checking the warning and copying it. */
async function readShownOnce(title: string, prefix: string): Promise<string> {
  const shown = page.getByRole('dialog', { name: title });
  await shown.waitFor();
  await shown.getByText('no se volverá a mostrar', { exact: false }).waitFor();
  const secret = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(secret.startsWith(prefix)).toBe(true);
  await shown.getByRole('button', { name: 'Copiar' }).click();
  await shown.getByRole('button', { name: 'Copiado' }).waitFor();
  expect(await clipboard()).toBe(secret);
  return secret;
}

/** Clicks `open`, checks the confirmation says `message`, and confirms with `confirm`. */
async function confirmIn(open: Locator, title: string, message: RegExp, confirm: string) {
  await open.click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(message).waitFor();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

it('Mi cuenta › Tokens: a token made, seen once, copied, used within its permissions, revoked', async () => {
  await withScreenshot(page, 'tokens-mi-cuenta', async () => {
    await page.goto(`${server.url}/configuracion`);
    const section = page.getByRole('region', { name: 'Tokens', exact: true });
    await section.getByText('Todavía no tiene ningún token de API.').waitFor();
    await ui.expectHealthy('Mi cuenta › Tokens');

    // The dialog with its expiry select opened and closed, then the real creation.
    await ui.exerciseDialog('Mi cuenta › Tokens, Crear token', () =>
      section.getByRole('button', { name: 'Crear token' }).click(),
    );
    await section.getByRole('button', { name: 'Crear token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear token de API' });
    await dialog.getByRole('textbox', { name: /Nombre/ }).fill('Script de informes');
    await dialog.getByRole('checkbox', { name: 'Ver eventos (eventos:ver)' }).check();
    await dialog.getByRole('combobox', { name: 'Caduca en' }).click();
    await page.getByRole('option', { name: '7 días' }).click();
    await dialog.getByRole('button', { name: 'Crear', exact: true }).click();

    const secret = await readShownOnce('Token «Script de informes» creado', 'gdu_pat_');
    const shown = page.getByRole('dialog', { name: 'Token «Script de informes» creado' });
    const findings = await axeFindings(page, 'Mi cuenta › Tokens: the token shown once');
    expect(findings.length ? formatFindings(findings) : '').toBe('');
    await shown.getByRole('button', { name: 'Hecho' }).click();
    await shown.waitFor({ state: 'hidden' });
    // Nowhere on the page any more.
    expect(await page.content()).not.toContain(secret);

    const list = section.getByRole('list', { name: 'Sus tokens de API' });
    const item = list.getByRole('listitem').filter({ hasText: 'Script de informes' });
    await item.getByText('Permisos: Ver eventos').waitFor();
    await item.getByText(/Último uso: nunca/).waitFor();

    // From a script: within its permission, outside it, and never as the admin it belongs to.
    expect(await call(secret, '/api/auth/me')).toBe(200);
    expect(await call(secret, '/api/eventos')).toBe(200);
    expect(await call(secret, '/api/usuarios')).toBe(403);

    await confirmIn(
      section.getByRole('button', { name: 'Revocar Script de informes' }),
      '¿Revocar el token?',
      /dejará de poder llamar a la API/,
      'Revocar',
    );
    await page.getByText('Token «Script de informes» revocado').waitFor();
    await section.getByText('Todavía no tiene ningún token de API.').waitFor();
    expect(await call(secret, '/api/auth/me')).toBe(401);
    await ui.expectHealthy('Mi cuenta › Tokens, after revoking');
  });
});

it('Ajustes › Aprovisionamiento: the SCIM URL copied, a connection token used, then revoked', async () => {
  await withScreenshot(page, 'tokens-aprovisionamiento', async () => {
    await page.goto(`${server.url}/configuracion/ajustes`);
    const section = page.getByRole('region', { name: 'Aprovisionamiento', exact: true });
    await section.getByText('Todavía no hay ningún token de conexión.').waitFor();
    const url = `${server.url}/scim/v2`;
    expect(await section.getByRole('textbox', { name: 'URL base de SCIM' }).inputValue()).toBe(url);
    await section.getByRole('button', { name: 'Copiar la URL base de SCIM' }).click();
    await page.getByText('Copiado al portapapeles').first().waitFor();
    expect(await clipboard()).toBe(url);

    await ui.exerciseDialog('Aprovisionamiento, Crear token', () =>
      section.getByRole('button', { name: 'Crear token' }).click(),
    );
    await section.getByRole('button', { name: 'Crear token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear token de conexión' });
    await dialog.getByRole('textbox', { name: /Nombre/ }).fill('Entra ID');
    await dialog.getByRole('button', { name: 'Crear', exact: true }).click();
    const secret = await readShownOnce('Token de «Entra ID» creado', 'gdu_scim_');
    await page
      .getByRole('dialog', { name: 'Token de «Entra ID» creado' })
      .getByRole('button', { name: 'Hecho' })
      .click();
    const row = section.getByRole('row', { name: /Entra ID/ });
    await row.waitFor();

    // What a directory does first with the URL and the token.
    const config = await fetch(`${url}/ServiceProviderConfig`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toMatch(/application\/scim\+json/);
    expect(await call(secret, '/scim/v2/Users?count=1')).toBe(200);

    await confirmIn(
      row.getByRole('button', { name: 'Revocar Entra ID' }),
      '¿Revocar el token de conexión?',
      /dejará de poder aprovisionar/,
      'Revocar',
    );
    await page.getByText('Token de «Entra ID» revocado').waitFor();
    await section.getByText('Todavía no hay ningún token de conexión.').waitFor();
    expect(await call(secret, '/scim/v2/Users?count=1')).toBe(401);
    await ui.expectHealthy('Aprovisionamiento, after revoking');
  });
});

it("the user page: an administrator revokes another user's token, which stops at once", async () => {
  await withScreenshot(page, 'tokens-usuario', async () => {
    expect(await call(brunoToken, '/api/auth/me')).toBe(200);
    await page.goto(`${server.url}/configuracion/usuarios/${brunoId}`);
    const section = page.getByRole('region', { name: 'Tokens de API', exact: true });
    const list = section.getByRole('list', { name: `Tokens de API de ${BRUNO.nombre}` });
    await list.getByText('Script de Bruno').waitFor();
    await list.getByText('Permisos: Ver eventos').waitFor();
    await list.getByText(/Último uso: .*2\d{3}/).waitFor();

    // axe on the section and on its confirmation (Escape cancels: nothing revoked).
    await page.waitForLoadState('networkidle');
    const findings = await axeFindings(page, 'user page with Tokens de API');
    await section.getByRole('button', { name: 'Revocar Script de Bruno' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Revocar el token?' });
    await confirm.getByText(`en nombre de ${BRUNO.nombre}`, { exact: false }).waitFor();
    // MUI's fade: colours mid-transition read as low contrast.
    await page.waitForTimeout(400);
    findings.push(...(await axeFindings(page, 'user page: revoke a token')));
    await ui.closeWithEscape(confirm);
    expect(findings.length ? formatFindings(findings) : '').toBe('');
    expect(await call(brunoToken, '/api/auth/me')).toBe(200);

    await confirmIn(
      section.getByRole('button', { name: 'Revocar Script de Bruno' }),
      '¿Revocar el token?',
      /en nombre de Bruno Díaz/,
      'Revocar',
    );
    await page.getByText('Token «Script de Bruno» revocado').waitFor();
    await section.getByText(`${BRUNO.nombre} no tiene ningún token de API.`).waitFor();
    expect(await call(brunoToken, '/api/auth/me')).toBe(401);
    await ui.expectHealthy('user page, after revoking');
  });
});
