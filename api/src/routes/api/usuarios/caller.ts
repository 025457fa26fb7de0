/**
 * What each /api/usuarios route hands its service besides the request's data: the caller, as the
 * delegation rules of issue #13 take it, and the audit log bound to the request (the row's actor
 * and address are the request's).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auditor } from '../../../services/admin-common';
import type { Actor } from '../../../services/delegation-guard';

/** The caller (set by the permission hook every route here runs first). */
export function actorOf(request: FastifyRequest): Actor {
  return request.user!;
}

/** `app.audit` bound to one request, as the services' `Auditor`. */
export function auditorOf(app: FastifyInstance): (request: FastifyRequest) => Auditor {
  return (request) => (entry, tx) => app.audit(request, entry, tx);
}
