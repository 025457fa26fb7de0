/**
 * First-start seeding (issue #2), idempotent: the permission catalogue, the seeded roles, the
 * settings defaults and the first administrator are inserted only when missing, so restarts
 * never duplicate, reset or re-print anything.
 *
 * Issue #16: the seeded `admin` role is created requiring a second factor (`seedRoles`), so the
 * first administrator's password answers `{mfa: {token, configurar: true}}` and the browser walks
 * them through enrolling an authenticator app (or a passkey) before any session exists.
 */
import { ADMIN_ROLE } from '@gestion/shared';
import { sql, type Kysely } from 'kysely';
import { generatePassword, type PasswordHasher } from '../lib/passwords';
import { seedAjustes } from '../repositories/ajustes-repository';
import { AUDIT_ACTIONS, insertAudit } from '../repositories/auditoria-repository';
import { seedPermissions, seedRoles } from '../repositories/roles-repository';
import {
  adminExists,
  assignRoleByName,
  findCredentialsByEmail,
  insertUsuario,
} from '../repositories/usuarios-repository';
import type { Database } from './database';

/** What seeding did that the operator must hear about. */
export interface SeedResult {
  /** The first administrator, when this start created it. */
  adminCreated?: { email: string };
  /**
   * The generated password of the administrator just created (no ADMIN_PASSWORD given). Present
   * exactly once in the life of a database: `server.ts` prints it.
   */
  generatedPassword?: string;
}

/**
 * Seeds what is missing, in one transaction.
 * @param admin `ADMIN_EMAIL` (normalised) and `ADMIN_PASSWORD` (optional).
 */
export async function seed(
  db: Kysely<Database>,
  admin: { email: string; password?: string },
  hasher: PasswordHasher,
  now: number,
  dialect: 'sqlite' | 'postgres',
): Promise<SeedResult> {
  // Hash before opening the transaction (it takes tens of ms): only used when no admin exists.
  const needsAdmin = !(await adminExists(db));
  const password = needsAdmin ? (admin.password ?? generatePassword()) : undefined;
  const passwordHash = password !== undefined ? await hasher.hash(password) : undefined;

  return db.transaction().execute(async (tx) => {
    // Replicas starting together on one PostgreSQL seed one after the other (SQLite's single
    // writer already serialises them).
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(724201)`.execute(tx);
    await seedPermissions(tx);
    await seedRoles(tx, now);
    await seedAjustes(tx);
    if (passwordHash === undefined || (await adminExists(tx))) return {};
    const existing = await findCredentialsByEmail(tx, admin.email);
    // An account with ADMIN_EMAIL already exists but nobody is admin (e.g. a database seeded
    // before): promote it and keep its password.
    const id =
      existing?.id ??
      (await insertUsuario(tx, { email: admin.email, nombre: 'Administrador', passwordHash, now }));
    await assignRoleByName(tx, id, ADMIN_ROLE);
    await insertAudit(tx, {
      actorId: null,
      actorEmail: null,
      accion: AUDIT_ACTIONS.register,
      objetivoTipo: 'usuario',
      objetivoId: id,
      cambios: { rol: ADMIN_ROLE, origen: 'arranque' },
      ip: null,
      at: now,
    });
    const result: SeedResult = { adminCreated: { email: admin.email } };
    if (!existing && admin.password === undefined) result.generatedPassword = password;
    return result;
  });
}
