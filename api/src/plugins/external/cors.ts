/**
 * CORS only for the configured origins (DESIGN.md §3). Registered only when CORS_ORIGINS is
 * not empty; otherwise no cross-origin browser call is allowed (the embedded deployment is
 * same-origin) and no hook runs.
 */
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';

export default fp(
  async (app, opts: { config: AppConfig }) => {
    const allowed = new Set(opts.config.corsOrigins);
    await app.register(cors, {
      origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      exposedHeaders: ['retry-after', 'x-request-id'],
      // Bearer tokens, no cookies.
      credentials: false,
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
