/**
 * Hosting of the built frontends (DESIGN.md §2): the shell at /, remotes under /remotes/<name>/,
 * the runtime configuration, cache headers and the SPA fallback. Database-independent, so it
 * runs on SQLite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { DEFAULT_RUNTIME_CONFIG, ERROR_CODES, type RuntimeConfig } from '@gestion/shared';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createTestDatabase, expectErrorShape, type TestDatabase } from './helper';

const INDEX = '<!doctype html><title>Gestión</title><div id="root"></div>';
const ASSET = 'console.log("hola");';

describe('frontend hosting', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'gestion-static-'));
    const shell = path.join(root, 'shell', 'dist');
    mkdirSync(shell, { recursive: true });
    writeFileSync(path.join(shell, 'index.html'), INDEX);
    writeFileSync(path.join(shell, 'main.0123abcd.js'), ASSET);
    writeFileSync(path.join(shell, 'main.0123abcd.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(shell, 'favicon.ico'), 'ico');
    const eventos = path.join(root, 'remote-eventos', 'dist');
    mkdirSync(eventos, { recursive: true });
    writeFileSync(path.join(eventos, 'mf-manifest.json'), '{"id":"remote_eventos"}');
    writeFileSync(path.join(eventos, 'remoteEntry.js'), ASSET);
    db = await createTestDatabase('sqlite');
    ({ app } = await buildTestApp(db, {
      config: {
        staticRoot: root,
        remotes: {
          auth: 'https://auth.example.org/remotes/remote-auth/mf-manifest.json',
          eventos: DEFAULT_RUNTIME_CONFIG.remotes[1]!.entry,
          informes: DEFAULT_RUNTIME_CONFIG.remotes[2]!.entry,
        },
        buildIdPollMs: 30_000,
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves the shell index at / with Cache-Control: no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/eventos/3/periodos', '/login', '/una/ruta/desconocida'])(
    'loads the app for the page %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves content-hashed assets as immutable, pre-compressed when accepted', async () => {
    const plain = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(plain.body).toBe(ASSET);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await app.inject({
      method: 'GET',
      url: '/main.0123abcd.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves un-hashed files with no-cache', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/favicon.ico' })).headers['cache-control'],
    ).toBe('no-cache');
  });

  it('serves a remote under /remotes/<name>/ with its manifest not cached', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/remotes/remote-eventos/mf-manifest.json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'remote_eventos' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['a missing asset', '/no-existe.js'],
    ['a remote that is not built', '/remotes/remote-auth/mf-manifest.json'],
    ['an unknown /api path, even from a browser', '/api/nada'],
  ])('answers 404 in the error shape for %s', async (_label, url) => {
    expectErrorShape(
      await app.inject({ method: 'GET', url, headers: html }),
      404,
      ERROR_CODES.notFound,
    );
  });

  it('writes the runtime configuration to /config.js and /config.json, not cached', async () => {
    const expected: RuntimeConfig = {
      apiBaseUrl: '',
      remotes: [
        {
          ...DEFAULT_RUNTIME_CONFIG.remotes[0]!,
          entry: 'https://auth.example.org/remotes/remote-auth/mf-manifest.json',
        },
        DEFAULT_RUNTIME_CONFIG.remotes[1]!,
        DEFAULT_RUNTIME_CONFIG.remotes[2]!,
      ],
      buildIdPollMs: 30_000,
    };
    const js = await app.inject({ method: 'GET', url: '/config.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('no-cache');
    expect(js.body).toBe(`window.__APP_CONFIG__ = ${JSON.stringify(expected)};\n`);
    const json = await app.inject({ method: 'GET', url: '/config.json' });
    expect(json.json()).toEqual(expected);
    expect(json.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page load scripts from a remote on another origin, and nothing inline', async () => {
    const csp = String(
      (await app.inject({ method: 'GET', url: '/', headers: html })).headers[
        'content-security-policy'
      ],
    );
    expect(csp).toMatch(/script-src 'self' https:\/\/auth\.example\.org;/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/auth\.example\.org;/);
  });
});

describe('frontend hosting without builds', () => {
  it('starts and answers 404 in the error shape for pages when the shell is not built', async () => {
    const db = await createTestDatabase('sqlite');
    const { app } = await buildTestApp(db);
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/eventos',
        headers: { accept: 'text/html' },
      });
      expectErrorShape(res, 404, ERROR_CODES.notFound);
      expect((await app.inject({ method: 'GET', url: '/config.js' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
