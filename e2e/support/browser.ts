/**
 * Debian's Chromium through playwright-core (never a downloaded browser). Flags: the machine has
 * no network beyond loopback, so background networking is off.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const ARTIFACTS = path.resolve(__dirname, '..', 'artifacts');

/** Runs `fn`; on failure saves a full-page screenshot under e2e/artifacts and rethrows. */
export async function withScreenshot(
  page: Page,
  name: string,
  fn: () => Promise<void>,
): Promise<void> {
  try {
    await fn();
  } catch (err) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw err;
  }
}
