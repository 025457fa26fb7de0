/**
 * Every page at 390 × 844 (a phone), in Spanish and English (issue #14: "the Usuarios toolbar is
 * clipped at 390 px in Spanish; 'Mis sesiones' overlaps at 390 px"): the page never scrolls
 * sideways, no heading, tab, button, field or toolbar item reaches past the screen's edges or
 * clips its own text (unless it sits in a container made to scroll sideways: a grid, a table, the
 * tabs' scroller), and each entry of "Mis sesiones" shows its device, its details and its action
 * without one covering another. Mi cuenta › Tokens and Ajustes › Aprovisionamiento (issue #17)
 * are measured with a long-named token and connection seeded.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, withScreenshot } from '../support/browser';
import { lifecycleLinks, type LifecycleLinks } from '../support/lifecycle';
import { ADMIN, registerUser, startServer, type RunningServer } from '../support/server';
import { startTestSmtp, type TestSmtp } from '../../api/test/support/smtp';

type Locale = 'es' | 'en';

let server: RunningServer;
let smtp: TestSmtp;
let browser: Browser;
let adminToken: string;
let links: LifecycleLinks;
let eventoId: number;
let listadoId: number;
let graficoId: number;

/** Browsers the admin signed in from, so "Mis sesiones" lists several long entries. */
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
];

async function api<T>(method: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function seed(): Promise<void> {
  await registerUser(server.url, {
    email: 'maria.del.carmen.fernandez-villanueva@e2e.test',
    password: 'Usuario-Clave-2026',
    nombre: 'María del Carmen Fernández-Villanueva',
  });
  for (const agent of USER_AGENTS) {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': agent },
      body: JSON.stringify(ADMIN),
    });
    adminToken = ((await res.json()) as { token: string }).token;
  }
  eventoId = (
    await api<{ id: number }>('POST', '/eventos', {
      nombre: 'Congreso internacional de administración electrónica',
      lugar: 'Palacio de Congresos de Zaragoza',
      estado: 'publicado',
      fechaInicio: '2026-03-10T09:00:00.000Z',
      fechaFin: '2026-03-12T18:00:00.000Z',
    })
  ).id;
  await api('POST', `/eventos/${eventoId}/periodos`, {
    nombre: 'Sesión inaugural',
    fechaInicio: '2026-03-10T09:00:00.000Z',
    fechaFin: '2026-03-10T11:00:00.000Z',
  });
  listadoId = (
    await api<{ id: number }>('POST', '/informes', {
      nombre: 'Todos los eventos',
      tipo: 'listado',
      filtros: { entidad: 'eventos', filtros: [] },
    })
  ).id;
  graficoId = (
    await api<{ id: number }>('POST', '/informes', {
      nombre: 'Eventos por estado',
      tipo: 'eventos-por-estado',
      filtros: null,
    })
  ).id;
  // Issue #17: Mi cuenta › Tokens and Ajustes › Aprovisionamiento with a long-named entry each.
  await api('POST', '/tokens', {
    nombre: 'Exportación nocturna de informes al almacén de datos corporativo',
    permisos: ['eventos:ver', 'periodos:ver', 'informes:ver', 'informes:exportar'],
    expiraEn: new Date(Date.now() + 90 * 86_400_000).toISOString(),
  });
  await api('POST', '/scim/tokens', { nombre: 'Microsoft Entra ID (producción)' });
  links = await lifecycleLinks(server.url, smtp, adminToken, 'movil');
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
  });
  browser = await launchBrowser();
  await seed();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/**
 * What reaches past the screen or clips its text, one line each ('' when nothing): the page's
 * own horizontal scroll, and every heading, tab, button, link, field, chip and toolbar item.
 */
function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const se = document.scrollingElement!;
    if (se.scrollWidth > se.clientWidth)
      found.push(`the page scrolls sideways: ${se.scrollWidth} > ${se.clientWidth}`);
    const width = document.documentElement.clientWidth;
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}"`;
    const selector = [
      'h1',
      'h2',
      'h3',
      'header button',
      'header a',
      'nav button',
      'nav a',
      'main button',
      'main a[href]',
      'main [role="combobox"]',
      'main [role="tab"]',
      'main [role="toolbar"] > *',
      'main .MuiChip-root',
      'main .MuiTextField-root',
      'main .MuiAlert-root',
    ].join(',');
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      // Not shown, or placed off screen on purpose (the skip link until focused).
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.bottom <= 0) continue;
      if (getComputedStyle(el).visibility === 'hidden' || inScroller(el)) continue;
      if (r.left < -0.5 || r.right > width + 0.5)
        found.push(`${name(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} of ${width} px`);
      else if (/^(H1|H2|H3|BUTTON|A)$/.test(el.tagName) && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} clips its text: ${el.scrollWidth} > ${el.clientWidth} px`);
    }
    return found;
  });
}

/** Each entry of the sessions list whose parts (device, details, chip or button) intersect. */
function sessionOverlaps(page: Page, label: string): Promise<string[]> {
  return page.evaluate((listLabel) => {
    const list = document.querySelector(`ul[aria-label="${listLabel}"]`);
    if (!list) return [`no list "${listLabel}"`];
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    list.querySelectorAll(':scope > li').forEach((li, i) => {
      const parts = Array.from(
        li.querySelectorAll(
          '.MuiListItemText-primary, .MuiListItemText-secondary, .MuiChip-root, button',
        ),
      ).map((el) => ({
        text: (el.textContent ?? '').trim().slice(0, 40),
        r: el.getBoundingClientRect(),
      }));
      for (const p of parts) {
        if (p.r.right > width + 0.5) found.push(`entry ${i + 1}: "${p.text}" passes the edge`);
      }
      for (let a = 0; a < parts.length; a += 1)
        for (let b = a + 1; b < parts.length; b += 1) {
          const [x, y] = [parts[a]!.r, parts[b]!.r];
          const apart =
            x.right <= y.left + 0.5 ||
            y.right <= x.left + 0.5 ||
            x.bottom <= y.top + 0.5 ||
            y.bottom <= x.top + 0.5;
          if (!apart)
            found.push(`entry ${i + 1}: "${parts[a]!.text}" overlaps "${parts[b]!.text}"`);
        }
    });
    return found;
  }, label);
}

const SESSIONS: Record<Locale, string> = { es: 'Mis sesiones', en: 'My sessions' };

/** Visits every page as a phone in `locale`; returns every overflow found, by page. */
async function visitAll(context: BrowserContext, locale: Locale): Promise<string[]> {
  const page = await context.newPage();
  const found: string[] = [];
  await withScreenshot(page, `mobile-390-${locale}`, async () => {
    const visit = async (path: string, ready?: () => Promise<unknown>) => {
      await page.goto(`${server.url}${path}`);
      await page.locator('h1').first().waitFor();
      if (ready) await ready();
      await page.waitForLoadState('networkidle');
      // The grid's and the fonts' first layout.
      await page.waitForTimeout(300);
      found.push(...(await overflowOf(page)).map((f) => `${path} [${locale}]: ${f}`));
    };
    const rows = () => page.locator('.MuiDataGrid-row').first().waitFor();
    for (const path of [
      '/login',
      '/register',
      '/recuperar',
      '/verificar',
      links.restablecer,
      links.invitacion,
      '/verificar-acceso?token=x',
    ])
      await visit(path);
    await page.evaluate((token) => window.localStorage.setItem('auth.token', token), adminToken);
    await visit('/');
    await visit('/eventos', rows);
    await visit(`/eventos/${eventoId}/periodos`);
    await visit('/informes', rows);
    await visit(`/informes/${listadoId}`, rows);
    await visit(`/informes/${graficoId}`);
    await visit('/filtrado');
    await visit('/configuracion/usuarios', rows);
    await visit('/configuracion/roles');
    await visit('/configuracion/auditoria');
    await visit('/configuracion/ajustes');
    await visit('/configuracion', () =>
      page
        .locator(`ul[aria-label="${SESSIONS[locale]}"] li`)
        .nth(USER_AGENTS.length - 1)
        .waitFor(),
    );
    found.push(
      ...(await sessionOverlaps(page, SESSIONS[locale])).map(
        (f) => `Mis sesiones [${locale}]: ${f}`,
      ),
    );
    await visit('/accesodenegado');
    await visit('/no-existe');
    await page.evaluate(
      (token) => window.localStorage.setItem('auth.token', token),
      links.temporalToken,
    );
    await visit('/cambiar-password');
  });
  return found;
}

it.each<Locale>(['es', 'en'])(
  'at 390 px (%s) no page scrolls sideways or clips a toolbar, heading or session entry',
  async (locale) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: locale === 'es' ? 'es-ES' : 'en-GB',
      timezoneId: 'UTC',
    });
    await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
    try {
      expect(await visitAll(context, locale)).toEqual([]);
    } finally {
      await context.close();
    }
  },
  180_000,
);
