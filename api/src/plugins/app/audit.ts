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
import { insertAudit, type AuditEntry } from '../../repositories/auditoria-repository';
import type { Db } from '../../repositories/usuarios-repository';

/** What a caller supplies; the rest comes from the request. */
export type AuditInput = Pick<AuditEntry, 'accion' | 'objetivoTipo' | 'objetivoId' | 'cambios'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Records one audit event for the request's user (or anonymous), IP and time. */
    audit(request: FastifyRequest, entry: AuditInput, db?: Db): Promise<void>;
  }
}

const auditPlugin: FastifyPluginCallback = (app, _opts, done) => {
  app.decorate('audit', async (request: FastifyRequest, entry: AuditInput, db?: Db) => {
    await insertAudit(db ?? app.db, {
      ...entry,
      actorId: request.user?.id ?? null,
      actorEmail: request.user?.email ?? null,
      ip: request.ip,
      at: app.now(),
    });
  });
  done();
};

export default fp(auditPlugin, { name: 'audit', dependencies: ['db'] });
