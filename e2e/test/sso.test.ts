/**
 * Single sign-on in the browser (issue #18), with a real OpenID provider in the test process
 * (`oidc-provider`, api/test/support/oidc-provider.ts): an administrator configures it in
 * Ajustes › Inicio de sesión único (the editor with its group lines added and removed, the edit
 * dialog and the delete confirmation opened), signs out; on /login "Continuar con <nombre>"
 * leads to the provider's own login and consent pages, and back on the app the person is signed
 * in on `/` with 'Bienvenido de nuevo' — created with the provider's default role and holding
 * the role its group maps to. A refusal (a domain outside the list) lands on /login/sso with the
 * reason in Spanish and the way back.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, freePort, startServer, type RunningServer } from '../support/server';
import { startOidcProvider, type OidcTestProvider } from '../../api/test/support/oidc-provider';

let server: RunningServer;
let oidc: OidcTestProvider;
let browser: Browser;
/** The person's browser; the admin configures the provider in one of their own. */
let context: BrowserContext;
let page: Page;

const NOMBRE = 'Acme ID';
/** The person the provider signs in: a verified e-mail of the provider's domain, one group. */
const LUCIA = {
  sub: 'lucia-0001',
  claims: {
    email: 'lucia@acme.test',
    email_verified: true,
    name: 'Lucía Acme',
    groups: ['planificacion'],
  },
};
/** Someone of another domain: refused. */
const INTRUSO = {
  sub: 'intruso-0002',
  claims: { email: 'intruso@otra.test', email_verified: true, name: 'Intruso', groups: [] },
};

jest.setTimeout(180_000);

beforeAll(async () => {
  // The app's port first: the redirect URI registered at the provider names it (and APP_URL,
  // from which the api builds it). The first provider of a fresh database is number 1.
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({
    accounts: { [LUCIA.sub]: LUCIA.claims, [INTRUSO.sub]: INTRUSO.claims },
    redirectUris: [`${appUrl}/api/auth/sso/1/callback`],
  });
  server = await startServer({ PORT: String(port), APP_URL: appUrl });
  browser = await launchBrowser();
});

/**
 * A fresh browser (its own cache and cookies): /login's provider list is cacheable for a minute
 * (`Cache-Control: public, max-age=60`), so a browser that saw /login before the provider was
 * created would show no button yet.
 */
async function openBrowser(): Promise<void> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  page = await context.newPage();
}
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await oidc?.close();
});

/** The admin's token (for reading what the api stored), from a password sign-in. */
async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

/**
 * Signs in on the provider's own login page (oidc-provider's development form: the login names
 * the account, any password); consent, when the provider asks, is given.
 */
async function signInAtProvider(sub: string): Promise<void> {
  await page.waitForURL((u) => u.origin === new URL(oidc.issuer).origin);
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The consent page shows once per client and account.
  const consent = page.getByRole('button', { name: 'Continue' });
  await Promise.race([
    consent.waitFor().then(() => consent.click()),
    page.waitForURL((u) => u.origin === new URL(server.url).origin),
  ]);
}

it('an admin configures a provider; a person signs in with it and lands on / signed in', async () => {
  await openBrowser();
  await withScreenshot(page, 'sso', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto(`${server.url}/configuracion/ajustes`);
    const section = page.getByRole('region', { name: 'Inicio de sesión único' });
    await section.getByText('Todavía no hay ningún proveedor configurado.').waitFor();
    await section.getByRole('button', { name: 'Nuevo proveedor' }).click();
    const editor = page.getByRole('dialog', { name: 'Nuevo proveedor' });
    await editor.getByRole('textbox', { name: /^Nombre/ }).fill(NOMBRE);
    await editor.getByRole('textbox', { name: /^Emisor/ }).fill(oidc.issuer);
    await editor.getByRole('textbox', { name: /^ID de cliente/ }).fill(oidc.clientId);
    await editor.getByLabel(/^Secreto del cliente/).fill(oidc.clientSecret);
    // The provider releases the groups claim under its `groups` scope.
    await editor.getByRole('textbox', { name: /^Ámbitos/ }).fill('openid email profile groups');
    const dominios = editor.getByRole('combobox', { name: /^Dominios de correo/ });
    await dominios.fill('acme.test');
    await dominios.press('Enter');
    await editor.getByRole('button', { name: 'acme.test' }).waitFor();
    await editor.getByRole('switch', { name: 'Crear usuarios nuevos' }).check();
    await editor.getByRole('combobox', { name: /^Rol de los usuarios creados/ }).click();
    await page.getByRole('option', { name: 'usuario', exact: true }).click();
    // Two group lines; the first goes again.
    await editor.getByRole('button', { name: 'Añadir grupo' }).click();
    await editor.getByRole('button', { name: 'Añadir grupo' }).click();
    await editor.getByRole('textbox', { name: /^Grupo 1/ }).fill('sobra');
    await editor.getByRole('textbox', { name: /^Grupo 2/ }).fill('planificacion');
    await editor.getByRole('combobox', { name: /^Rol del grupo 2/ }).click();
    await page.getByRole('option', { name: 'gestor', exact: true }).click();
    await editor.getByRole('button', { name: 'Quitar la línea 1' }).click();
    expect(await editor.getByRole('textbox', { name: /^Grupo 2/ }).count()).toBe(0);
    expect(await editor.getByRole('textbox', { name: /^Grupo 1/ }).inputValue()).toBe(
      'planificacion',
    );
    await editor.getByRole('button', { name: 'Crear' }).click();
    await page.getByText(`Proveedor «${NOMBRE}» creado`).waitFor();
    await editor.waitFor({ state: 'hidden' });
    const table = section.getByRole('table', { name: 'Inicio de sesión único' });
    await table.getByRole('cell', { name: NOMBRE, exact: true }).waitFor();

    // The editor of the stored provider: the redirect URI to register, the secret kept.
    await section.getByRole('button', { name: `Editar ${NOMBRE}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar «${NOMBRE}»` });
    await edit.getByText(`${server.url}/api/auth/sso/1/callback`).waitFor();
    expect(await edit.getByLabel(/^Secreto del cliente/).inputValue()).toBe('');
    expect(await edit.getByRole('textbox', { name: /^Grupo 1/ }).inputValue()).toBe(
      'planificacion',
    );
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'hidden' });
    // The delete confirmation, answered no.
    await section.getByRole('button', { name: `Eliminar ${NOMBRE}` }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar el proveedor?' });
    await confirm.getByText(/Los roles que les dio se mantienen/).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  // The person, in their own browser: "Continuar con Acme ID" → the provider → back signed in.
  await openBrowser();
  await withScreenshot(page, 'sso-person', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: `Continuar con ${NOMBRE}` }).click();
    await signInAtProvider(LUCIA.sub);
    await page.getByText('Bienvenido de nuevo').first().waitFor();
    await page.waitForURL((u) => u.origin === server.url && u.pathname === '/');
    // The token reached the page in a POST answer only: never in the address bar.
    expect(page.url()).toBe(`${server.url}/`);
    const token = await page.evaluate(() => window.localStorage.getItem('auth.token'));
    expect(token).toBeTruthy();
    const me = await fetch(`${server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { user } = (await me.json()) as {
      user: { email: string; nombre: string; roles: { nombre: string }[] };
    };
    expect(user.email).toBe(LUCIA.claims.email);
    expect(user.roles.map((r) => r.nombre).sort()).toEqual(['gestor', 'usuario']);
    // Who signed in, from the admin's side: a created user.
    const lista = await fetch(`${server.url}/api/usuarios?q=lucia`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(((await lista.json()) as { total: number }).total).toBe(1);
  });
});

it('a person of a domain outside the list is refused, told why in Spanish, and led back', async () => {
  // Another person's browser: no session at the provider (Lucía's would answer at once).
  await openBrowser();
  await withScreenshot(page, 'sso-refused', async () => {
    await page.goto(`${server.url}/login?redirect=%2Feventos`);
    const link = page.getByRole('link', { name: `Continuar con ${NOMBRE}` });
    expect(await link.getAttribute('href')).toBe('/api/auth/sso/1/start?redirect=%2Feventos');
    await link.click();
    await signInAtProvider(INTRUSO.sub);
    await page.waitForURL((u) => u.origin === server.url && u.pathname === '/login/sso');
    expect(new URL(page.url()).searchParams.get('error')).toBe('SSO_DOMINIO_NO_PERMITIDO');
    await page.getByText('El dominio de su correo no está admitido para este proveedor').waitFor();
    await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('auth.token'))).toBeNull();
  });
});
