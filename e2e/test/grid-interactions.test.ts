/**
 * Every interactive MUI and MUI X element works inside a federated remote (issue #14): opening a
 * data grid's column menu replaced the page with "500 – Error" ("MUI: MenuListContext is
 * missing") because a remote had bundled its own copy of an MUI component the shell shares.
 * On every page of the shell and the three remotes (the inventory is e2e/README.md), this opens
 * each grid's column menu (⋮) on every column with the filter and columns panels it offers, the
 * page's selects, menus and date pickers, and every dialog — the "new …" ones, the row actions,
 * the bulk actions, the details — with their own selects and pickers, closing each with Escape;
 * and the account lifecycle pages reached with real mailed tokens. It fails on any page error,
 * any console error (MUI and React report there) and on the error page (support/interactions).
 *
 * One server, one browser and one signed-in page for the whole file; the CSV import dialogs, the
 * user page and the English texts have their own files (csv-import, usuario-detalle, english).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { interactionsOn, type Interactions } from '../support/interactions';
import { lifecycleLinks, type LifecycleLinks } from '../support/lifecycle';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../../api/test/support/smtp';
import { startOidcProvider, type OidcTestProvider } from '../../api/test/support/oidc-provider';
import { ssoProviderBody } from '../support/sso';

let server: RunningServer;
let smtp: TestSmtp;
let oidc: OidcTestProvider;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ui: Interactions;
let adminToken: string;
let links: LifecycleLinks;
let eventoId: number;
let informeId: number;
let graficoId: number;

/** Calls the api as the admin; throws unless it answers `expected`. */
async function api<T>(method: string, url: string, body: unknown, expected: number) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
  });
  if (res.status !== expected)
    throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Rows for every grid and dialog: users, a group, an event with a period, a table and a chart. */
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
  adminToken = ((await login.json()) as { token: string }).token;
  await api(
    'POST',
    '/grupos',
    { nombre: 'Revisores', descripcion: 'Revisan los accesos', roles: ['gestor'] },
    201,
  );
  eventoId = (
    await api<{ id: number }>(
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
    )
  ).id;
  await api(
    'POST',
    `/eventos/${eventoId}/periodos`,
    {
      nombre: 'Apertura',
      fechaInicio: '2026-03-10T09:00:00.000Z',
      fechaFin: '2026-03-10T11:00:00.000Z',
    },
    201,
  );
  informeId = (
    await api<{ id: number }>(
      'POST',
      '/informes',
      {
        nombre: 'Todos los eventos',
        tipo: 'listado',
        filtros: { entidad: 'eventos', filtros: [] },
      },
      201,
    )
  ).id;
  graficoId = (
    await api<{ id: number }>(
      'POST',
      '/informes',
      { nombre: 'Por estado', tipo: 'eventos-por-estado', filtros: null },
      201,
    )
  ).id;
  // Ajustes › Inicio de sesión único (issue #18): a provider with a group line, so its editor
  // and delete confirmation open (the api checks the issuer's discovery: a real provider).
  await api('POST', '/sso/proveedores', ssoProviderBody(oidc, 'Acme ID'), 201);
  links = await lifecycleLinks(server.url, smtp, adminToken, 'smoke');
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  oidc = await startOidcProvider({ redirectUris: ['http://127.0.0.1/api/auth/sso/1/callback'] });
  // Many sign-ins from one address in a few minutes: above the per-minute limit of production.
  server = await startServer({
    SMTP_URL: smtp.url,
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
  });
  browser = await launchBrowser();
  await seed();
  context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-ES',
    timezoneId: 'UTC',
  });
  page = await context.newPage();
  ui = interactionsOn(page);
}, 90_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await oidc?.close();
});
beforeEach(() => ui.reset());

/** Visits `path`, waits until `ready`, and exercises everything MUI it shows. */
async function sweep(path: string, ready: () => Promise<void>) {
  await page.goto(`${server.url}${path}`);
  // A page that never gets ready has usually crashed: say how before the timeout does.
  await ready().catch(async (err: unknown) => {
    await ui.expectHealthy(path);
    throw err;
  });
  return ui.exercisePage(path);
}

const heading = (name: string | RegExp) => () =>
  page.getByRole('heading', { level: 1, name }).waitFor();
const tab = (name: string) => () => page.getByRole('tab', { name, selected: true }).waitFor();
const gridRows = () => page.locator('.MuiDataGrid-row').first().waitFor();
/** A button of `main` by its exact accessible name. */
const button = (name: string | RegExp) =>
  page
    .getByRole('main')
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first();
const click = (name: string | RegExp) => () => button(name).click();

it('every grid, select, menu, date picker and "new" dialog of the administration and the app bar', async () => {
  await withScreenshot(page, 'grid-interactions-configuracion', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await ui.expectHealthy('/');
    // The app bar: the language menu (once the layout has rendered it).
    await page
      .locator('header')
      .getByRole('button', { name: /^Idioma:/ })
      .waitFor();
    expect(await ui.exerciseMenus(page.locator('header'), 'app bar')).toBeGreaterThan(0);

    const usuarios = await sweep('/configuracion/usuarios', gridRows);
    expect(usuarios).toMatchObject({ grids: 1, dialog: true });
    expect(usuarios.selects).toBeGreaterThan(0);
    expect(usuarios.menus).toBeGreaterThan(0);
    expect((await sweep('/configuracion/roles', tab('Roles'))).dialog).toBe(true);
    expect(await sweep('/configuracion/grupos', gridRows)).toMatchObject({
      grids: 1,
      dialog: true,
    });
    await sweep('/configuracion/auditoria', tab('Auditoría'));
    const ajustes = await sweep('/configuracion/ajustes', tab('Ajustes'));
    expect(ajustes.selects).toBeGreaterThan(0);
    const cuenta = await sweep('/configuracion', tab('Mi cuenta'));
    expect(cuenta.selects).toBeGreaterThan(0);
  });
}, 180_000);

it('every row action, bulk action, detail and confirmation dialog of the administration', async () => {
  await withScreenshot(page, 'grid-interactions-configuracion-dialogs', async () => {
    // Usuarios: each item of a row's menu opens its dialog (Editar, Asignar roles, Desactivar,
    // Enviar enlace de restablecimiento, Cerrar sus sesiones, Eliminar).
    await page.goto(`${server.url}/configuracion/usuarios`);
    await gridRows();
    const actions = button('Acciones de Ana Ruiz');
    await actions.click();
    // Dialogs only: an item that is a link (to the user's page) navigates instead.
    const items = await page
      .getByRole('menuitem')
      .evaluateAll((els) =>
        els.filter((e) => !e.hasAttribute('href')).map((e) => e.textContent ?? ''),
      );
    await ui.closeWithEscape(page.getByRole('menu'));
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      await ui.exerciseDialog(`/configuracion/usuarios, row action ${item}`, async () => {
        await actions.click();
        await page.getByRole('menuitem', { name: item, exact: true }).click();
      });
    }
    // The bulk actions of a selection: its role picker, each button's confirmation.
    await page
      .locator('.MuiDataGrid-row', { hasText: 'Ana Ruiz' })
      .locator('input[type="checkbox"]')
      .check();
    const bar = page.getByRole('toolbar', { name: 'Acciones sobre los usuarios seleccionados' });
    await ui.waitOpen(bar, '/configuracion/usuarios, bulk actions');
    await ui.exerciseSelects(bar, '/configuracion/usuarios, bulk actions');
    // Each action asks first (activate, deactivate, sign out, delete; give or take a role once
    // one is chosen); another kind of button (selecting every match) opens nothing.
    const bulk = bar.locator('button:enabled');
    const asks = /seleccionad|rol\b/i;
    let confirmations = 0;
    for (let i = 0, n = await bulk.count(); i < n; i += 1) {
      const name = (await bulk.nth(i).textContent()) ?? '';
      if (!asks.test(name)) continue;
      await ui.exerciseDialog(`/configuracion/usuarios, bulk ${name}`, () => bulk.nth(i).click());
      confirmations += 1;
    }
    expect(confirmations).toBeGreaterThanOrEqual(4);

    // Roles: the editor of an existing role and the delete confirmation.
    await page.goto(`${server.url}/configuracion/roles`);
    await tab('Roles')();
    await ui.exerciseDialog('/configuracion/roles, edit', click('Editar el rol gestor'));
    await ui.exerciseDialog('/configuracion/roles, delete', click('Eliminar el rol gestor'));

    // Grupos: a group's editor, its members dialog and the delete confirmation.
    await page.goto(`${server.url}/configuracion/grupos`);
    await gridRows();
    await ui.exerciseDialog('/configuracion/grupos, edit', click('Editar Revisores'));
    await ui.exerciseDialog('/configuracion/grupos, members', click('Miembros de Revisores'));
    await ui.exerciseDialog('/configuracion/grupos, delete', click('Eliminar Revisores'));

    // Auditoría: an entry's detail.
    await page.goto(`${server.url}/configuracion/auditoria`);
    await tab('Auditoría')();
    // A row of an entry (they are focusable), not the loading or empty row.
    await ui.exerciseDialog('/configuracion/auditoria, detail', () =>
      page.locator('main tbody tr[tabindex="0"]').first().click(),
    );

    // Ajustes › Correo: the test mail dialog.
    await page.goto(`${server.url}/configuracion/ajustes`);
    await tab('Ajustes')();
    await ui.exerciseDialog('/configuracion/ajustes, test mail', click('Enviar correo de prueba'));
    // Ajustes › Inicio de sesión único: a provider's editor (its role selects) and its delete.
    await ui.exerciseDialog('/configuracion/ajustes, SSO provider', click('Editar Acme ID'));
    await ui.exerciseDialog(
      '/configuracion/ajustes, delete SSO provider',
      click('Eliminar Acme ID'),
    );

    // Mi cuenta › Sesiones: closing one other session, closing all others.
    await page.goto(`${server.url}/configuracion`);
    await tab('Mi cuenta')();
    await ui.exerciseDialog('/configuracion, close a session', click(/^Cerrar sesión de /));
    await ui.exerciseDialog('/configuracion, close the others', click('Cerrar las demás sesiones'));
  });
}, 180_000);

it('every grid, select, menu, date picker and dialog of events and periods', async () => {
  await withScreenshot(page, 'grid-interactions-eventos', async () => {
    const eventos = await sweep('/eventos', gridRows);
    expect(eventos).toMatchObject({ grids: 1, dialog: true });
    expect(eventos.datePickers).toBeGreaterThan(0);
    const evento = 'Jornadas de la cuadrícula';
    await ui.exerciseDialog('/eventos, edit', click(`Editar ${evento}`));
    await ui.exerciseDialog('/eventos, delete', click(`Eliminar ${evento}`));

    const periodos = await sweep(`/eventos/${eventoId}/periodos`, heading(evento));
    expect(periodos.dialog).toBe(true);
    await ui.exerciseDialog('/eventos/:id/periodos, edit', click('Editar Apertura'));
    await ui.exerciseDialog('/eventos/:id/periodos, delete', click('Eliminar Apertura'));
  });
}, 180_000);

it('every grid, select, menu, date picker and dialog of reports and filtering', async () => {
  await withScreenshot(page, 'grid-interactions-informes', async () => {
    const lista = await sweep('/informes', gridRows);
    expect(lista).toMatchObject({ grids: 1, dialog: true });
    await ui.exerciseDialog('/informes, delete', click('Eliminar Todos los eventos'));
    const informe = await sweep(`/informes/${informeId}`, gridRows);
    expect(informe.grids).toBe(1);
    expect(informe.menus).toBeGreaterThan(0);
    await ui.exerciseDialog('/informes/:id, edit', click('Editar'));
    await sweep(`/informes/${graficoId}`, () => button('Editar').waitFor());
    await ui.exerciseDialog('/informes/:id (chart), edit', click('Editar'));

    // The filter builder: a condition on a date shows a date-time picker; applied, the results.
    await page.goto(`${server.url}/filtrado`);
    await heading('Filtrado')();
    await page.getByRole('button', { name: 'Añadir condición' }).click();
    const condicion = page.getByRole('group', { name: 'Condición 1' });
    await condicion.getByRole('combobox', { name: 'Campo' }).click();
    await page.getByRole('option', { name: 'Fecha de inicio', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await ui.exerciseSelects(ui.main(), '/filtrado')).toBeGreaterThan(1);
    expect(await ui.exerciseDatePickers(ui.main(), '/filtrado')).toBeGreaterThan(0);
    await condicion.getByRole('button', { name: /Quitar|Eliminar/ }).click();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await gridRows();
    expect(await ui.exerciseGrids('/filtrado results')).toBe(1);
    await ui.exerciseDialog('/filtrado, save as report', click('Guardar como informe'));
    await ui.expectHealthy('/filtrado');
  });
}, 180_000);

it('the home page, the access-denied page and a 404 render cleanly', async () => {
  await withScreenshot(page, 'grid-interactions-shell', async () => {
    await sweep('/', () => page.locator('main h1').first().waitFor());
    await sweep('/accesodenegado', () => page.locator('main h1').first().waitFor());
    await page.goto(`${server.url}/no-existe`);
    await page.locator('h1').first().waitFor();
    // The 404 page is an error page by design: only errors reported by the page count here.
    expect(ui.problems).toEqual([]);
  });
}, 60_000);

it('the signed-out pages and the lifecycle pages reached with real mailed tokens', async () => {
  const visitor = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-ES',
  });
  const p = await visitor.newPage();
  const v = interactionsOn(p);
  try {
    await withScreenshot(p, 'grid-interactions-lifecycle', async () => {
      const visit = async (path: string, name: string | RegExp) => {
        await p.goto(`${server.url}${path}`);
        await v.waitOpen(p.getByText(name).first(), path);
        await v.exercisePage(path);
        await v.exerciseMenus(p.locator('header'), `${path}, header`);
      };
      await visit('/login', 'Iniciar sesión');
      await visit('/register', 'Crear cuenta');
      await visit('/recuperar', '¿Ha olvidado su contraseña?');
      await visit(links.restablecer, 'Elija una contraseña nueva');
      await visit('/restablecer', 'El enlace no es válido o ha caducado');
      await visit(links.invitacion, 'Active su cuenta');
      await visit(links.verificar, 'Correo electrónico verificado');
      await visit('/verificar', 'Verificar el correo electrónico');
      await visit(links.confirmarCorreo, 'Correo electrónico cambiado');
      await visit('/verificar-acceso?token=no-existe', 'Confirme que es usted');
      // Issue #18: the return from a single sign-on provider that refused the person.
      await visit('/login/sso?error=SSO_DOMINIO_NO_PERMITIDO', 'Inicio de sesión único');
      // Signed in with a temporary password: kept on /cambiar-password.
      await p.evaluate(
        (token) => window.localStorage.setItem('auth.token', token),
        links.temporalToken,
      );
      await visit('/cambiar-password', 'Cambie su contraseña');
    });
  } finally {
    await visitor.close();
  }
}, 120_000);

it('in English too, the grids’ column menus open (the grid’s own locale texts)', async () => {
  const english = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'en-GB',
  });
  await english.addInitScript((token) => {
    // The stored choice the language menu writes (shared's LOCALE_KEY), and the admin's session.
    window.localStorage.setItem('locale', 'en');
    window.localStorage.setItem('auth.token', token);
  }, adminToken);
  const p = await english.newPage();
  const en = interactionsOn(p);
  try {
    await withScreenshot(p, 'grid-interactions-english', async () => {
      for (const path of ['/configuracion/usuarios', '/eventos', '/informes']) {
        await p.goto(`${server.url}${path}`);
        await p.locator('.MuiDataGrid-row').first().waitFor();
        const menu = await en.openColumnMenu(
          p.locator('[role="columnheader"]:has(.MuiDataGrid-menuIconButton)').first(),
        );
        await menu
          .getByRole('menuitem', { name: /Sort|Hide|Manage|Filter/ })
          .first()
          .waitFor();
        await en.expectHealthy(`${path} (en)`);
        await en.closeWithEscape(menu);
      }
    });
  } finally {
    await english.close();
  }
}, 120_000);
