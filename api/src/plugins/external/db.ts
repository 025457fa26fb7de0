/**
 * Exposes the open database: `app.db` (Kysely, for everything) and `app.database` (dialect and
 * raw driver, for the hot path). Closes it when the app closes (graceful shutdown).
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connection';
import type { Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** Kysely over the configured database. */
    db: Kysely<Database>;
    /** Dialect and raw driver of `db`. */
    database: DatabaseHandle;
  }
}

const dbPlugin: FastifyPluginCallback<{ handle: DatabaseHandle }> = (app, opts, done) => {
  app.decorate('db', opts.handle.db);
  app.decorate('database', opts.handle);
  app.addHook('onClose', async () => {
    await opts.handle.close();
  });
  done();
};

export default fp(dbPlugin, { name: 'db' });
