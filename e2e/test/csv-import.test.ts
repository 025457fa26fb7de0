/**
 * The CSV import of the UI kit (issue #14, `CsvImportDialog`) in Chromium, for users and events:
 * choose a file → the dry run's report (rows to create, each rejected row with its line number
 * and reason; nothing written, so the lists are unchanged) → a corrected file → apply → the
 * result, and the imported rows in their lists.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

jest.setTimeout(120_000);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
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

/** Chooses `csv` as the dialog's file and asks for the dry run. */
async function check(dialog: ReturnType<Page['getByRole']>, name: string, csv: string) {
  await dialog.getByLabel('Elegir archivo CSV').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await dialog.getByText(name).waitFor();
  await dialog.getByRole('button', { name: 'Comprobar' }).click();
}

it('imports users: the dry run reports a bad row by its line, the corrected file is applied', async () => {
  await withScreenshot(page, 'csv-import-usuarios', async () => {
    await page.goto(`${server.url}/configuracion/usuarios`);
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar usuarios' });
    const good = 'importada.uno@e2e.test,Importada Uno,usuario';
    await check(
      dialog,
      'usuarios.csv',
      `email,nombre,roles\n${good}\nno-es-un-correo,Mala Fila,usuario\n`,
    );
    const report = dialog.getByRole('table', { name: 'Informe de la importación' });
    await report.getByRole('row', { name: /^2 importada\.uno@e2e\.test Se creará/ }).waitFor();
    await report.getByRole('row', { name: /^3 no-es-un-correo Rechazada/ }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Aplicar' }).isDisabled()).toBe(true);

    // A dry run writes nothing: the list does not know the good row yet.
    const res = await page.request.get(`${server.url}/api/usuarios?q=importada`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(((await res.json()) as { total: number }).total).toBe(0);

    await check(dialog, 'usuarios-corregido.csv', `email,nombre,roles\n${good}\n`);
    await report.getByRole('row', { name: /^2 importada\.uno@e2e\.test Se creará/ }).waitFor();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    // The users' import closes once applied (no one-time passwords to hand over) and says so.
    await page.getByText('Importación aplicada: 1 creados, 0 actualizados').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('importada');
    await page.getByRole('gridcell', { name: 'importada.uno@e2e.test' }).waitFor();
  });
});

it('imports events through "Importar" on the Eventos page, dry run then apply', async () => {
  await withScreenshot(page, 'csv-import-eventos', async () => {
    await page.goto(`${server.url}/eventos`);
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar eventos' });
    const header = 'nombre,lugar,fechaInicio,fechaFin';
    const good = 'Feria importada,Sevilla,2026-05-01T08:00:00.000Z,2026-05-02T18:00:00.000Z';
    await check(
      dialog,
      'eventos.csv',
      `${header}\n${good}\nSin lugar,,2026-05-01T08:00:00.000Z,2026-05-02T18:00:00.000Z\n`,
    );
    const report = dialog.getByRole('table', { name: 'Informe de la importación' });
    await report.getByRole('row', { name: /^2 Feria importada Se creará/ }).waitFor();
    const rejected = report.getByRole('row', { name: /^3 Sin lugar Rechazada/ });
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain('lugar');
    expect(await dialog.getByRole('button', { name: 'Aplicar' }).isDisabled()).toBe(true);

    await check(dialog, 'eventos-corregido.csv', `${header}\n${good}\n`);
    await report.getByRole('row', { name: /^2 Feria importada Se creará/ }).waitFor();
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.getByText('Importación aplicada: 1 creados').waitFor();
    await report.getByRole('row', { name: /^2 Feria importada Creado/ }).waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Buscar por nombre o lugar' }).fill('importada');
    await page.getByRole('link', { name: 'Periodos de Feria importada' }).waitFor();
  });
});

/** The admin's bearer token, as the page keeps it, for a direct api check. */
async function token(): Promise<string> {
  const res = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  return ((await res.json()) as { token: string }).token;
}
