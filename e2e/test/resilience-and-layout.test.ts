/**
 * The shell keeps working when one remote is unreachable, and the narrow layout (issue #3).
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, startServer, type RunningServer } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe('with remote-informes unreachable', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Port 9 (discard) has no listener here: every request for the remote's manifest fails.
    server = await startServer({ REMOTE_INFORMES_URL: 'http://127.0.0.1:9/mf-manifest.json' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('still signs in and opens /eventos, and /informes says the module is unavailable', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await withScreenshot(page, 'remote-down', async () => {
      await signIn(page, server.url);
      await page.goto(`${server.url}/eventos`);
      await page.getByRole('heading', { name: 'Eventos', level: 1 }).waitFor();
      await page.goto(`${server.url}/informes`);
      await page
        .getByText(/módulo no disponible/i)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Reintentar' }).waitFor();
    });
    await context.close();
  });
});

describe('at 390 px wide', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('uses the bottom navigation and never scrolls horizontally', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await withScreenshot(page, 'mobile-390', async () => {
      await page.goto(`${server.url}/login`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await signIn(page, server.url);
      await page.goto(`${server.url}/eventos`);
      await page.getByRole('heading', { name: 'Eventos', level: 1 }).waitFor();
      const nav = page.getByRole('navigation').last();
      await nav.waitFor();
      const box = await nav.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeGreaterThan(844 - 100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    });
    await context.close();
  });
});
