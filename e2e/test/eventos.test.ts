/**
 * Events and their periods as people use them (issue #5 e2e): a gestor creates an event, adds two
 * periods, is refused an overlapping third with the Spanish message on the form, and publishes
 * the event; a usuario then sees it read-only.
 */
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { registerUser, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const GESTOR = { email: 'gestor@e2e.test', password: 'Gestor-Clave-2026', nombre: 'Gema Gestora' };
const USUARIO = { email: 'lector@e2e.test', password: 'Lector-Clave-2026', nombre: 'Luis Lector' };
const EVENTO = 'Jornadas de otoño e2e';

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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await registerUser(server.url, GESTOR);
  makeGestor(server.dbPath, GESTOR.email);
  await registerUser(server.url, USUARIO);
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

/** Opens "Nuevo periodo", names it and returns the dialog. */
async function newPeriodo(nombre: string) {
  await page.getByRole('button', { name: 'Nuevo periodo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo periodo' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
  return dialog;
}

it('a gestor creates an event, adds two periods, is refused an overlapping third and publishes it', async () => {
  await withScreenshot(page, 'eventos-gestor', async () => {
    await signIn(GESTOR.email, GESTOR.password);
    await page.goto(`${server.url}/eventos`);
    // A fresh database: the empty state invites the gestor to create the first event.
    await page.getByRole('button', { name: 'Crear el primer evento' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo evento' });
    await create.getByRole('textbox', { name: 'Nombre' }).fill(EVENTO);
    await create.getByRole('textbox', { name: 'Lugar' }).fill('Zaragoza');
    // The dates keep their defaults: tomorrow 09:00 to 18:00.
    await create.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('Evento creado').waitFor();
    await create.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: `Periodos de ${EVENTO}` }).click();
    await page.waitForURL((u) => /^\/eventos\/\d+\/periodos$/.test(u.pathname));
    await page.getByRole('heading', { level: 1, name: EVENTO }).waitFor();

    // Each new period starts where the last one ends and lasts an hour.
    for (const nombre of ['Apertura', 'Talleres']) {
      const dialog = await newPeriodo(nombre);
      await dialog.getByRole('button', { name: 'Crear' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: nombre, exact: true }).waitFor();
    }
    const timeline = page.getByRole('list', {
      name: `Periodos de ${EVENTO} a lo largo del evento`,
    });
    expect(await timeline.getByRole('listitem').count()).toBe(2);

    // The third would start at 11:00; moved to 10:30 it falls inside Talleres (10:00–11:00).
    const third = await newPeriodo('Solapado');
    const inicio = third.getByRole('group', { name: 'Inicio' });
    await inicio.getByRole('spinbutton', { name: 'Horas' }).click();
    await page.keyboard.press('ArrowDown');
    await inicio.getByRole('spinbutton', { name: 'Minutos' }).click();
    await page.keyboard.type('30');
    await third.getByRole('button', { name: 'Crear' }).click();
    const message = third.getByText('El periodo se solapa con «Talleres»');
    await message.waitFor();
    // Shown on the field that causes it, and the dialog stays open with what was typed.
    expect(
      await third
        .locator('.MuiFormControl-root', {
          has: page.getByText('El periodo se solapa con «Talleres»'),
        })
        .locator('label')
        .first()
        .textContent(),
    ).toMatch(/^Inicio/);
    expect(await third.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Solapado');
    await third.getByRole('button', { name: 'Cancelar' }).click();
    expect(await page.getByRole('cell', { name: 'Solapado', exact: true }).count()).toBe(0);

    // Publish it.
    await page.getByRole('link', { name: 'Volver a eventos' }).click();
    await page.getByRole('button', { name: `Editar ${EVENTO}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar evento' });
    await edit.getByRole('combobox', { name: 'Estado' }).click();
    // From borrador only publicado and cancelado are offered.
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Borrador', 'Publicado', 'Cancelado']);
    await page.getByRole('option', { name: 'Publicado' }).click();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Evento actualizado').waitFor();
    await page.getByRole('grid').getByText('Publicado').waitFor();
  });
});

it('a usuario sees the published event and its periods read-only', async () => {
  await withScreenshot(page, 'eventos-usuario', async () => {
    await signIn(USUARIO.email, USUARIO.password);
    await page.goto(`${server.url}/eventos`);
    const link = page.getByRole('link', { name: `Periodos de ${EVENTO}` });
    await link.waitFor();
    await page.getByRole('grid').getByText('Publicado').waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo evento' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Editar ${EVENTO}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Eliminar ${EVENTO}` }).count()).toBe(0);

    await link.click();
    await page.getByRole('cell', { name: 'Talleres', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo periodo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Editar|Eliminar) / }).count()).toBe(0);
  });
});
