/**
 * Every interactive MUI and MUI X element works inside a federated remote (issue #14): opening a
 * data grid's column menu replaced the page with "500 – Error" ("MUI: MenuListContext is
 * missing") because a remote had bundled its own copy of an MUI component the shell shares.
 * As an admin, on every page with a grid (and the other pages of the areas), this opens each
 * grid's column menu (⋮) on every column, the filter and columns panels it offers and their
 * selects, the page's selects, menus and date pickers and its "new …" dialog with theirs, closing
 * each with Escape — and fails on any page error, any console error (MUI and React report there)
 * and on the error page.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What went wrong on the page since the test began: page errors and console errors. */
let problems: string[];
let eventoId: number;
let informeId: number;

/** Calls the api as the admin; throws unless it answers `expected`. */
async function api<T>(token: string, method: string, url: string, body: unknown, expected: number) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== expected)
    throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Rows for every grid: users, an event with a period, a saved report over the events. */
async function seed(): Promise<void> {
  for (const [i, nombre] of ['Ana Ruiz', 'Bruno Díaz'].entries()) {
    await registerUser(server.url, {
      email: `usuario${i}@e2e.test`,
      password: 'Usuario-Clave-2026',
      nombre,
    });
  }
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const evento = await api<{ id: number }>(
    token,
    'POST',
    '/eventos',
    {
      nombre: 'Jornadas de la cuadrícula',
      lugar: 'Huesca',
      estado: 'publicado',
      fechaInicio: '2026-03-10T09:00:00.000Z',
      fechaFin: '2026-03-12T18:00:00.000Z',
    },
    201,
  );
  eventoId = evento.id;
  await api(
    token,
    'POST',
    `/eventos/${eventoId}/periodos`,
    {
      nombre: 'Apertura',
      fechaInicio: '2026-03-10T09:00:00.000Z',
      fechaFin: '2026-03-10T11:00:00.000Z',
    },
    201,
  );
  const informe = await api<{ id: number }>(
    token,
    'POST',
    '/informes',
    {
      nombre: 'Todos los eventos',
      tipo: 'listado',
      filtros: { entidad: 'eventos', filtros: [] },
    },
    201,
  );
  informeId = informe.id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await seed();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-ES',
    timezoneId: 'UTC',
  });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // A refused request is logged by the browser itself; the api's answers are checked elsewhere.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.push(`console error: ${msg.text().split('\n')[0]}`);
  });
});
afterEach(async () => {
  await context?.close();
});

async function signIn(): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Fails with what happened if the page reported an error or shows the error page. */
async function expectHealthy(where: string): Promise<void> {
  const errorPage = await page.getByTestId('error-status-code').count();
  expect({ where, problems, errorPage }).toEqual({ where, problems: [], errorPage: 0 });
}

/**
 * Waits for `popup` to open; if it never does, fails with what the page reported instead (an
 * MUI error that replaced the page says more than the timeout).
 */
async function waitOpen(popup: Locator, where: string): Promise<void> {
  await popup.waitFor().catch(async (err: unknown) => {
    await expectHealthy(where);
    throw err;
  });
}

/** Presses Escape until nothing MUI opened (menus, popovers, panels, dialogs) is left on top. */
async function closeWithEscape(popup: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });
}

/** Opens every MUI Select and Autocomplete in `scope`, checks its options appear, closes it. */
async function exerciseSelects(scope: Locator, where: string): Promise<number> {
  const selects = scope.locator('[role="combobox"]:visible');
  const count = await selects.count();
  for (let i = 0; i < count; i += 1) {
    const select = selects.nth(i);
    if (await select.isDisabled()) continue;
    const isAutocomplete = (await select.evaluate((el) => el.tagName)) === 'INPUT';
    await select.click();
    const listbox = page.getByRole('listbox');
    // An Autocomplete without suggestions yet opens nothing; a Select always lists its options.
    if (isAutocomplete) await listbox.waitFor({ timeout: 2000 }).catch(() => undefined);
    else await waitOpen(listbox, `${where}, select ${i + 1}`);
    if (await listbox.count()) await closeWithEscape(listbox);
    else await page.keyboard.press('Escape');
    await expectHealthy(`${where}, select ${i + 1}`);
  }
  return count;
}

/** Opens every date picker of `scope` from its calendar button and closes it. */
async function exerciseDatePickers(scope: Locator, where: string): Promise<number> {
  const buttons = scope.locator('.MuiPickersInputBase-root .MuiInputAdornment-root button:visible');
  const count = await buttons.count();
  for (let i = 0; i < count; i += 1) {
    await buttons.nth(i).click();
    const picker = page.locator('.MuiPickerPopper-root, .MuiPickersLayout-root').first();
    await waitOpen(picker, `${where}, date picker ${i + 1}`);
    await expectHealthy(`${where}, date picker ${i + 1}`);
    await closeWithEscape(picker);
  }
  return count;
}

/** Opens the menus of the page (buttons with a popup, outside the grids' headers), then closes. */
async function exerciseMenus(scope: Locator, where: string): Promise<number> {
  const buttons = scope.locator(
    'button[aria-haspopup="true"]:visible, button[aria-haspopup="menu"]:visible',
  );
  // Handles, not locators: opening a menu re-renders the page, and the nth button moves.
  const candidates = await buttons.elementHandles();
  let opened = 0;
  for (const button of candidates) {
    if (await button.evaluate((el: Element) => !!el.closest('.MuiDataGrid-columnHeader'))) continue;
    if (!(await button.isVisible()) || (await button.isDisabled())) continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    await button.click();
    const menu = page.getByRole('menu');
    await waitOpen(menu, `${where}, menu ${name}`);
    await expectHealthy(`${where}, menu ${name}`);
    await closeWithEscape(menu);
    opened += 1;
    // One per kind is enough: a grid's row menus are the same component on every row.
    if (opened >= 3) break;
  }
  return opened;
}

/** The column menu of `header`, opened from its ⋮ button. */
async function openColumnMenu(header: Locator): Promise<Locator> {
  await header.hover();
  const field = await header.getAttribute('data-field');
  await header.locator('.MuiDataGrid-menuIconButton').click();
  const menu = page.getByRole('menu');
  await waitOpen(menu, `column menu of ${field}`);
  return menu;
}

/**
 * Every grid of the page: each column's menu, then, from the first column's, the filter panel
 * (and its selects) and the columns panel, when the grid offers them.
 */
async function exerciseGrids(where: string): Promise<number> {
  const grids = page.locator('.MuiDataGrid-root');
  const count = await grids.count();
  for (let g = 0; g < count; g += 1) {
    const grid = grids.nth(g);
    await grid.locator('[role="columnheader"]').first().waitFor();
    const headers = grid.locator('[role="columnheader"]:has(.MuiDataGrid-menuIconButton)');
    const columns = await headers.count();
    expect({ where, grid: g + 1, columnsWithMenu: columns > 0 }).toEqual({
      where,
      grid: g + 1,
      columnsWithMenu: true,
    });
    for (let c = 0; c < columns; c += 1) {
      const menu = await openColumnMenu(headers.nth(c));
      expect(await menu.getByRole('menuitem').count()).toBeGreaterThan(0);
      await expectHealthy(`${where}, grid ${g + 1}, column menu ${c + 1}`);
      await closeWithEscape(menu);
    }
    for (const item of [/^(Filtro|Filtrar|Filter)/i, /columnas|columns/i]) {
      const menu = await openColumnMenu(headers.first());
      const entry = menu.getByRole('menuitem', { name: item });
      if (!(await entry.count())) {
        await closeWithEscape(menu);
        continue;
      }
      await entry.first().click();
      const panel = page.locator('.MuiDataGrid-panel');
      await waitOpen(panel, `${where}, grid ${g + 1}, panel ${item}`);
      await expectHealthy(`${where}, grid ${g + 1}, panel ${item}`);
      await exerciseSelects(panel, `${where}, grid ${g + 1}, panel ${item}`);
      await closeWithEscape(panel);
    }
  }
  return count;
}

/** The first "new …" dialog of the page, its selects and date pickers; closed with Escape. */
async function exerciseCreateDialog(where: string): Promise<boolean> {
  const create = page.getByRole('main').getByRole('button', { name: /^(Nuevo|Nueva)\b/ });
  if (!(await create.count())) return false;
  await create.first().click();
  // By CSS, not by role: while one of its selects is open the dialog is aria-hidden.
  const dialog = page.locator('[role="dialog"]');
  await waitOpen(dialog, `${where}, dialog`);
  await expectHealthy(`${where}, dialog`);
  await exerciseSelects(dialog, `${where}, dialog`);
  await exerciseDatePickers(dialog, `${where}, dialog`);
  await closeWithEscape(dialog);
  await expectHealthy(`${where}, dialog closed`);
  return true;
}

/** Visits `path`, waits for its heading, and exercises everything MUI it shows. */
async function sweep(path: string, ready: () => Promise<void>) {
  await page.goto(`${server.url}${path}`);
  // A page that never gets ready has usually crashed: say how before the timeout does.
  await ready().catch(async (err: unknown) => {
    await expectHealthy(path);
    throw err;
  });
  await expectHealthy(path);
  // By CSS, not by role: while a menu or select is open, MUI hides the rest from the a11y tree.
  const main = page.locator('main');
  return {
    grids: await exerciseGrids(path),
    selects: await exerciseSelects(main, path),
    datePickers: await exerciseDatePickers(main, path),
    menus: await exerciseMenus(main, path),
    dialog: await exerciseCreateDialog(path),
  };
}

const heading = (name: string | RegExp) => () =>
  page.getByRole('heading', { level: 1, name }).waitFor();
const gridRows = () => page.locator('.MuiDataGrid-row').first().waitFor();

it('every grid, select, menu, date picker and dialog of the administration opens and closes cleanly', async () => {
  await withScreenshot(page, 'grid-interactions-configuracion', async () => {
    await signIn();
    const usuarios = await sweep('/configuracion/usuarios', gridRows);
    expect(usuarios.grids).toBe(1);
    expect(usuarios.selects).toBeGreaterThan(0);
    await sweep('/configuracion/roles', () => page.getByRole('tab', { name: 'Roles' }).waitFor());
    await sweep('/configuracion/auditoria', () =>
      page.getByRole('tab', { name: 'Auditoría' }).waitFor(),
    );
    await sweep('/configuracion/ajustes', () =>
      page.getByRole('tab', { name: 'Ajustes' }).waitFor(),
    );
  });
}, 180_000);

it('every grid, select, menu, date picker and dialog of events and periods opens and closes cleanly', async () => {
  await withScreenshot(page, 'grid-interactions-eventos', async () => {
    await signIn();
    const eventos = await sweep('/eventos', gridRows);
    expect(eventos.grids).toBe(1);
    expect(eventos.datePickers).toBeGreaterThan(0);
    expect(eventos.dialog).toBe(true);
    await sweep(`/eventos/${eventoId}/periodos`, heading('Jornadas de la cuadrícula'));
  });
}, 180_000);

it('every grid, select, menu, date picker and dialog of reports and filtering opens and closes cleanly', async () => {
  await withScreenshot(page, 'grid-interactions-informes', async () => {
    await signIn();
    const lista = await sweep('/informes', gridRows);
    expect(lista.grids).toBe(1);
    const informe = await sweep(`/informes/${informeId}`, gridRows);
    expect(informe.grids).toBe(1);
    expect(informe.menus).toBeGreaterThan(0);

    // The filter builder: a condition on a date shows a date-time picker; applied, the results.
    await page.goto(`${server.url}/filtrado`);
    await heading('Filtrado')();
    await page.getByRole('button', { name: 'Añadir condición' }).click();
    const condicion = page.getByRole('group', { name: 'Condición 1' });
    await condicion.getByRole('combobox', { name: 'Campo' }).click();
    await page.getByRole('option', { name: 'Fecha de inicio', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const main = page.locator('main');
    expect(await exerciseSelects(main, '/filtrado')).toBeGreaterThan(1);
    expect(await exerciseDatePickers(main, '/filtrado')).toBeGreaterThan(0);
    await condicion.getByRole('button', { name: /Quitar|Eliminar/ }).click();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await gridRows();
    expect(await exerciseGrids('/filtrado results')).toBe(1);
    await expectHealthy('/filtrado');
  });
}, 180_000);

it('in English too, the grids’ column menus open (the grid’s own locale texts)', async () => {
  await withScreenshot(page, 'grid-interactions-english', async () => {
    await signIn();
    // The stored choice the language menu writes (shared's LOCALE_KEY), read at start-up.
    await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
    for (const path of ['/configuracion/usuarios', '/eventos', '/informes']) {
      await page.goto(`${server.url}${path}`);
      await gridRows();
      const menu = await openColumnMenu(
        page.locator('[role="columnheader"]:has(.MuiDataGrid-menuIconButton)').first(),
      );
      await menu
        .getByRole('menuitem', { name: /Sort|Hide|Manage|Filter/ })
        .first()
        .waitFor();
      await expectHealthy(`${path} (en)`);
      await closeWithEscape(menu);
    }
  });
}, 120_000);
