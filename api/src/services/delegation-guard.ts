/**
 * The api side of delegation without escalation (issue #13, DESIGN.md §8). The rules themselves
 * are the pure functions of `shared/src/auth/delegation.ts`; this file turns their `Refusal` into
 * the 403 the api answers, reads from the database what they need (a target's effective
 * permissions, the permissions of the roles involved), and audits every refusal.
 *
 * A refusal is thrown inside the write transaction, so nothing of the refused change is kept; its
 * audit row (`seguridad.escalada_rechazada`) is therefore written by `auditingRefusals` after the
 * transaction rolled back, on the database itself.
 */
import {
  ERROR_CODES,
  canActOnUser,
  canChangeOwnRoles,
  canChangeRoles,
  type Refusal,
  type RoleHolder,
  type UserAction,
  type Usuario,
} from '@gestion/shared';
import { HttpError } from '../lib/http-errors';
import type { AuditInput } from './service-deps';
import { groupRoleNamesOf } from '../repositories/grupos-repository';
import { permisosByRolNombre } from '../repositories/roles-admin-repository';
import type { Db } from '../db/types';
import type { Auditor } from './admin-common';

/**
 * Who acts: the signed-in user's id and effective roles (`request.user`, whose roles carry
 * `permisos[].nombre`). Services take this, never a Fastify request (STYLE.md).
 */
export interface Actor extends RoleHolder {
  id: number;
}

/** The audit action of every refused escalation attempt. */
export const ESCALATION_AUDIT_ACTION = 'seguridad.escalada_rechazada';

/** A shared rule's `Refusal`, or one of the api's own (e.g. the bulk endpoint's `bulkSelf`). */
export type AnyRefusal = Refusal | { reason: string; message: string };

/** What a refused request tried to do, for the audit row. */
export interface Attempt {
  objetivoTipo: 'usuario' | 'rol' | 'configuracion' | 'grupo';
  objetivoId?: number;
  /** The attempted change, e.g. `{roles: ['admin']}` (never a password). */
  intento: Record<string, unknown>;
}

/**
 * 403 FORBIDDEN whose `message` is the Refusal's Spanish text and whose `details` name the field
 * of the request that caused it (`roles`, `permisos`, `reemplazo`, `rolPorDefecto`, `rol`, `id`,
 * `activo`, `nombre`).
 */
export class DelegationRefused extends HttpError {
  constructor(
    readonly refusal: AnyRefusal,
    readonly field: string,
    readonly attempt: Attempt,
  ) {
    super(403, ERROR_CODES.forbidden, refusal.message, [{ field, message: refusal.message }]);
  }
}

/** Throws `DelegationRefused` when `refusal` is not null (the shared rules answer null to allow). */
export function refuseIf(refusal: Refusal | null, field: string, attempt: Attempt): void {
  if (refusal) throw new DelegationRefused(refusal, field, attempt);
}

/** The audit row of a refused escalation attempt: the attempted change and the reason. */
export function refusalAudit(err: DelegationRefused): AuditInput {
  return {
    accion: ESCALATION_AUDIT_ACTION,
    objetivoTipo: err.attempt.objetivoTipo,
    objetivoId: err.attempt.objetivoId ?? null,
    cambios: {
      intento: err.attempt.intento,
      campo: err.field,
      motivo: err.refusal.reason,
      mensaje: err.refusal.message,
    },
  };
}

/**
 * Runs `work` (which opens and commits its own transaction). A `DelegationRefused` it throws is
 * audited on `db` — outside the transaction it rolled back — and then re-thrown unchanged.
 */
export async function auditingRefusals<T>(
  db: Db,
  audit: Auditor,
  work: () => Promise<T> | T,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DelegationRefused) await audit(refusalAudit(err), db);
    throw err;
  }
}

/**
 * A user as the rules see them: their roles with those roles' stored permissions (`admin` is
 * recognised by its nombre). `usuario.roles` are role nombres, as `Usuario` carries them.
 */
export async function holderOf(
  db: Db,
  usuario: { nombre: string; roles: readonly string[] },
): Promise<RoleHolder & { nombre: string }> {
  return holderFrom(usuario, await permisosByRolNombre(db, usuario.roles));
}

/** `holderOf` from permissions already read (`grants`: role nombre → permission nombres). */
export function holderFrom(
  usuario: { nombre: string; roles: readonly string[] },
  grants: ReadonlyMap<string, readonly string[]>,
): RoleHolder & { nombre: string } {
  return {
    nombre: usuario.nombre,
    roles: usuario.roles.map((nombre) => ({
      nombre,
      permisos: (grants.get(nombre) ?? []).map((p) => ({ nombre: p })),
    })),
  };
}

/**
 * `holderOf` over the target's effective roles: `usuario.roles` (their own, as `Usuario` carries
 * them) plus the roles of their groups (issue #17), so rule 2 compares what they really hold.
 */
export async function effectiveHolderOf(
  db: Db,
  usuario: { id: number; nombre: string; roles: readonly string[] },
): Promise<RoleHolder & { nombre: string }> {
  const roles = [...new Set([...usuario.roles, ...(await groupRoleNamesOf(db, usuario.id))])];
  return holderOf(db, { nombre: usuario.nombre, roles });
}

/**
 * Rules 2 and 5 (issue #13): refuses (403, audited) when `actor` may not perform `action` on
 * `target` — a non-admin on someone holding a permission they lack (own or through a group,
 * issue #17) or on an admin; anyone deactivating or deleting their own account. `intento` is
 * what the audit row records.
 */
export async function guardActOn(
  tx: Db,
  actor: Actor,
  target: Usuario,
  action: UserAction,
  intento: Record<string, unknown>,
): Promise<void> {
  const self = actor.id === target.id;
  const refusal = canActOnUser(actor, await effectiveHolderOf(tx, target), action, self);
  const field = self && action === 'desactivar' ? 'activo' : 'id';
  refuseIf(refusal, field, { objetivoTipo: 'usuario', objetivoId: target.id, intento });
}

/**
 * Rules 1 and 5 over a change of a user's roles from `before` to `after` (role nombres): every
 * role given or taken must be one whose permissions the actor holds (`admin` by admins only), and
 * nobody drops `admin` from their own account. 403 field `roles`, audited.
 */
export async function guardRoleChange(
  tx: Db,
  actor: Actor,
  target: { id?: number; email?: string },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const attempt = {
    objetivoTipo: 'usuario' as const,
    objetivoId: target.id,
    intento: { ...(target.email ? { email: target.email } : {}), roles: [...after] },
  };
  if (target.id === actor.id) refuseIf(canChangeOwnRoles(before, after), 'roles', attempt);
  const grants = await permisosByRolNombre(tx, [...before, ...after]);
  refuseIf(canChangeRoles(actor, before, after, grants), 'roles', attempt);
}
