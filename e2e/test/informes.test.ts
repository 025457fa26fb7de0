/**
 * Filtering and reports as people use them (issue #6 e2e): a gestor filters events by state and
 * a date range, saves the filter as a report, opens it, sees its chart, downloads the CSV and
 * finds in it exactly the rows the grid showed; printed, the report fits A4 portrait and shows
 * its filter (issue #14).
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { registerUser, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const GESTOR = {
  email: 'gestor.informes@e2e.test',
  password: 'Gestor-Clave-2026',
  nombre: 'Gema Gestora',
};
const INFORME = 'Eventos publicados en 2026';

/**
 * The seeded events: two published in 2026 (the ones the filter keeps), one published in 2025,
 * one draft in 2026 and one cancelled in 2026 — each excluded by one condition only.
 */
const EVENTOS = [
  { nombre: 'Feria de marzo', estado: 'publicado', fechaInicio: '2026-03-10T09:00:00.000Z' },
  { nombre: 'Congreso de mayo', estado: 'publicado', fechaInicio: '2026-05-05T09:00:00.000Z' },
  { nombre: 'Gala de 2025', estado: 'publicado', fechaInicio: '2025-12-01T19:00:00.000Z' },
  { nombre: 'Taller en borrador', estado: 'borrador', fechaInicio: '2026-04-01T09:00:00.000Z' },
  { nombre: 'Cena cancelada', estado: 'cancelado', fechaInicio: '2026-06-20T20:00:00.000Z' },
] as const;
const ESPERADOS = ['Feria de marzo', 'Congreso de mayo'];
/**
 * The printable width of an A4 portrait sheet with the report's 10 mm margins (`@page` in
 * InformeImpresion.tsx), in CSS px at 96 dpi: (210 − 2 × 10) mm / 25.4 × 96 ≈ 718.
 */
const A4_PRINTABLE_PX = Math.floor(((210 - 2 * 10) / 25.4) * 96);

/** Gives `email` the seeded `gestor` role instead of the default one, straight in the database. */
function makeGestor(dbPath: string, email: string): void {
  const db = new Database(dbPath);
  try {
    const user = db.prepare('SELECT id FROM usuarios WHERE email = ?').get(email) as { id: number };
    const role = db.prepare("SELECT id FROM roles WHERE nombre = 'gestor'").get() as { id: number };
    db.prepare('DELETE FROM usuario_roles WHERE usuario_id = ?').run(user.id);
    db.prepare('INSERT INTO usuario_roles (usuario_id, rol_id) VALUES (?, ?)').run(
      user.id,
      role.id,
    );
  } finally {
    db.close();
  }
}

/** Creates the events through the api as the gestor. */
async function seedEventos(url: string): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: GESTOR.email, password: GESTOR.password }),
  });
  const { token } = (await login.json()) as { token: string };
  for (const evento of EVENTOS) {
    const fin = new Date(Date.parse(evento.fechaInicio) + 3 * 3600_000).toISOString();
    const res = await fetch(`${url}/api/eventos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...evento, lugar: 'Zaragoza', fechaFin: fin }),
    });
    if (res.status !== 201)
      throw new Error(`evento ${evento.nombre}: ${res.status} ${await res.text()}`);
  }
}

/**
 * The rows of an RFC 4180 CSV (quoted cells may hold the separator, quotes and line breaks),
 * without the BOM the api starts it with.
 */
function parseCsv(text: string, separador: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separador) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server.url, GESTOR);
  makeGestor(server.dbPath, GESTOR.email);
  await seedEventos(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES',
    timezoneId: 'UTC',
    acceptDownloads: true,
  });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

async function signIn(email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Picks `option` in the select labelled `label` inside `scope`. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Types a date and time into the picker field labelled `label`, section by section. */
async function typeDateTime(scope: Locator, label: string, digits: string): Promise<void> {
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.type(digits);
}

/** The names in the grid named `grid`, top to bottom. */
async function namesIn(grid: string): Promise<string[]> {
  const cells = page
    .getByRole('grid', { name: grid })
    .locator('[role="gridcell"][data-field="nombre"]');
  return cells.allTextContents();
}

it('a gestor filters events by state and dates, saves the filter as a report and exports the same rows', async () => {
  await withScreenshot(page, 'informes-gestor', async () => {
    await signIn(GESTOR.email, GESTOR.password);
    await page.goto(`${server.url}/filtrado`);
    await page.getByRole('heading', { level: 1, name: 'Filtrado' }).waitFor();

    // estado es igual a publicado
    await page.getByRole('button', { name: 'Añadir condición' }).click();
    const estado = page.getByRole('group', { name: 'Condición 1' });
    await choose(estado, 'Campo', 'Estado');
    await choose(estado, 'Valor', 'Publicado');

    // fechaInicio entre el 1 de enero de 2026 a las 00:00 y el 31 de diciembre a las 23:59
    await page.getByRole('button', { name: 'Añadir condición' }).click();
    const fecha = page.getByRole('group', { name: 'Condición 2' });
    await choose(fecha, 'Campo', 'Fecha de inicio');
    await choose(fecha, 'Operador', 'entre');
    await typeDateTime(fecha, 'Desde', '010120260000');
    await typeDateTime(fecha, 'Hasta', '311220262359');

    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText('(2 resultados)').waitFor();
    const grid = await namesIn('Resultados');
    expect([...grid].sort()).toEqual([...ESPERADOS].sort());
    // The applied filter lives in the URL: a reload shows the same results.
    expect(new URL(page.url()).searchParams.get('entidad')).toBe('eventos');
    await page.reload();
    await page.getByText('(2 resultados)').waitFor();
    expect(await namesIn('Resultados')).toEqual(grid);

    // Save it as a report: the report's page opens.
    await page.getByRole('button', { name: 'Guardar como informe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar como informe' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(INFORME);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL((u) => /^\/informes\/\d+$/.test(u.pathname));
    await page.getByRole('heading', { level: 1, name: INFORME }).waitFor();
    await page.getByText('Listado filtrado').first().waitFor();

    // Its chart (events per state, as bars) and its table with the grid's rows.
    const chart = page.getByRole('figure', { name: `Gráfico de barras de «${INFORME}»` });
    await chart.locator('svg').first().waitFor({ state: 'visible' });
    expect(await chart.locator('.MuiBarChart-element').count()).toBeGreaterThan(0);
    await page.getByText('(2 filas)').waitFor();
    expect(await namesIn('Resultado')).toEqual(grid);

    // On paper: the report without the application's bar, navigation and buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.MuiAppBar-root').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Exportar CSV' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1, name: INFORME }).isVisible()).toBe(true);
    expect(await chart.locator('svg').first().isVisible()).toBe(true);

    // On A4 portrait (issue #14): at the sheet's printable width, the table's last column ends
    // inside it, and the paper says which filter the report ran with.
    await page.setViewportSize({ width: A4_PRINTABLE_PX, height: 1000 });
    const tabla = page.locator('table[data-print-table]');
    await tabla.waitFor({ state: 'visible' });
    expect(await page.getByRole('grid', { name: 'Resultado' }).isVisible()).toBe(false);
    const ultima = await tabla.locator('thead th').last().boundingBox();
    expect(ultima).not.toBeNull();
    expect(ultima!.x + ultima!.width).toBeLessThanOrEqual(A4_PRINTABLE_PX);
    const derecha = await tabla.evaluate((t) =>
      Math.max(...Array.from(t.querySelectorAll('th, td'), (c) => c.getBoundingClientRect().right)),
    );
    expect(derecha).toBeLessThanOrEqual(A4_PRINTABLE_PX);
    expect(await tabla.locator('tbody tr').count()).toBe(ESPERADOS.length);
    const filtro = page.getByTestId('informe-impresion');
    expect(await filtro.isVisible()).toBe(true);
    const resumen = await filtro.textContent();
    expect(resumen).toMatch(/^Impreso el /);
    expect(resumen).toContain('Estado es igual a Publicado');
    expect(resumen).toMatch(/Fecha de inicio entre 1 ene 2026, 0:00 y 31 dic 2026, 23:59/);
    await page.emulateMedia({ media: 'screen' });
    // On screen the filter summary and the plain table stay out of the way.
    expect(await filtro.isVisible()).toBe(false);
    expect(await tabla.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The CSV, separated by semicolons: its rows are the grid's rows.
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV separado por punto y coma (;)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('eventos-publicados-en-2026.csv');
    const raw = readFileSync(await download.path(), 'utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(raw, ';');
    const nombre = header!.indexOf('Nombre');
    expect(nombre).toBeGreaterThanOrEqual(0);
    expect(rows.map((r) => r[nombre])).toEqual(grid);

    // The list shows it with its type and author.
    await page.getByRole('link', { name: 'Volver a informes' }).click();
    const row = page.getByRole('row', { name: new RegExp(INFORME) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Listado filtrado');
    expect(await row.textContent()).toContain(GESTOR.nombre);
  });
});
