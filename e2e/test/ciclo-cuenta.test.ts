/**
 * The account lifecycle of issue #15 in Chromium, with the api delivering to a real SMTP server
 * in this process: forgot → mail → reset → sign in; invitation → set password → signed in;
 * verification on → register → verify → sign in; the e-mail change; and every new page, dialog,
 * menu item and button opened at least once (Reenviar, Revocar, the reset link, the temporary
 * password, the forced change's way out, Ajustes › Correo, the code page).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../api/test/support/smtp';

let server: RunningServer;
let smtp: TestSmtp;
let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;

jest.setTimeout(120_000);

const OPTIONS = { viewport: { width: 1280, height: 900 }, locale: 'es-ES' };

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  adminContext = await browser.newContext(OPTIONS);
  admin = await adminContext.newPage();
});
afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A page in a fresh, signed-out browser context (closed with the context). */
async function visitor(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(OPTIONS);
  return { page: await context.newPage(), close: () => context.close() };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/** The link to `page` in the newest mail to `to` that has one (older links are voided). */
async function linkIn(to: string, page: string, after = 0): Promise<string> {
  const has = (m: ReceivedMail) =>
    m.to.includes(to) && m.links.some((l) => l.includes(`${page}?token=`));
  await smtp.waitFor((m) => has(m) && smtp.messages.filter(has).length > after, 15_000);
  const last = smtp.messages.filter(has).at(-1)!;
  return last.links.find((l) => l.includes(`${page}?token=`))!;
}
const mailsWith = (to: string, page: string) =>
  smtp.messages.filter(
    (m) => m.to.includes(to) && m.links.some((l) => l.includes(`${page}?token=`)),
  ).length;

const path = (page: Page) => new URL(page.url()).pathname;

async function fillNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(/^Contraseña nueva/).fill(password);
  await page.getByLabel(/^Repita la contraseña nueva/).fill(password);
}

it('forgot → mail → reset → sign in, and a used link says so with the way to a new one', async () => {
  const email = 'olvido@e2e.test';
  await registerUser(server.url, { email, password: 'Olvido-Vieja-2026', nombre: 'Olga Olvido' });
  const { page, close } = await visitor();
  await withScreenshot(page, 'ciclo-forgot-reset', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
    await page.waitForURL((u) => u.pathname === '/recuperar');
    await page.getByRole('heading', { level: 1, name: '¿Ha olvidado su contraseña?' }).waitFor();
    // The same answer for an address nobody has (no enumeration), and "Enviar otro enlace".
    await page.getByLabel(/^Correo electrónico/).fill('nadie@e2e.test');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByRole('heading', { name: 'Revise su correo electrónico' }).waitFor();
    await page.getByRole('button', { name: 'Enviar otro enlace' }).click();
    await page.getByLabel(/^Correo electrónico/).fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByRole('heading', { name: 'Revise su correo electrónico' }).waitFor();

    const link = await linkIn(email, '/restablecer');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Elija una contraseña nueva' }).waitFor();
    await page.getByText(/^Entre 8 y 128 caracteres\./).waitFor();
    await fillNewPassword(page, 'Olvido-Nueva-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByRole('heading', { name: 'Contraseña cambiada' }).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, email, 'Olvido-Nueva-2026');
    await page.getByText('Bienvenido de nuevo').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/');

    // Single use: the same link again is refused, and leads to a new one.
    await page.goto(link);
    await fillNewPassword(page, 'Olvido-Otra-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('El enlace no es válido o ha caducado').waitFor();
    await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
    await page.waitForURL((u) => u.pathname === '/recuperar');
  });
  await close();
});

it('invitation → set password → signed in; Reenviar, Revocar and the reset link from Usuarios', async () => {
  const email = 'invitada@e2e.test';
  await withScreenshot(admin, 'ciclo-invite', async () => {
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((u) => u.pathname === '/');
    for (const [nombre, correo] of [
      ['Inés Invitada', email],
      ['Rita Revocada', 'revocada@e2e.test'],
    ] as const) {
      await admin.goto(`${server.url}/configuracion/usuarios`);
      await admin.getByRole('button', { name: 'Nuevo usuario' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Nuevo usuario' });
      await dialog.getByLabel(/^Nombre/).fill(nombre);
      await dialog.getByLabel(/^Correo electrónico/).fill(correo);
      // Invited by mail unless asked otherwise.
      expect(
        await dialog.getByRole('checkbox', { name: 'Generar contraseña temporal' }).isChecked(),
      ).toBe(false);
      // A role, or the shell signs a user without any out (SPEC §4).
      await dialog.getByRole('checkbox', { name: 'usuario', exact: true }).check();
      await dialog.getByRole('button', { name: 'Crear usuario' }).click();
      await admin.getByText(`Invitación enviada a ${correo}`).first().waitFor();
    }
    await linkIn(email, '/invitacion');

    const search = admin.getByRole('searchbox', { name: 'Buscar por nombre o correo' });
    await search.fill(email);
    await admin.getByText('Invitación pendiente').first().waitFor();
    await admin.getByRole('button', { name: 'Acciones de Inés Invitada' }).click();
    await admin.getByRole('menuitem', { name: 'Reenviar' }).click();
    await admin.getByText(`Invitación reenviada a ${email}`).first().waitFor();

    await search.fill('revocada@e2e.test');
    await admin.getByRole('button', { name: 'Acciones de Rita Revocada' }).click();
    await admin.getByRole('menuitem', { name: 'Revocar' }).click();
    const ask = admin.getByRole('dialog', { name: '¿Revocar la invitación?' });
    await ask.getByRole('button', { name: 'Revocar' }).click();
    await admin.getByText('Invitación revocada').first().waitFor();
    const revoked = await linkIn('revocada@e2e.test', '/invitacion');

    // An account with a password gets a reset link (the admin never sees the password).
    await search.fill('olvido@e2e.test');
    await admin.getByRole('button', { name: 'Acciones de Olga Olvido' }).click();
    await admin.getByRole('menuitem', { name: 'Enviar enlace de restablecimiento' }).click();
    const reset = admin.getByRole('dialog', { name: '¿Enviar un enlace de restablecimiento?' });
    const before = mailsWith('olvido@e2e.test', '/restablecer');
    await reset.getByRole('button', { name: 'Enviar enlace de restablecimiento' }).click();
    await admin.getByText('Enlace de restablecimiento enviado a olvido@e2e.test').first().waitFor();
    await linkIn('olvido@e2e.test', '/restablecer', before);

    // The revoked invitation no longer works.
    const { page, close } = await visitor();
    await page.goto(revoked);
    await fillNewPassword(page, 'Revocada-Clave-2026');
    await page.getByRole('button', { name: 'Activar mi cuenta' }).click();
    await page.getByText('La invitación no es válida o ha caducado').waitFor();
    await close();
  });

  const { page, close } = await visitor();
  await withScreenshot(page, 'ciclo-invitation-accept', async () => {
    // Two mails went out; only the newest link works.
    await page.goto(await linkIn(email, '/invitacion', 1));
    await page.getByRole('heading', { level: 1, name: 'Active su cuenta' }).waitFor();
    await fillNewPassword(page, 'Invitada-Clave-2026');
    await page.getByRole('button', { name: 'Activar mi cuenta' }).click();
    await page.getByText('Bienvenido de nuevo').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/');
  });

  await withScreenshot(page, 'ciclo-email-change', async () => {
    // Mi cuenta: a new address, confirmed by the link sent to it.
    await page.goto(`${server.url}/configuracion`);
    const section = page.getByRole('region', { name: 'Cambiar el correo electrónico' });
    await section.getByLabel(/^Correo electrónico nuevo/).fill('ines@e2e.test');
    await section.getByLabel(/^Contraseña actual/).fill('Invitada-Clave-2026');
    await section.getByRole('button', { name: 'Enviar enlace de confirmación' }).click();
    await page.getByText(/Le hemos enviado un enlace a ines@e2e.test/).waitFor();
    await page.goto(await linkIn('ines@e2e.test', '/confirmar-correo'));
    await page.getByRole('heading', { name: 'Correo electrónico cambiado' }).waitFor();
    await page.getByRole('link', { name: 'Ir a Mi cuenta' }).click();
    await page.getByText(/Su dirección actual es ines@e2e.test/).waitFor();
  });
  await close();
});

it('verification on → register → verify → sign in; Ajustes › Correo and its test mail', async () => {
  const email = 'verifica@e2e.test';
  await withScreenshot(admin, 'ciclo-ajustes-correo', async () => {
    await admin.goto(`${server.url}/configuracion/ajustes`);
    await admin.getByText('Servidor SMTP').waitFor();
    const toggle = admin.getByRole('switch', {
      name: 'Exigir la verificación del correo electrónico',
    });
    await toggle.click();
    await admin.getByText('Ajustes guardados').first().waitFor();
    expect(await toggle.isChecked()).toBe(true);

    await admin.getByRole('button', { name: 'Enviar correo de prueba' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Enviar un correo de prueba' });
    await dialog.getByLabel(/^Destinatario/).fill('prueba@e2e.test');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await admin.getByText('Correo de prueba en cola para prueba@e2e.test').first().waitFor();
    await smtp.waitFor((m) => m.to.includes('prueba@e2e.test'), 15_000);
    // The outbox marks it sent right after the SMTP server accepted it: refresh until then.
    const sent = admin
      .getByRole('table', { name: 'Envíos recientes' })
      .getByRole('row')
      .filter({ hasText: 'prueba@e2e.test' })
      .filter({ hasText: 'Enviado' });
    for (let i = 0; i < 10 && !(await sent.count()); i++) {
      await admin.getByRole('button', { name: 'Actualizar' }).click();
      await admin.waitForTimeout(500);
    }
    await sent.waitFor();
  });

  const { page, close } = await visitor();
  await withScreenshot(page, 'ciclo-verify', async () => {
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Nombre').fill('Vera Verifica');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill('Verifica-Clave-2026');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByRole('heading', { level: 1, name: 'Revise su correo electrónico' }).waitFor();
    await linkIn(email, '/verificar');
    await page.getByRole('button', { name: 'Enviar un enlace nuevo' }).click();
    await page
      .getByText(/Si hay una cuenta pendiente de verificar con verifica@e2e.test/)
      .waitFor();

    // Not before the e-mail is verified.
    await signIn(page, email, 'Verifica-Clave-2026');
    await page.getByText('Debe verificar su correo electrónico').first().waitFor();
    expect(path(page)).toBe('/login');
    // The way on from /login to another verification link: its one link, then /recuperar's.
    await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
    await page
      .getByRole('link', {
        name: '¿Debe verificar su correo electrónico? Pida otro enlace de verificación',
      })
      .click();
    await page.waitForURL((u) => u.pathname === '/verificar');
    await page.getByRole('button', { name: 'Enviar un enlace nuevo' }).waitFor();

    await page.goto(await linkIn(email, '/verificar', 1));
    await page.getByRole('heading', { name: 'Correo electrónico verificado' }).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, email, 'Verifica-Clave-2026');
    await page.getByText('Bienvenido de nuevo').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/');
  });
  await close();
});

it('a temporary password keeps its user on /cambiar-password, whose way out is signing out', async () => {
  let temporal = '';
  await withScreenshot(admin, 'ciclo-temporal', async () => {
    await admin.goto(`${server.url}/configuracion/usuarios`);
    await admin.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nuevo usuario' });
    await dialog.getByLabel(/^Nombre/).fill('Tomás Temporal');
    await dialog.getByLabel(/^Correo electrónico/).fill('temporal@e2e.test');
    await dialog.getByRole('checkbox', { name: 'Generar contraseña temporal' }).check();
    await dialog.getByRole('checkbox', { name: 'usuario', exact: true }).check();
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    const shown = admin.getByRole('dialog', { name: 'Contraseña temporal' });
    temporal = (await shown.getByLabel('Contraseña temporal').textContent())?.trim() ?? '';
    await shown.getByRole('button', { name: 'Cerrar' }).click();
  });
  const { page, close } = await visitor();
  await withScreenshot(page, 'ciclo-cambiar-password', async () => {
    await signIn(page, 'temporal@e2e.test', temporal);
    await page.waitForURL((u) => u.pathname === '/cambiar-password');
    await page.getByRole('heading', { level: 1, name: 'Cambie su contraseña' }).waitFor();
    // Kept there: another page of the app sends the user back.
    await page.goto(`${server.url}/eventos`);
    await page.waitForURL((u) => u.pathname === '/cambiar-password');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
  });
  await close();
});

it('the code page of a challenged sign-in refuses a code without a pending sign-in', async () => {
  const { page, close } = await visitor();
  await withScreenshot(page, 'ciclo-verificar-acceso', async () => {
    await page.goto(`${server.url}/verificar-acceso?token=no-existe`);
    await page.getByRole('heading', { level: 1, name: 'Confirme que es usted' }).waitFor();
    await page.getByLabel(/^Código/).fill('123456');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('El código no es correcto o ha caducado').first().waitFor();
    expect(path(page)).toBe('/verificar-acceso');
  });
  await close();
});
