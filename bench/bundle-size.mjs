// Issue #3 benchmark: the JavaScript a first visit to /login downloads, by chunk, with the size
// of each file's pre-compressed brotli and gzip copies, and whether react-dom loads exactly once.
// Target: ≤ 200 KiB brotli. Runs Debian's Chromium against the built product.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { machine, writeResults } from './lib/report.mjs';
import { ROOT, startApi } from './lib/processes.mjs';

const KiB = 1024;
const TARGET_BROTLI_KIB = 200;

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

const api = await startApi();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const u = new URL(res.url());
    if (u.origin === api.url && (type === 'script' || u.pathname.endsWith('.js'))) scripts.add(u.pathname);
  });
  await page.goto(`${api.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();

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
  const json = {
    machine: machine(),
    page: '/login',
    chunks,
    total,
    reactDomCopies,
    target: { brotliKiB: TARGET_BROTLI_KIB, reactDomCopies: 1 },
  };
  const k = (n) => (n / KiB).toFixed(1);
  writeResults(
    'bundle-size',
    json,
    'JavaScript of a first visit to /login',
    [
      ['chunk', 'raw KiB', 'brotli KiB', 'gzip KiB', 'react-dom'],
      ...chunks.map((c) => [c.path, k(c.raw), k(c.brotli), k(c.gzip), c.hasReactDom ? 'yes' : '']),
      ['**total**', k(total.raw), `**${k(total.brotli)}**`, k(total.gzip), `${reactDomCopies} cop${reactDomCopies === 1 ? 'y' : 'ies'}`],
    ],
    [
      `Target: ≤ ${TARGET_BROTLI_KIB} KiB brotli, react-dom exactly once. Sizes are of the pre-compressed files the api serves.`,
      'Sizes do not depend on the machine\'s load (unlike the Lighthouse timings): they change only with the sources, the lock file and the webpack configuration.',
      'Reproduce: `npm run build && npm run bench -w bench -- bundle-size`.',
    ],
  );
} finally {
  await browser.close();
  await api.stop();
}
