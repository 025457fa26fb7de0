/**
 * `app.audit(request, entry)`: records an audit event with the actor (`request.user`), the IP
 * and the app's clock filled in. Other areas call it after a successful write, e.g.
 *
 *   await app.audit(request, { accion: 'eventos.crear', objetivoTipo: 'evento', objetivoId: id,
 *                              cambios: { nombre } });
 *
 * Pass a transaction as `db` to make the audit row part of the change.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/types';
import { auditRecorder, type AuditInput } from '../../services/service-deps';

/** Defined with the services (`service-deps.ts`); re-exported for the modules importing it here. */
export type { AuditInput };

declare module 'fastify' {
  interface FastifyInstance {
    /** Records one audit event for the request's user (or anonymous), IP and time. */
    audit(request: FastifyRequest, entry: AuditInput, db?: Db): Promise<void>;
  }
}

const auditPlugin: FastifyPluginCallback = (app, _opts, done) => {
  // The services' recorder, so a row written here and one written by a service are the same.
  const record = auditRecorder(app.db, app.now);
  app.decorate('audit', (request: FastifyRequest, entry: AuditInput, db?: Db) =>
    record({ user: request.user, ip: request.ip }, entry, db),
  );
  done();
};

export default fp(auditPlugin, { name: 'audit', dependencies: ['db'] });
