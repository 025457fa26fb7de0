// Issues #3 and #14 benchmark: the JavaScript a first visit to /login, and to / (redirected to
// /login), downloads, by chunk, with the size of each file's pre-compressed brotli
// and gzip copies, and whether react-dom loads exactly once. Target: ≤ 200 KiB brotli each.
// Runs Debian's Chromium against the built product; each visit in a fresh browser context (an
// empty cache, no stored token).
//
// `--check` (CI, `.ci/run` "bundle budget"): measures the same visits, prints one line per visit,
// writes no results and exits 1 when a visit is over budget or loads react-dom other than once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { machine, writeResults } from './lib/report.mjs';
import { ROOT, startApi } from './lib/processes.mjs';

const KiB = 1024;
const TARGET_BROTLI_KIB = 200;
const TARGET_BROTLI_BYTES = TARGET_BROTLI_KIB * KiB;
const check = process.argv.includes('--check');

/** The first visits measured: where the visitor goes, and where the sign-in form must end up. */
const VISITS = [
  { page: '/login', landsOn: '/login' },
  { page: '/', landsOn: '/login' },
];

/** Maps a served URL path to the built file behind it. */
function fileFor(urlPath) {
  const m = urlPath.match(/^\/remotes\/([^/]+)\/(.*)$/);
  if (m) return path.join(ROOT, m[1], 'dist', m[2]);
  return path.join(ROOT, 'shell', 'dist', urlPath.replace(/^\//, ''));
}

function compressedSize(file, ext, compress) {
  if (existsSync(`${file}.${ext}`)) return statSync(`${file}.${ext}`).size;
  return compress(readFileSync(file)).length; // not pre-compressed (small files): measure it
}

/** Opens `visit.page` in a fresh context and lists every JavaScript file it downloads. */
async function measure(browser, baseUrl, visit) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const u = new URL(res.url());
      if (u.origin === baseUrl && (type === 'script' || u.pathname.endsWith('.js'))) scripts.add(u.pathname);
    });
    await page.goto(`${baseUrl}${visit.page}`, { waitUntil: 'networkidle', timeout: 30_000 });
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const landed = new URL(page.url());
    if (landed.pathname !== visit.landsOn) {
      throw new Error(`${visit.page} ended on ${landed.pathname}, expected ${visit.landsOn}`);
    }

    const chunks = [...scripts]
      .filter((p) => p.endsWith('.js') && p !== '/config.js')
      .map((p) => {
        const file = fileFor(p);
        const raw = statSync(file).size;
        return {
          path: p,
          raw,
          brotli: compressedSize(file, 'br', (b) => brotliCompressSync(b)),
          gzip: compressedSize(file, 'gz', (b) => gzipSync(b, { level: 9 })),
          // The renderer's container marker survives minification (its file name and license
          // banner do not: banners are moved to *.LICENSE.txt), so it finds every react-dom copy.
          hasReactDom: readFileSync(file, 'utf8').includes('__reactContainer$'),
        };
      })
      .sort((a, b) => b.brotli - a.brotli);
    const total = chunks.reduce(
      (t, c) => ({ raw: t.raw + c.raw, brotli: t.brotli + c.brotli, gzip: t.gzip + c.gzip }),
      { raw: 0, brotli: 0, gzip: 0 },
    );
    const reactDomCopies = chunks.filter((c) => c.hasReactDom).length;
    return { page: visit.page, landedOn: `${landed.pathname}${landed.search}`, chunks, total, reactDomCopies };
  } finally {
    await context.close();
  }
}

const k = (n) => (n / KiB).toFixed(1);
const within = (v) => v.total.brotli <= TARGET_BROTLI_BYTES && v.reactDomCopies === 1;

const api = await startApi();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  const visits = [];
  for (const visit of VISITS) visits.push(await measure(browser, api.url, visit));

  if (check) {
    for (const v of visits) {
      const ok = within(v);
      failed ||= !ok;
      console.log(
        `${ok ? 'ok  ' : 'OVER'} first visit to ${v.page} (→ ${v.landedOn}): ${k(v.total.brotli)} KiB brotli ` +
          `(${v.total.brotli} bytes; budget ${TARGET_BROTLI_BYTES}), ${v.chunks.length} files, ` +
          `react-dom ${v.reactDomCopies}×`,
      );
    }
    if (failed) {
      console.error(
        `Over budget: each first visit may download at most ${TARGET_BROTLI_KIB} KiB of JavaScript, brotli, ` +
          'with react-dom exactly once. `npm run bench -w bench -- bundle-size` lists the files.',
      );
    }
  } else {
    const byPath = new Map(visits.map((v) => [v.page, v]));
    const login = byPath.get('/login');
    const home = byPath.get('/');
    // One row per file either visit downloads; the totals are each visit's own.
    const paths = [...new Set(visits.flatMap((v) => v.chunks.map((c) => c.path)))];
    const info = new Map(visits.flatMap((v) => v.chunks.map((c) => [c.path, c])));
    paths.sort((a, b) => info.get(b).brotli - info.get(a).brotli);
    const has = (v, p) => v.chunks.some((c) => c.path === p);
    const json = {
      machine: machine(),
      visits,
      target: { brotliKiB: TARGET_BROTLI_KIB, brotliBytes: TARGET_BROTLI_BYTES, reactDomCopies: 1 },
    };
    writeResults(
      'bundle-size',
      json,
      'JavaScript of a first visit to /login and to / (redirected to /login)',
      [
        ['chunk', 'raw KiB', 'brotli KiB', 'gzip KiB', 'react-dom', '/login', '/'],
        ...paths.map((p) => {
          const c = info.get(p);
          return [p, k(c.raw), k(c.brotli), k(c.gzip), c.hasReactDom ? 'yes' : '', has(login, p) ? '✓' : '', has(home, p) ? '✓' : ''];
        }),
        ...visits.map((v) => [
          `**total, first visit to ${v.page}**`,
          k(v.total.raw),
          `**${k(v.total.brotli)}**`,
          k(v.total.gzip),
          `${v.reactDomCopies} cop${v.reactDomCopies === 1 ? 'y' : 'ies'}`,
          '',
          '',
        ]),
      ],
      [
        `Target: ≤ ${TARGET_BROTLI_KIB} KiB (${TARGET_BROTLI_BYTES} bytes) brotli for each visit, react-dom exactly once. Sizes are of the pre-compressed files the api serves.`,
        `Brotli bytes: /login ${login.total.brotli}, / ${home.total.brotli} (it ends on ${home.landedOn}). Each visit runs in a fresh browser context: an empty cache and no stored token.`,
        'Sizes do not depend on the machine\'s load (unlike the Lighthouse timings): they change only with the sources, the lock file and the webpack configuration.',
        'Reproduce: `npm run build && npm run bench -w bench -- bundle-size`. CI runs `node bench/bundle-size.mjs --check` after the build: it fails when either visit is over budget.',
      ],
    );
  }
} finally {
  await browser.close();
  await api.stop();
}
if (failed) process.exit(1);
