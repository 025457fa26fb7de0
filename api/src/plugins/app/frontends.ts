/**
 * Hosting of the built frontends in the embedded deployment (DESIGN.md §2): the shell at `/`,
 * each remote at `/remotes/<name>/`, `/config.js` and `/config.json` with the runtime
 * configuration, and the SPA fallback. Builds that do not exist are skipped silently (the
 * frontends are built by their own packages; the api must start without them).
 *
 * Caching: `index.html` and every `.json` (mf-manifest.json, build ids) are `no-cache` so a
 * release is seen at once; content-hashed assets are `immutable` for a year. Builds emit `.br`
 * and `.gz` beside each file, served when the browser accepts them (`preCompressed`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@gestion/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { notFoundBody } from './errors';

/** The folders the frontends build into, relative to `STATIC_ROOT`. */
export const REMOTE_PACKAGES = ['remote-auth', 'remote-eventos', 'remote-informes'] as const;

/** `name.0123abcd.js`, `123.0123456789abcdef.css`: webpack's content-hashed file names. */
const HASHED_ASSET =
  /[.-][a-f0-9]{8,}\.(?:m?js|css|woff2?|ttf|otf|eot|svg|png|jpe?g|gif|webp|avif|ico|map|wasm)$/i;

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control a built file gets. */
export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
  if (base.endsWith('.html') || base.endsWith('.json')) return NO_CACHE;
  return HASHED_ASSET.test(base) ? IMMUTABLE : NO_CACHE;
}

/** The configuration the page receives (DESIGN.md §2), from the environment. */
export function runtimeConfig(config: AppConfig): RuntimeConfig {
  const entries: Record<string, string> = {
    remote_auth: config.remotes.auth,
    remote_eventos: config.remotes.eventos,
    remote_informes: config.remotes.informes,
  };
  return {
    apiBaseUrl: '',
    remotes: DEFAULT_RUNTIME_CONFIG.remotes.map((r) => ({
      ...r,
      entry: entries[r.name] ?? r.entry,
    })),
    buildIdPollMs: config.buildIdPollMs,
  };
}

function setCacheHeaders(reply: { header?: unknown; setHeader?: unknown }, filePath: string): void {
  const value = cacheControlFor(filePath);
  // @fastify/static hands a Fastify reply (v10) or a raw response to this callback.
  if (typeof reply.header === 'function')
    (reply.header as (k: string, v: string) => void)('cache-control', value);
  else if (typeof reply.setHeader === 'function')
    (reply.setHeader as (k: string, v: string) => void)('cache-control', value);
}

function wantsHtml(accept: string | undefined): boolean {
  return !!accept && (accept.includes('text/html') || accept.includes('*/*'));
}

async function frontendsPlugin(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const runtime = runtimeConfig(opts.config);
  // Escape "<" so the script can never close an enclosing tag, whatever the URLs contain.
  const configJs = `window.${RUNTIME_CONFIG_GLOBAL} = ${JSON.stringify(runtime).replace(/</g, '\\u003c')};\n`;

  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).send(runtime),
  );
  app.get('/config.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', NO_CACHE)
      .type('application/javascript; charset=utf-8')
      .send(configJs),
  );

  const shellDir = path.join(opts.config.staticRoot, 'shell', 'dist');
  const shellBuilt = existsSync(path.join(shellDir, 'index.html'));

  // SPA fallback: a page URL (no extension, outside /api and /remotes) loads the shell, which
  // routes it and shows 'Page not found' itself for unknown paths (SPEC §2). Everything else
  // that matched nothing gets the JSON 404 of the error shape.
  app.setNotFoundHandler(async (request, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      shellBuilt &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== '/api' &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/remotes/') &&
      path.posix.extname(pathname) === '' &&
      wantsHtml(request.headers.accept);
    if (isPage) {
      return reply.header('cache-control', NO_CACHE).sendFile('index.html', shellDir);
    }
    return reply.code(404).type('application/json; charset=utf-8').send(notFoundBody());
  });

  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }
  for (const name of REMOTE_PACKAGES) {
    const dir = path.join(opts.config.staticRoot, name, 'dist');
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // Only the shell's registration decorates reply.sendFile (used by the SPA fallback).
      decorateReply: false,
      setHeaders: setCacheHeaders,
    });
  }
}

export default fp(frontendsPlugin, { name: 'frontends' });
