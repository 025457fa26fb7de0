/**
 * A role's second-factor requirement reaches sessions that already exist (issue #16: "with the
 * defaults, no admin reaches the console without a second factor"). Sign-in, an accepted
 * invitation and registration check it before a session starts; these close the sessions of a
 * user who GAINS the requirement while signed in — given `admin` (or another role that requires
 * a factor) on PUT /api/usuarios/:id/roles, a bulk assignment or an import, or holding a role
 * whose requirement is switched on — and has no factor. Their next sign-in walks them through
 * enrolment. A user with a factor keeps their sessions.
 *
 * "Has a factor" is an active authenticator app (`mfa_totp.activo`) or a passkey (`passkeys`,
 * migration 0012).
 */
import { sql } from 'kysely';
import type { Db } from '../db/types';

/** Users without an active authenticator app and without a passkey. */
const withoutFactor = sql`usuario_id not in (select t.usuario_id from mfa_totp t where t.activo = 1)
    and usuario_id not in (select p.usuario_id from passkeys p)`;

/** Users holding (directly) a role that requires a second factor. */
const requiringFactor = sql`usuario_id in (select ur.usuario_id from usuario_roles ur
  join roles r on r.id = ur.rol_id where r.mfa_obligatorio = 1)`;

/**
 * Closes every session of user `usuarioId` if one of their roles requires a second factor and
 * they have none. Answers how many sessions were closed.
 */
export async function closeSessionsLackingFactor(db: Db, usuarioId: number): Promise<number> {
  const r = await sql`delete from sesiones where usuario_id = ${usuarioId}
    and ${requiringFactor} and ${withoutFactor}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Closes the sessions of every holder of role `rolId` who has no second factor (the role's
 * requirement was just switched on). Answers how many sessions were closed.
 */
export async function closeSessionsOfRoleLackingFactor(db: Db, rolId: number): Promise<number> {
  const r = await sql`delete from sesiones
    where usuario_id in (select ur.usuario_id from usuario_roles ur where ur.rol_id = ${rolId})
    and ${withoutFactor}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
