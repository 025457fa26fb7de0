/**
 * A remote deploys alone (issue #14): "a remote can start using any MUI or MUI X component and
 * deploy alone: no edit outside its package, no shell rebuild".
 *
 * This builds ONE remote — e2e/fixtures/independent-remote, a release of remote_eventos made with
 * the product's webpack configuration — whose page uses MUI and MUI X components that neither the
 * shell nor any other package uses (Rating, SpeedDial, ToggleButtonGroup, ButtonGroup,
 * RadioGroup, Accordion, a Menu, MUI X's TimePicker and a DataGrid's column menu), imported from
 * the barrel as well as per path. It serves that build from its own origin, points the api's
 * REMOTE_EVENTOS_URL at it (the shell learns it from /config.js at run time) and runs it in
 * Chromium inside the shell built by `npm run build`, untouched. Each component is used the way
 * that needs MUI's internal contexts to be the shell's (a ButtonGroup's Button, a RadioGroup's
 * Radio, a Menu's items and keyboard, the grid's column menu); any page error, console error or
 * the error page fails it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, ROOT, startServer, type RunningServer } from '../support/server';
import { serveStatic, type StaticServer } from '../support/static-server';

const FIXTURE = path.join(ROOT, 'e2e', 'fixtures', 'independent-remote');
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
/** The `name` of MUI components' styled roots: in a build that bundles the component itself. */
const COMPONENTS = ['MuiSpeedDial', 'MuiToggleButtonGroup', 'MuiAccordion', 'MuiRating'];

/** An open menu: the SpeedDial's list of actions has role="menu" too, open or not. */
const MENU = '[role="menu"]:not(.MuiSpeedDial-actions)';

let outDir: string;
let remote: StaticServer;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
let shellBuildId: string;

/** `webpack --mode production` on the fixture, into `out`; rejects with its output on failure. */
function buildFixture(out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
        '--mode',
        'production',
        '--config',
        path.join(FIXTURE, 'webpack.config.cjs'),
        '--output-path',
        out,
      ],
      { cwd: FIXTURE, env: { ...process.env, NO_UPDATE_CHECK: '1' }, stdio: 'pipe' },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`fixture build failed (${code}):\n${output}`)),
    );
  });
}

/** The .js files of a build directory, with their text. */
function scripts(dir: string): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
}

function readBuildId(): string {
  return readFileSync(path.join(SHELL_DIST, 'build-id.json'), 'utf8');
}

/** A build of the fixture to use instead of building it (only while working on this test). */
const PREBUILT = process.env.INDEPENDENT_REMOTE_PREBUILT;

beforeAll(async () => {
  shellBuildId = readBuildId();
  if (PREBUILT) {
    outDir = PREBUILT;
  } else {
    outDir = mkdtempSync(path.join(tmpdir(), 'gestion-independent-remote-'));
    await buildFixture(outDir);
  }
  remote = await serveStatic(outDir);
  server = await startServer({ REMOTE_EVENTOS_URL: `${remote.url}/mf-manifest.json` });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await remote?.stop();
  if (outDir && !PREBUILT) rmSync(outDir, { recursive: true, force: true });
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
    if (msg.type() === 'error') problems.push(`console error: ${msg.text().split('\n')[0]}`);
  });
});
afterEach(async () => {
  await context?.close();
});

async function expectHealthy(where: string): Promise<void> {
  const errorPage = await page.getByTestId('error-status-code').count();
  expect({ where, problems, errorPage }).toEqual({ where, problems: [], errorPage: 0 });
}

/** Polls `read` until it gives `expected` (5 s), then asserts it: the failure shows the last value. */
async function until<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + 5000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  expect(value).toBe(expected);
}

/** Waits for `locator`; when it never shows, fails with what the page reported instead. */
async function shows(locator: Locator, where: string): Promise<void> {
  await locator.waitFor().catch(async (err: unknown) => {
    await expectHealthy(where);
    throw err;
  });
}

test('the remote built alone bundles none of the MUI components it renders: the shell serves them', () => {
  const own = scripts(outDir);
  const shell = scripts(SHELL_DIST);
  for (const name of COMPONENTS) {
    expect({
      name,
      inRemote: own.filter((s) => s.text.includes(`"${name}"`)).map((s) => s.file),
    }).toEqual({ name, inRemote: [] });
    expect({ name, inShell: shell.some((s) => s.text.includes(`"${name}"`)) }).toEqual({
      name,
      inShell: true,
    });
  }
});

test('the new components work inside the unchanged shell, opened and used in Chromium', async () => {
  await withScreenshot(page, 'independent-deploy', async () => {
    const shellRequests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === server.url) shellRequests.push(url.pathname);
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${server.url}/eventos`);
    await shows(page.getByRole('heading', { name: 'Escaparate' }), 'the page');
    await expectHealthy('the page');
    // The page came from the remote's own origin, its MUI components from the shell's build.
    expect(remote.requests).toEqual(
      expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']),
    );
    const speedDialFiles = scripts(SHELL_DIST)
      .filter((s) => s.text.includes('"MuiSpeedDial"'))
      .map((s) => `/${s.file}`);
    expect(shellRequests.filter((p) => speedDialFiles.includes(p))).not.toEqual([]);

    const main = page.locator('main');

    // Rating (from the barrel import, rewritten to its shared path).
    // Its radios are visually hidden under their stars: a click lands on the 4th star's label.
    const fourth = await main.locator('.MuiRating-root input[value="4"]').getAttribute('id');
    await main.locator(`.MuiRating-root label[for="${fourth}"]`).click();
    await until(() => main.getByTestId('valoracion').textContent(), 'Valoración: 4');

    // ButtonGroup → the shell's first-paint Button reads the group's context.
    const classOf = (name: string) => main.getByRole('button', { name }).getAttribute('class');
    expect(await classOf('Uno')).toMatch(/MuiButtonGroup-firstButton/);
    expect(await classOf('Dos')).toMatch(/MuiButtonGroup-lastButton/);

    // ToggleButtonGroup → ToggleButton.
    await main.getByRole('button', { name: 'Tarjetas' }).click();
    await until(
      () => main.getByRole('button', { name: 'Tarjetas' }).getAttribute('aria-pressed'),
      'true',
    );

    // RadioGroup → Radio.
    await main.getByRole('radio', { name: 'Pequeño' }).check();
    await until(() => main.getByRole('radio', { name: 'Mediano' }).isChecked(), false);

    // Accordion → AccordionSummary / AccordionDetails.
    await main.getByRole('button', { name: 'Más detalles' }).click();
    await shows(main.getByText('Detalles del escaparate'), 'accordion');
    await until(
      () => main.getByRole('button', { name: 'Más detalles' }).getAttribute('aria-expanded'),
      'true',
    );

    // Menu → MenuList → MenuItem, by keyboard (MenuList's context moves the focus).
    await main.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.locator(MENU);
    await shows(menu, 'menu');
    await page.keyboard.press('ArrowDown');
    await until(
      () =>
        menu
          .getByRole('menuitem', { name: 'Segundo' })
          .evaluate((el) => el === document.activeElement),
      true,
    );
    await page.keyboard.press('Enter');
    await until(() => main.getByTestId('elegido').textContent(), 'Elegido: Segundo');
    await menu.waitFor({ state: 'hidden' });
    await expectHealthy('menu');

    // MUI X TimePicker: its digital clock is MUI X code on the shell's MenuList and MenuItem.
    await main.locator('.MuiPickersInputBase-root .MuiInputAdornment-root button').click();
    const clock = page.locator('.MuiPickerPopper-root .MuiMultiSectionDigitalClock-root');
    await shows(clock, 'time picker');
    await clock.locator('[role="option"]').first().waitFor();
    await expectHealthy('time picker');
    await page.keyboard.press('Escape');
    await clock.waitFor({ state: 'hidden' });

    // MUI X DataGrid: the column menu ("MUI: MenuListContext is missing" in issue #14).
    const header = main.locator('.MuiDataGrid-columnHeader[data-field="nombre"]');
    await header.hover();
    await header.locator('.MuiDataGrid-menuIconButton').click();
    const columnMenu = page.locator(MENU);
    await shows(columnMenu, 'column menu');
    expect(await columnMenu.getByRole('menuitem').count()).toBeGreaterThan(0);
    await expectHealthy('column menu');
    await page.keyboard.press('Escape');
    await columnMenu.waitFor({ state: 'hidden' });

    // SpeedDial → SpeedDialAction (Fab and Tooltip).
    const dial = page.getByRole('button', { name: 'Acciones rápidas' });
    await dial.hover();
    await shows(page.getByRole('menuitem', { name: 'Copiar' }), 'speed dial');
    await until(() => dial.getAttribute('aria-expanded'), 'true');
    await expectHealthy('speed dial');

    // The shell's build was only read.
    expect(readBuildId()).toBe(shellBuildId);
  });
});
