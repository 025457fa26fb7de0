/**
 * The audit log (`auditoria`): who did what, to what, from where, when (issue #2, DESIGN.md §6).
 * Rows are only ever inserted.
 */
import type { AuditoriaRow } from '../db/database';
import type { Db } from '../db/types';

/** Actions the auth area records. Other areas add `<recurso>.<verbo>` names of their own. */
export const AUDIT_ACTIONS = {
  login: 'auth.login',
  loginFailed: 'auth.login_fallido',
  register: 'auth.registro',
  logout: 'auth.logout',
  lockout: 'auth.bloqueo',
  passwordChange: 'auth.cambio_password',
  /** A wrong current password in POST /api/auth/password (issue #13). */
  passwordChangeFailed: 'auth.cambio_password_fallido',
} as const;

/** One audit event. */
export interface AuditEntry {
  /** The user who acted; null for an anonymous or unknown actor. */
  actorId: number | null;
  /** The actor's e-mail as given (kept even when the user is later deleted). */
  actorEmail: string | null;
  /** e.g. `auth.login`. */
  accion: string;
  /** Kind of object acted on, e.g. `usuario`, `sesion`. */
  objetivoTipo?: string | null;
  objetivoId?: string | number | null;
  /** Serialised to JSON; never put passwords, hashes or tokens here. */
  cambios?: unknown;
  ip: string | null;
  /** Epoch ms. */
  at: number;
}

/** Inserts one audit row. */
export async function insertAudit(db: Db, e: AuditEntry): Promise<void> {
  await db
    .insertInto('auditoria')
    .values({
      actor_id: e.actorId,
      actor_email: e.actorEmail,
      accion: e.accion,
      objetivo_tipo: e.objetivoTipo ?? null,
      objetivo_id:
        e.objetivoId === undefined || e.objetivoId === null ? null : String(e.objetivoId),
      cambios: e.cambios === undefined ? null : JSON.stringify(e.cambios),
      ip: e.ip,
      creado_en: e.at,
    })
    .execute();
}

/** Audit rows, newest first, optionally for one action and/or one actor e-mail. */
export async function listAudit(
  db: Db,
  filter: { accion?: string; actorEmail?: string; limit?: number } = {},
): Promise<AuditoriaRow[]> {
  let q = db.selectFrom('auditoria').selectAll().orderBy('creado_en', 'desc').orderBy('id', 'desc');
  if (filter.accion) q = q.where('accion', '=', filter.accion);
  if (filter.actorEmail) q = q.where('actor_email', '=', filter.actorEmail);
  return q.limit(filter.limit ?? 100).execute();
}
