/**
 * Lists keep search, filters, sort and page in the URL (issue #14): on Usuarios a search, the
 * state filter, a sort and page 2 survive a reload and a link opened in a new page, and the
 * browser's back goes to the page before; "all N matching" deactivates every matching user —
 * more than one page — through POST /api/usuarios/bulk's filtro and shows the per-user result;
 * Eventos keeps its search, sort and page the same way.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

/** Users of the bulk test: more than a page of 10, all found by searching "lote url". */
const LOTE = 23;
const EVENTOS = 13;

jest.setTimeout(120_000);

/** Calls the api as the admin; throws unless it answers `expected`. */
async function api<T>(method: string, url: string, body: unknown, expected: number) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== expected)
    throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const two = (i: number) => String(i).padStart(2, '0');

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  adminToken = ((await login.json()) as { token: string }).token;
  for (let i = 1; i <= LOTE; i++) {
    await api(
      'POST',
      '/usuarios',
      {
        nombre: `Lote Url ${two(i)}`,
        email: `lote${two(i)}@e2e.test`,
        password: 'Lote-Url-Clave-2026',
        roles: [],
      },
      201,
    );
  }
  for (let i = 1; i <= EVENTOS; i++) {
    await api(
      'POST',
      '/eventos',
      {
        nombre: `Feria Url ${two(i)}`,
        lugar: 'Teruel',
        estado: 'publicado',
        fechaInicio: `2026-04-${two(i)}T09:00:00.000Z`,
        fechaFin: `2026-04-${two(i)}T18:00:00.000Z`,
      },
      201,
    );
  }
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-ES' });
  page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The texts of one column's cells in the grid, top to bottom, once `first` is shown. */
async function column(p: Page, field: string, first: RegExp): Promise<string[]> {
  await p.locator(`[role="gridcell"][data-field="${field}"]`).filter({ hasText: first }).first().waitFor();
  return p.locator(`[role="gridcell"][data-field="${field}"]`).allInnerTexts();
}

const param = (p: Page, name: string) => new URL(p.url()).searchParams.get(name);

it('Usuarios keeps search, state, sort and page through a reload, a shared link and back', async () => {
  await withScreenshot(page, 'lists-url-usuarios', async () => {
    await page.goto(`${server.url}/configuracion/usuarios`);
    await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('lote url');
    await page.waitForURL((u) => u.searchParams.get('q') === 'lote url');
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Activo', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('activo') === 'true');
    // Correo electrónico, descending: the header's second click.
    const header = page.getByRole('columnheader', { name: 'Correo electrónico' });
    await header.click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'email');
    await header.click();
    await page.waitForURL((u) => u.searchParams.get('sort') === '-email');
    await page.getByRole('combobox', { name: /Filas por página/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('pageSize') === '10');
    const firstPage = await column(page, 'email', /lote23@e2e\.test/);
    expect(firstPage).toHaveLength(10);
    await page.getByRole('button', { name: /página siguiente/ }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const second = await column(page, 'email', /lote13@e2e\.test/);
    expect(second).toEqual(Array.from({ length: 10 }, (_, i) => `lote${two(13 - i)}@e2e.test`));

    const shared = page.url();
    await page.reload();
    expect(await column(page, 'email', /lote13@e2e\.test/)).toEqual(second);
    await expect(
      page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).inputValue(),
    ).resolves.toBe('lote url');

    const other = await context.newPage();
    await other.goto(shared);
    expect(await column(other, 'email', /lote13@e2e\.test/)).toEqual(second);
    await other.close();

    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('page') === null);
    expect(await column(page, 'email', /lote23@e2e\.test/)).toEqual(firstPage);
    expect(param(page, 'sort')).toBe('-email');
  });
});

it('"all N matching" deactivates every matching user and names each in the result', async () => {
  await withScreenshot(page, 'lists-url-all-matching', async () => {
    await page.goto(`${server.url}/configuracion/usuarios?q=lote+url&activo=true&pageSize=10`);
    await column(page, 'email', /lote01@e2e\.test/);
    await page.getByRole('checkbox', { name: 'Seleccionar todas las filas' }).check();
    await page.getByText('Los 10 usuarios de esta página están seleccionados.').waitFor();
    await page.getByRole('button', { name: `Seleccionar los ${LOTE} usuarios que coinciden` }).click();
    await page.getByText(`Los ${LOTE} usuarios que coinciden están seleccionados.`).waitFor();
    await page.getByRole('button', { name: 'Desactivar seleccionados' }).click();
    const confirm = page.getByRole('dialog', { name: `¿Desactivar ${LOTE} usuarios?` });
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    const result = page.getByRole('dialog', { name: 'Resultado: Desactivar' });
    await result.getByText(`Hechos: ${LOTE} · Rechazados: 0`).waitFor();
    // Users on no page the console showed are named from the api's answer.
    await result.getByText('Lote Url 23').waitFor();
    await result.getByText('Lote Url 11').waitFor();
    await result.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByText('Ningún usuario coincide con los filtros').waitFor();
  });
  const left = await api<{ total: number }>('GET', '/usuarios?q=lote%20url&activo=true', undefined, 200);
  expect(left.total).toBe(0);
  const off = await api<{ total: number }>('GET', '/usuarios?q=lote%20url&activo=false', undefined, 200);
  expect(off.total).toBe(LOTE);
});

it('Eventos keeps search, sort and page through a reload, a shared link and back', async () => {
  await withScreenshot(page, 'lists-url-eventos', async () => {
    await page.goto(`${server.url}/eventos`);
    await page.getByRole('searchbox', { name: /Buscar/ }).fill('feria url');
    await page.waitForURL((u) => u.searchParams.get('q') === 'feria url');
    const header = page.getByRole('columnheader', { name: 'Nombre' });
    await header.click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'nombre');
    await header.click();
    await page.waitForURL((u) => u.searchParams.get('sort') === '-nombre');
    const firstPage = await column(page, 'nombre', /Feria Url 13/);
    expect(firstPage).toHaveLength(10);
    await page.getByRole('button', { name: /página siguiente/ }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const second = await column(page, 'nombre', /Feria Url 03/);
    expect(second).toEqual(['Feria Url 03', 'Feria Url 02', 'Feria Url 01']);

    await page.reload();
    expect(await column(page, 'nombre', /Feria Url 03/)).toEqual(second);
    const other = await context.newPage();
    await other.goto(page.url());
    expect(await column(other, 'nombre', /Feria Url 03/)).toEqual(second);
    await other.close();

    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('page') === null);
    expect(await column(page, 'nombre', /Feria Url 13/)).toEqual(firstPage);
  });
});
