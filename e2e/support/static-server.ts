/**
 * A plain static file server on a free port of its own: another origin, like a remote deployed on
 * its own static host (README "Running at scale"). Answers CORS for every origin, as the shell
 * fetches a remote's mf-manifest.json across origins.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  /** Every path requested so far, in order. */
  requests: string[];
  stop: () => Promise<void>;
}

/** Serves `root` on 127.0.0.1 at a free port. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const file = path.join(root, path.normalize(pathname).replace(/^([/\\])+/, ''));
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('cache-control', 'no-cache');
    let isFile = false;
    try {
      isFile = file.startsWith(root) && statSync(file).isFile();
    } catch {
      isFile = false;
    }
    if (!isFile) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
