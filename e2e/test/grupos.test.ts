/**
 * Groups in the console (issue #17) as an administrator uses them: creates a group giving
 * `gestor` in the Grupos tab of /configuracion, adds a registered user to it through the members
 * dialog, and the user's effective roles (GET /api/auth/me) carry `gestor` from the group; a
 * search finds it; deleting it asks first and takes the role away.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const MIEMBRO = {
  email: 'miembro@e2e.test',
  password: 'Miembro-Clave-2026',
  nombre: 'Lucía Miembro',
};

jest.setTimeout(120_000);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The member's effective role nombres and their origins, as GET /api/auth/me answers. */
async function rolesOf(token: string) {
  const res = await fetch(`${server.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    user: { roles: { nombre: string; origen?: { directo: boolean; grupos: string[] } }[] };
  };
  return body.user.roles.map((r) => [r.nombre, r.origen ?? null]);
}

it('creates a group, adds a member who then holds its role, and deletes it', async () => {
  await withScreenshot(page, 'grupos', async () => {
    const token = await registerUser(server.url, MIEMBRO);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto(`${server.url}/configuracion/grupos`);
    await page.getByRole('tab', { name: 'Grupos', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Nuevo grupo' }).click();
    const editor = page.getByRole('dialog', { name: 'Nuevo grupo' });
    await editor.getByRole('textbox', { name: /Nombre/ }).fill('Planificación');
    await editor.getByRole('checkbox', { name: 'gestor' }).check();
    await editor.getByRole('button', { name: 'Crear' }).click();
    await editor.waitFor({ state: 'hidden' });
    const grid = page.getByRole('grid', { name: 'Grupos' });
    await grid.getByRole('gridcell', { name: 'Planificación', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Miembros de Planificación' }).click();
    const members = page.getByRole('dialog', { name: 'Miembros de «Planificación»' });
    await members.getByText('El grupo no tiene miembros').waitFor();
    await members
      .getByRole('searchbox', { name: 'Buscar usuarios por nombre o correo' })
      .fill('miembro@');
    await members.getByRole('button', { name: `Añadir a ${MIEMBRO.nombre}` }).click();
    await members.getByRole('button', { name: `Quitar a ${MIEMBRO.nombre}` }).waitFor();
    await members.getByRole('button', { name: 'Cerrar' }).click();
    await grid.getByRole('gridcell', { name: '1', exact: true }).waitFor();

    expect(await rolesOf(token)).toEqual([
      ['usuario', null],
      ['gestor', { directo: false, grupos: ['Planificación'] }],
    ]);

    await page.getByRole('searchbox', { name: 'Buscar por nombre o descripción' }).fill('plani');
    await page.waitForURL((u) => u.searchParams.get('q') === 'plani');
    await grid.getByRole('gridcell', { name: 'Planificación', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Eliminar Planificación' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar el grupo?' });
    await confirm.getByText(/dejará de tener sus roles/).waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Grupo «Planificación» eliminado').waitFor();
    expect(await rolesOf(token)).toEqual([['usuario', null]]);
  });
});
