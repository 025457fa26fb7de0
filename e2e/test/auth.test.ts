/**
 * Sign in, register and sign out as a person does it (issue #3, SPEC §4 and §8).
 */
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
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
}

const path = () => new URL(page.url()).pathname;

it('signs the admin in: "Bienvenido de nuevo" and the home page', async () => {
  await withScreenshot(page, 'login-ok', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await page.getByText('Bienvenido de nuevo').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    expect(path()).toBe('/');
    expect(await page.title()).not.toBe('');
  });
});

it('shows "Credenciales incorrectas" for a wrong password and stays on /login', async () => {
  await withScreenshot(page, 'login-wrong-password', async () => {
    await signIn(ADMIN.email, 'no-es-la-clave-correcta');
    await page.getByText('Credenciales incorrectas').first().waitFor();
    expect(path()).toBe('/login');
  });
});

it('registers a new account: "Cuenta creada correctamente" and then /login', async () => {
  await withScreenshot(page, 'register', async () => {
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Nombre').fill('Lucía Fernández');
    await page.getByLabel('Correo electrónico').fill('lucia@e2e.test');
    await page.getByLabel(/^Contraseña/).fill('Lucia-Segura-2026');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Cuenta creada correctamente').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(path()).toBe('/login');
  });
});

it('signs out: "Sesión cerrada", /login, and Back does not return into the app', async () => {
  await withScreenshot(page, 'logout', async () => {
    await signIn(ADMIN.email, ADMIN.password);
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByText('Sesión cerrada').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
    // Logout replaced the history entry: Back leaves the app or stays on the sign-in page,
    // never shows a page of the signed-in area.
    await page.goBack().catch(() => undefined);
    await page.waitForTimeout(500);
    if (page.url().startsWith(server.url)) {
      expect(path()).toBe('/login');
      await page.getByLabel('Correo electrónico').waitFor();
    } else {
      expect(page.url()).toBe('about:blank');
    }
  });
});

it('renders "Page not found" for an unknown route', async () => {
  await withScreenshot(page, 'not-found', async () => {
    await page.goto(`${server.url}/no-existe/de-verdad`);
    await page.getByText('Page not found').waitFor();
  });
});

it('sends a "usuario" who opens /filtrado to /accesodenegado', async () => {
  await withScreenshot(page, 'access-denied', async () => {
    await registerUser(server.url, {
      email: 'usuario@e2e.test',
      password: 'Usuario-Clave-2026',
      nombre: 'Usuario Raso',
    });
    await signIn('usuario@e2e.test', 'Usuario-Clave-2026');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${server.url}/filtrado`);
    await page.waitForURL((u) => u.pathname === '/accesodenegado');
    expect(path()).toBe('/accesodenegado');
  });
});

it('logs out with "Datos de usuario inválidos" when the stored token’s user lost every role', async () => {
  await withScreenshot(page, 'user-without-roles', async () => {
    const email = 'sinroles@e2e.test';
    const token = await registerUser(server.url, {
      email,
      password: 'Sin-Roles-Clave-2026',
      nombre: 'Sin Roles',
    });
    const db = new Database(server.dbPath);
    try {
      const user = db.prepare('SELECT id FROM usuarios WHERE email = ?').get(email) as {
        id: number;
      };
      db.prepare('DELETE FROM usuario_roles WHERE usuario_id = ?').run(user.id);
    } finally {
      db.close();
    }
    await page.goto(`${server.url}/login`);
    await page.evaluate((t) => localStorage.setItem('auth.token', t), token);
    // Watched from the navigation's commit, not its load: on a slow machine the toast (shown
    // for TOASTS.autoHideMs) could come and go before the page's load event.
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    await page.getByText('Datos de usuario inválidos').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
  });
});
