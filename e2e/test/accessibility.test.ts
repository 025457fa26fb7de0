/**
 * No serious or critical WCAG 2.2 AA violation (axe-core: wcag2a, wcag2aa, wcag21a, wcag21aa,
 * wcag22aa) on any page or dialog, in Spanish and English, in light and dark mode (issue #14):
 * every page of the shell and the three remotes (the inventory is e2e/README.md), the account
 * lifecycle pages reached with real mailed tokens (support/lifecycle), and every dialog — "new",
 * edit, delete, a user's row actions, the bulk actions, roles, a group's editor, members and
 * delete, an audit entry, Ajustes › Correo's test mail, Ajustes › Inicio de sesión único's provider
 * editor and delete (issue #18), closing sessions, saving a filter as a
 * report, Mi cuenta › Tokens' and Ajustes › Aprovisionamiento's forms, the token shown once and
 * the revocations (issue #17). The CSV import dialogs and the user
 * page are checked in their own files. Each combination runs in its own browser context: the language as the visitor's stored
 * choice, the scheme as the system's (`prefers-color-scheme`), which the product follows. Every
 * finding of a combination is collected before the test fails, one readable line each.
 *
 * Also: the dark mode switch in the app bar overrides the system and is remembered.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeFindings, formatFindings, type AxeFinding } from '../support/axe';
import { launchBrowser, withScreenshot } from '../support/browser';
import {
  CONEXION_SCIM,
  EVENTO,
  GRUPO,
  TEXTS,
  TOKEN,
  USUARIO,
  type Locale,
} from '../support/accessibility-texts';
import { lifecycleLinks } from '../support/lifecycle';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../../api/test/support/smtp';
import { startOidcProvider, type OidcTestProvider } from '../../api/test/support/oidc-provider';
import { ssoProviderBody } from '../support/sso';
import { PROVEEDOR } from '../support/accessibility-texts';

type Scheme = 'light' | 'dark';

let server: RunningServer;
let smtp: TestSmtp;
let oidc: OidcTestProvider;
let browser: Browser;
let adminToken: string;
let eventoId: number;
let listadoId: number;
let graficoId: number;

async function api<T>(method: string, url: string, body: unknown, expected: number): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
  });
  if (res.status !== expected)
    throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Something on every page: two users, a group, an event with a period, a table and a chart. */
async function seed(): Promise<void> {
  const tokens: string[] = [];
  for (const [i, nombre] of [USUARIO, 'Bruno Díaz'].entries()) {
    tokens[i] = await registerUser(server.url, {
      email: `a11y${i}@e2e.test`,
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
  // A group giving a role, with Bruno as its member: the Grupos tab's row actions and dialogs.
  const me = await fetch(`${server.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${tokens[1]}` },
  });
  const brunoId = ((await me.json()) as { user: { id: number } }).user.id;
  const grupo = await api<{ id: number }>(
    'POST',
    '/grupos',
    { nombre: GRUPO, descripcion: 'Revisan los accesos', roles: ['gestor'] },
    201,
  );
  await api('PUT', `/grupos/${grupo.id}/miembros`, { añadir: [brunoId] }, 200);
  // Issue #18: a single sign-on provider with a group line (Ajustes › Inicio de sesión único and
  // /login's "Continuar con …"); the api checks the issuer's discovery, so a real provider.
  await api('POST', '/sso/proveedores', ssoProviderBody(oidc, PROVEEDOR), 201);
  // Issue #17: a personal API token of the admin's (Mi cuenta › Tokens lists it, with "Revocar")
  // and a SCIM connection (Ajustes › Aprovisionamiento).
  await api(
    'POST',
    '/tokens',
    {
      nombre: TOKEN,
      permisos: ['eventos:ver', 'informes:ver'],
      expiraEn: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
    201,
  );
  await api('POST', '/scim/tokens', { nombre: CONEXION_SCIM }, 201);
  // A second session of the admin's, so Mi cuenta offers to close one (and the others).
  await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const periodoDe = (dia: number) => ({
    nombre: `Sesión ${dia}`,
    fechaInicio: `2026-03-${dia}T09:00:00.000Z`,
    fechaFin: `2026-03-${dia}T11:00:00.000Z`,
  });
  eventoId = (
    await api<{ id: number }>(
      'POST',
      '/eventos',
      {
        nombre: EVENTO,
        lugar: 'Teruel',
        estado: 'publicado',
        fechaInicio: '2026-03-10T09:00:00.000Z',
        fechaFin: '2026-03-12T18:00:00.000Z',
      },
      201,
    )
  ).id;
  for (const estado of ['borrador', 'finalizado', 'cancelado']) {
    await api(
      'POST',
      '/eventos',
      {
        nombre: `Evento ${estado}`,
        lugar: 'Soria',
        estado,
        fechaInicio: '2026-02-10T09:00:00.000Z',
        fechaFin: '2026-02-12T18:00:00.000Z',
      },
      201,
    );
  }
  await api('POST', `/eventos/${eventoId}/periodos`, periodoDe(10), 201);
  await api('POST', `/eventos/${eventoId}/periodos`, periodoDe(11), 201);
  listadoId = (
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
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  oidc = await startOidcProvider({ redirectUris: ['http://127.0.0.1/api/auth/sso/1/callback'] });
  // The lifecycle links of four combinations sign in and register more often than production's
  // per-minute and per-hour limits allow one address.
  server = await startServer({
    SMTP_URL: smtp.url,
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
  });
  browser = await launchBrowser();
  await seed();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await oidc?.close();
});

/** A visitor whose system is in `scheme` and whose stored language is `locale`. */
async function openContext(locale: Locale, scheme: Scheme): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: locale === 'es' ? 'es-ES' : 'en-GB',
    timezoneId: 'UTC',
    colorScheme: scheme,
    // axe is injected as an inline script, which the product's CSP refuses.
    bypassCSP: true,
  });
  // The stored choice the language menu writes (shared's LOCALE_KEY).
  await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
  return context;
}

/** Waits until the page has its heading, its data and no transition left running. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  // MUI's fades and the grid's first layout; colours mid-transition read as low contrast.
  await page.waitForTimeout(400);
}

/** Checks every page and dialog of one language and scheme; returns what axe found. */
async function sweep(page: Page, locale: Locale, scheme: Scheme): Promise<AxeFinding[]> {
  const t = TEXTS[locale];
  const findings: AxeFinding[] = [];
  const scheme_ = () =>
    page.evaluate(() => document.documentElement.getAttribute('data-color-scheme'));
  const check = async (where: string) => {
    // The page is really in the language and the scheme under test.
    expect({
      where,
      lang: await page.evaluate(() => document.documentElement.lang),
      scheme: await scheme_(),
    }).toEqual({
      where,
      lang: locale,
      scheme,
    });
    findings.push(...(await axeFindings(page, `${where} [${locale}, ${scheme}]`)));
  };
  const visit = async (path: string, where = path) => {
    await page.goto(`${server.url}${path}`);
    await settle(page);
    await check(where);
  };
  // Dialogs are checked in three of the four combinations: their words in English on the light
  // scheme, their colours on the dark scheme in Spanish. The fourth adds nothing axe could see
  // and took a quarter of this file's minutes; its pages are still all checked.
  const withDialogs = !(locale === 'en' && scheme === 'dark');
  /** Opens a dialog with the button named `name` (inside `main`), checks it, closes it. */
  const dialog = async (where: string, open: () => Promise<void>) => {
    if (!withDialogs) return;
    await open();
    const opened = page.locator('[role="dialog"]').last();
    await opened.waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await check(where);
    await page.keyboard.press('Escape');
    await opened.waitFor({ state: 'hidden' });
  };
  const click = (name: string | RegExp) => () =>
    page
      .getByRole('main')
      .getByRole('button', { name, exact: typeof name === 'string' })
      .first()
      .click();

  // Signed out, and the lifecycle pages in the states their mailed links put them in (the
  // verification and e-mail change links are spent on arrival: new ones for each combination).
  await visit('/login');
  await visit('/register');
  const links = await lifecycleLinks(server.url, smtp, adminToken, `${locale}${scheme}`);
  await visit('/recuperar');
  await visit(links.restablecer, '/restablecer (form)');
  await visit('/restablecer', '/restablecer (no valid link)');
  await visit(links.invitacion, '/invitacion (form)');
  await visit(links.verificar, '/verificar (verified)');
  await visit('/verificar', '/verificar (ask for a new link)');
  await visit(links.confirmarCorreo, '/confirmar-correo (changed)');
  await visit('/verificar-acceso?token=no-existe', '/verificar-acceso');
  // Issue #18: the return from a single sign-on provider that refused the person.
  await visit('/login/sso?error=SSO_DOMINIO_NO_PERMITIDO', '/login/sso (refused)');
  // Signed in with a temporary password: the forced change.
  await page.evaluate(
    (token) => window.localStorage.setItem('auth.token', token),
    links.temporalToken,
  );
  await visit('/cambiar-password');

  // Signed in as the admin, who sees every page and every action: the session the api gave at
  // seed time, stored where the sign-in form stores it (the form itself is checked on /login, and
  // this way the sweep does not depend on the sign-in flow's steps or language).
  await page.evaluate((token) => window.localStorage.setItem('auth.token', token), adminToken);
  await visit('/');
  await visit('/eventos');
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await dialog('/eventos: new event', click(t.newEvento));
  await dialog('/eventos: edit event', click(t.editEvento));
  await dialog('/eventos: delete confirmation', click(t.deleteEvento));
  await visit(`/eventos/${eventoId}/periodos`, '/eventos/:id/periodos');
  await dialog('/eventos/:id/periodos: new period', click(t.newPeriodo));
  await dialog('/eventos/:id/periodos: edit period', click(t.editPeriodo));
  await dialog('/eventos/:id/periodos: delete confirmation', click(t.deletePeriodo));
  await visit('/filtrado');
  await click(t.apply)();
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await dialog('/filtrado: save as report', click(t.saveAsReport));
  await visit('/informes');
  await dialog('/informes: new report', click(t.newInforme));
  await dialog('/informes: delete confirmation', click(t.deleteInforme));
  await visit(`/informes/${listadoId}`, '/informes/:id (table)');
  await dialog('/informes/:id: edit report', click(t.edit));
  await visit(`/informes/${graficoId}`, '/informes/:id (chart)');
  await visit('/configuracion', '/configuracion (Mi cuenta)');
  await dialog('/configuracion: close a session', click(new RegExp(`^${t.closeSession}`)));
  await dialog('/configuracion: close the other sessions', click(t.closeOthers));
  await dialog('/configuracion: add a passkey', click(t.addPasskey));
  // Issue #17: Mi cuenta › Tokens — create, the token shown once (a real one), revoke.
  await dialog('/configuracion: create a token', click(t.createToken));
  await dialog('/configuracion: a new token shown once', async () => {
    await click(t.createToken)();
    const form = page.getByRole('dialog', { name: t.createTokenTitle });
    await form.getByRole('textbox', { name: t.tokenName }).fill(`axe ${locale} ${scheme}`);
    await form.getByRole('checkbox', { name: t.tokenPermission }).check();
    await form.getByRole('button', { name: t.create, exact: true }).click();
    await form.waitFor({ state: 'hidden' });
  });
  await dialog('/configuracion: revoke a token', click(t.revokeToken));
  await visit('/configuracion/usuarios');
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await dialog('/configuracion/usuarios: new user', click(t.newUsuario));
  // Every item of a user's row menu opens a dialog: edit, roles, deactivate, reset link, …
  const actions = page.getByRole('button', { name: t.actionsOf });
  await actions.click();
  // Dialogs only: an item that is a link (to the user's page) navigates instead.
  const items = await page
    .getByRole('menuitem')
    .evaluateAll((els) =>
      els.filter((e) => !e.hasAttribute('href')).map((e) => e.textContent ?? ''),
    );
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  expect(items.length).toBeGreaterThanOrEqual(5);
  for (const item of items) {
    await dialog(`/configuracion/usuarios: ${item}`, async () => {
      await actions.click();
      await page.getByRole('menuitem', { name: item, exact: true }).click();
    });
  }
  // A selection's bulk actions bar, and each of its confirmations.
  await page
    .locator('.MuiDataGrid-row', { hasText: USUARIO })
    .locator('input[type="checkbox"]')
    .check();
  const bar = page.getByRole('toolbar', { name: t.bulkBar });
  await bar.waitFor();
  await check('/configuracion/usuarios: bulk actions bar');
  const bulk = bar.locator('button:enabled');
  for (let i = 0, n = await bulk.count(); i < n; i += 1) {
    const name = (await bulk.nth(i).textContent()) ?? '';
    // The confirmations (activate, deactivate, sign out, delete, a role), not "select all".
    if (!/seleccionad|selected|rol/i.test(name)) continue;
    await dialog(`/configuracion/usuarios: bulk ${name}`, () => bulk.nth(i).click());
  }
  await visit('/configuracion/roles');
  await dialog('/configuracion/roles: new role', click(t.newRole));
  await dialog('/configuracion/roles: role editor', click(t.editRole));
  await dialog('/configuracion/roles: delete confirmation', click(t.deleteRole));
  await visit('/configuracion/grupos');
  await page.locator('.MuiDataGrid-row').first().waitFor();
  await dialog('/configuracion/grupos: new group', click(t.newGrupo));
  await dialog('/configuracion/grupos: group editor', click(t.editGrupo));
  await dialog('/configuracion/grupos: members', click(t.membersGrupo));
  await dialog('/configuracion/grupos: delete confirmation', click(t.deleteGrupo));
  await visit('/configuracion/auditoria');
  await dialog('/configuracion/auditoria: entry detail', () =>
    page.locator('main tbody tr[tabindex="0"]').first().click(),
  );
  await visit('/configuracion/ajustes', '/configuracion/ajustes (with Correo)');
  await dialog('/configuracion/ajustes: test mail', click(t.testMail));
  // Issue #18: Ajustes › Inicio de sesión único — new, a provider's editor, its delete.
  await dialog('/configuracion/ajustes: new SSO provider', click(t.newProveedor));
  await dialog('/configuracion/ajustes: SSO provider editor', click(t.editProveedor));
  await dialog('/configuracion/ajustes: delete SSO provider', click(t.deleteProveedor));
  // Issue #17: Ajustes › Aprovisionamiento — a connection token's form and its revocation.
  await dialog('/configuracion/ajustes: create a SCIM token', click(t.createToken));
  await dialog('/configuracion/ajustes: revoke a SCIM token', click(t.revokeScim));
  await visit('/accesodenegado');
  await visit('/no-existe', '404');
  return findings;
}

const COMBINATIONS: { locale: Locale; scheme: Scheme }[] = [
  { locale: 'es', scheme: 'light' },
  { locale: 'es', scheme: 'dark' },
  { locale: 'en', scheme: 'light' },
  { locale: 'en', scheme: 'dark' },
];

it.each(COMBINATIONS)(
  'no page or dialog has a serious or critical WCAG 2.2 AA violation ($locale, $scheme mode)',
  async ({ locale, scheme }) => {
    const context = await openContext(locale, scheme);
    const page = await context.newPage();
    try {
      await withScreenshot(page, `accessibility-${locale}-${scheme}`, async () => {
        const findings = await sweep(page, locale, scheme);
        if (findings.length) {
          throw new Error(
            `axe found ${findings.length} serious or critical violation(s):\n${formatFindings(findings)}`,
          );
        }
      });
    } finally {
      await context.close();
    }
  },
  300_000,
);

it('the app bar’s dark mode switch overrides the system, is remembered, and is used before React starts', async () => {
  const context = await openContext('es', 'light');
  const page = await context.newPage();
  try {
    await withScreenshot(page, 'accessibility-dark-mode-switch', async () => {
      await page.goto(`${server.url}/login`);
      await page.evaluate((token) => window.localStorage.setItem('auth.token', token), adminToken);
      await page.goto(`${server.url}/`);
      const toggle = page.getByRole('switch', { name: TEXTS.es.darkMode });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();

      // From the keyboard.
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-color-scheme')),
      ).toBe('dark');
      expect(await background()).not.toBe(light);
      expect(await page.evaluate(() => window.localStorage.getItem('colorScheme'))).toBe('dark');

      // Reloaded on a light system: dark from the stored choice.
      await page.reload();
      await page.getByRole('switch', { name: TEXTS.es.darkMode }).waitFor();
      expect(
        await page.getByRole('switch', { name: TEXTS.es.darkMode }).getAttribute('aria-checked'),
      ).toBe('true');
      expect(await background()).not.toBe(light);

      // No flash of the light scheme: with React held back, the placeholder index.html paints is
      // already dark (main.js puts the stored choice on <html> before the first-paint chunk).
      await page.route('**/first-paint.*.js', (route) => route.abort());
      await page.goto(`${server.url}/`);
      const placeholder = page.locator('#root > [role="status"]');
      await page.waitForFunction(
        () => document.documentElement.getAttribute('data-color-scheme') === 'dark',
      );
      expect(await placeholder.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgb(18, 18, 18)',
      );
    });
  } finally {
    await context.close();
  }
}, 60_000);
