/**
 * The texts the api sends, read in English (issue #14: "English mode shows Spanish wherever the
 * text comes from the api"). The UI is switched to English the way its language menu does (the
 * stored `locale`), and in Chromium: a sign-in error, the role editor's permission descriptions
 * and groups, an audit row in words, a report's column titles and a session's device are in
 * English — while the api still answers in Spanish, as its clients read it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';

/** Chrome on Windows, so the session's device has both parts to compose. */
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken = '';
let informeId = 0;

jest.setTimeout(120_000);

async function api<T>(method: string, url: string, body: unknown, expected: number): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status !== expected) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  // An edited user for the audit row, and a report over time for the column titles.
  await registerUser(server.url, { email: 'ana.ruiz@e2e.test', password: 'Usuario-Clave-2026', nombre: 'Ana Ruiz' });
  const page1 = await api<{ items: { id: number; version: number }[] }>(
    'GET',
    '/usuarios?q=ana.ruiz',
    undefined,
    200,
  );
  const ana = page1.items[0]!;
  await api('PATCH', `/usuarios/${ana.id}`, { nombre: 'Ana Ruiz Gil', version: ana.version }, 200);
  informeId = (await api<{ id: number }>('POST', '/informes', { nombre: 'Eventos por mes', tipo: 'eventos-por-mes' }, 201)).id;

  context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'en-GB',
    userAgent: WINDOWS_CHROME,
  });
  // The stored choice the language menu writes (shared's LOCALE_KEY).
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

it('says why a sign-in failed in English, while the api answers in Spanish', async () => {
  await withScreenshot(page, 'english-sign-in-error', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill('Not-the-password-2026');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const body = (await (await answer).json()) as { message: string; code: string };
    expect(body).toMatchObject({ message: 'Credenciales incorrectas', code: 'INVALID_CREDENTIALS' });
    await page.getByRole('alert').filter({ hasText: 'Incorrect credentials' }).waitFor();
    expect(await page.getByText('Credenciales incorrectas').count()).toBe(0);
  });
});

it('signs in and shows this session’s device in English', async () => {
  await withScreenshot(page, 'english-session-device', async () => {
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${server.url}/configuracion`);
    const sessions = page.getByRole('list', { name: 'My sessions' });
    await sessions.getByText('Chrome on Windows').first().waitFor();
    expect(await sessions.getByText('Chrome en Windows').count()).toBe(0);
  });
});

it('describes permissions and their groups in English in the role editor', async () => {
  await withScreenshot(page, 'english-role-editor', async () => {
    await page.goto(`${server.url}/configuracion/roles`);
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    await dialog.getByRole('checkbox', { name: 'View users (usuarios:ver)' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Manage the settings (configuracion:gestionar)' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'All user permissions' }).waitFor();
    expect(await dialog.getByText('Ver usuarios').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

it('shows an audit row in words in English', async () => {
  await withScreenshot(page, 'english-audit-row', async () => {
    await page.goto(`${server.url}/configuracion/auditoria`);
    await page.getByRole('cell', { name: 'Edited Ana Ruiz Gil: name' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'usuarios.editar' }).count()).toBe(0);
  });
});

it("titles a report's columns in English", async () => {
  await withScreenshot(page, 'english-report-columns', async () => {
    await page.goto(`${server.url}/informes/${informeId}`);
    await page.getByRole('columnheader', { name: 'Month' }).waitFor();
    await page.getByRole('columnheader', { name: 'Total' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Mes' }).count()).toBe(0);
  });
});
