/**
 * Passkeys in Chromium with a virtual authenticator (issue #16; Chrome DevTools Protocol
 * `WebAuthn.addVirtualAuthenticator`: ctap2, internal, resident keys, user verification): a user
 * adds a passkey in Mi cuenta, signs out and signs in with "Iniciar sesión con llave de acceso";
 * the browser's autofill offer starts when the e-mail field gets focus; and the passkey is the
 * second step after the password. WebAuthn refuses an IP address as RP ID, so the product runs
 * with APP_URL on `localhost` and the browser opens it there (a secure context over http).
 */
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { axeFindings, formatFindings } from '../support/axe';
import { launchBrowser, withScreenshot } from '../support/browser';
import {
  freePort,
  registerUser,
  startServer,
  type RunningServer,
  setRoleMfa,
} from '../support/server';

let server: RunningServer;
let base: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;

jest.setTimeout(120_000);

const USER = { email: 'llave@e2e.test', password: 'Llave-Segura-2026', nombre: 'Lola Llave' };

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ PORT: String(port), APP_URL: base });
  await registerUser(server.url, USER);
  browser = await launchBrowser();
  // One page for the whole file: the virtual authenticator, and the passkeys it keeps, belong
  // to it, as a person's device would.
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'es-ES',
    // axe (below) is injected as an inline script, which the product's CSP refuses.
    bypassCSP: true,
  });
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const path = () => new URL(page.url()).pathname;

async function signInWithPassword(): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Correo electrónico').fill(USER.email);
  await page.getByLabel(/^Contraseña/).fill(USER.password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

async function signOut(): Promise<void> {
  // From the keyboard: the toasts of the last sign-in and sign-out sit over the app bar's
  // button for a few seconds, and keyboard users reach it all the same.
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).press('Enter');
  await page.waitForURL((u) => u.pathname === '/login');
}

/** No serious or critical WCAG 2.2 AA violation where the page is now (the section, a dialog). */
async function expectAccessible(where: string): Promise<void> {
  await page.waitForTimeout(400); // MUI's fades: colours mid-transition read as low contrast
  const findings = await axeFindings(page, where);
  expect(formatFindings(findings)).toBe(formatFindings([]));
}

const passkeyItem = (nombre: string) =>
  page
    .getByRole('list', { name: 'Sus llaves de acceso' })
    .getByRole('listitem')
    .filter({ hasText: nombre });

it('adds a passkey in Mi cuenta, signs out, and signs in with it without a password', async () => {
  await withScreenshot(page, 'passkeys-add-and-sign-in', async () => {
    await signInWithPassword();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${base}/configuracion`);
    await page.getByRole('heading', { name: 'Llaves de acceso' }).waitFor();
    await page.getByText('Todavía no tiene ninguna llave de acceso.').waitFor();

    await page.getByRole('button', { name: 'Añadir llave de acceso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir llave de acceso' });
    await dialog.getByLabel(/^Nombre/).fill('Portátil de Lola');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Llave de acceso añadida').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await passkeyItem('Portátil de Lola')
      .getByText(/Último uso: nunca/)
      .waitFor();
    // The authenticator holds one discoverable credential for this site.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => [c.isResidentCredential, c.rpId])).toEqual([[true, 'localhost']]);

    await signOut();
    // Sent back where the visitor was going, as a password sign-in is.
    await page.goto(`${base}/login?redirect=${encodeURIComponent('/configuracion')}`);
    await page.getByRole('button', { name: 'Iniciar sesión con llave de acceso' }).click();
    await page.getByText('Bienvenido de nuevo').waitFor();
    await page.waitForURL((u) => u.pathname === '/configuracion');
    await passkeyItem('Portátil de Lola')
      .getByText(/Último uso: (?!nunca)/)
      .waitFor();
  });
});

it('offers the passkeys in the e-mail autofill once the field gets focus, and signs in with one', async () => {
  await withScreenshot(page, 'passkeys-autofill', async () => {
    await signOut();
    let optionsAsked = 0;
    const count = (url: string) => url.endsWith('/api/auth/passkeys/authentication-options');
    page.on('request', (r) => void (count(r.url()) && optionsAsked++));
    await page.getByRole('button', { name: 'Iniciar sesión con llave de acceso' }).waitFor();
    expect(optionsAsked).toBe(0); // nothing before the focus: the first visit stays as it was
    // Chromium offers passkeys in autofill (conditional mediation); the page asks only then.
    expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(
      true,
    );
    expect(await page.getByLabel('Correo electrónico').getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    const asked = page.waitForRequest((r) => count(r.url()));
    await page.getByLabel('Correo electrónico').focus();
    await asked;
    // The virtual authenticator answers the autofill request at once, as a person picking the
    // offered passkey would: signed in without a password.
    await page.getByText('Bienvenido de nuevo').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
  });
});

it('takes the passkey as the second step after the password', async () => {
  await withScreenshot(page, 'passkeys-second-step', async () => {
    await signOut();
    // Typing the e-mail starts the autofill offer, which the virtual authenticator would answer
    // at once; a person signing in with the password leaves it unanswered.
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await signInWithPassword();
    // A user with a factor gets the second step, still signed out.
    const usePasskey = page.getByRole('button', { name: 'Usar llave de acceso' });
    await usePasskey.waitFor();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await usePasskey.click();
    await page.getByText('Bienvenido de nuevo').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
  });
});

it('renames and, once confirmed, deletes the passkey', async () => {
  await withScreenshot(page, 'passkeys-rename-delete', async () => {
    await page.goto(`${base}/configuracion`);
    await passkeyItem('Portátil de Lola').waitFor();
    await expectAccessible('Mi cuenta: Llaves de acceso, one passkey');
    await page.getByRole('button', { name: 'Cambiar nombre de Portátil de Lola' }).click();
    const rename = page.getByRole('dialog', { name: 'Cambiar el nombre de la llave de acceso' });
    await expectAccessible('Mi cuenta: rename a passkey');
    await rename.getByLabel(/^Nombre/).fill('Teléfono');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Nombre de la llave de acceso cambiado').waitFor();
    await passkeyItem('Teléfono').waitFor();

    // Eleven minutes after the sign-in, a factor change needs step-up: confirmed with the passkey.
    const db = new Database(server.dbPath, { timeout: 5000 });
    try {
      const long = Date.now() - 11 * 60_000;
      db.prepare('update sesiones set creada_en = ?, reautenticado_en = null').run(long);
    } finally {
      db.close();
    }
    await page.getByRole('button', { name: 'Eliminar Teléfono' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar la llave de acceso?' });
    await expectAccessible('Mi cuenta: delete a passkey');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirme que es usted' });
    await stepUp.getByRole('button', { name: 'Usar una llave de acceso' }).click();
    await expectAccessible('step-up with a passkey');
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Llave de acceso eliminada').waitFor();
    await page.getByText('Todavía no tiene ninguna llave de acceso.').waitFor();
    expect(path()).toBe('/configuracion');
  });
});

it('walks a user whose role requires a second factor through enrolment with a passkey instead of an app', async () => {
  const enrolled = {
    email: 'llave-alta@e2e.test',
    password: 'Llave-Alta-2026',
    nombre: 'Alba Alta',
  };
  await registerUser(server.url, enrolled);
  // The `usuario` role now requires a second factor (what the role editor's switch writes).
  setRoleMfa(server.dbPath, 'usuario', true);
  await withScreenshot(page, 'passkeys-enrolment-step', async () => {
    await signOut();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await page.goto(`${base}/login`);
    await page.getByLabel('Correo electrónico').fill(enrolled.email);
    await page.getByLabel(/^Contraseña/).fill(enrolled.password);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Configure la verificación en dos pasos' })
      .waitFor();
    const usePasskey = page.getByRole('button', { name: 'Usar una llave de acceso' });
    await usePasskey.waitFor();
    await expectAccessible('enrolment step with the passkey option');
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await usePasskey.click();
    await page.getByText('Bienvenido de nuevo').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    // The passkey is the account's: Mi cuenta lists it under the name the step gave it.
    await page.goto(`${base}/configuracion`);
    await passkeyItem('Llave de acceso').waitFor();
  });
});
