/**
 * The seeded `admin` role requires a second factor (issue #16: "With the defaults, no admin
 * reaches the console without a second factor"). Migration 0011 added `roles.mfa_obligatorio`
 * off for every role on purpose, until the console could walk an admin through enrolment; that
 * console exists now, so this migration switches it on for databases that already exist, and the
 * seed (`seedRoles`) inserts `admin` with it on in new ones (on a new database this runs before
 * the seed, when `roles` is still empty, and changes nothing).
 *
 * On an existing install:
 * - the role named `admin` gets `mfa_obligatorio = 1`, whatever it held before (0011 shipped it
 *   off with no way to decide otherwise in the console; an admin may switch it off again, with
 *   step-up, audited);
 * - every session of an admin without an active authenticator app is closed, so no admin keeps a
 *   console reached with a password alone: at their next sign-in the password answers
 *   `{mfa: {token, configurar: true}}` and the browser walks them through enrolment. An admin who
 *   already enrolled TOTP keeps their sessions. (A passkey-only admin, possible only on a
 *   database that ran migration 0012 earlier, signs in again with the passkey.)
 *
 * Forward only: `down` (tests) switches the role off again; closed sessions stay closed.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

/** The seeded admin role (ADMIN_ROLE of shared), spelt here so the migration never changes. */
const ADMIN = 'admin';

export function adminMfaObligatorio(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update roles set mfa_obligatorio = 1 where nombre = ${ADMIN}`.execute(db);
      await sql`delete from sesiones
        where usuario_id in (
          select ur.usuario_id from usuario_roles ur
          join roles r on r.id = ur.rol_id
          where r.nombre = ${ADMIN})
        and usuario_id not in (select t.usuario_id from mfa_totp t where t.activo = 1)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`update roles set mfa_obligatorio = 0 where nombre = ${ADMIN}`.execute(db);
    },
  };
}
