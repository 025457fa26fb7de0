/**
 * The account-lifecycle writes and reads of `usuarios` (issue #15, migration 0010): a new
 * password and the flags that go with it, the verified e-mail, the mail locale, an e-mail
 * change, and the user as the lifecycle flows read it. Plain functions over a Kysely instance
 * or transaction (STYLE.md); e-mails passed in must already be normalised.
 */
import type { Db } from '../db/types';
import { usuarioSearchColumns } from './busqueda';

/**
 * Sets a new password (an argon2id hash) and what goes with it (issue #15): the invitation is
 * no longer pending; `debeCambiarPassword` says whether an admin chose it; `emailVerificado`
 * when the flow proved the mailbox (a reset or invitation link). Bumps `version`.
 */
export async function setPassword(
  db: Db,
  usuarioId: number,
  u: { passwordHash: string; now: number; debeCambiarPassword: boolean; emailVerificado?: true },
): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({
      password_hash: u.passwordHash,
      debe_cambiar_password: u.debeCambiarPassword ? 1 : 0,
      invitacion_pendiente: 0,
      ...(u.emailVerificado ? { email_verificado: 1 as const } : {}),
      actualizado_en: u.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', usuarioId)
    .execute();
}

/** Marks the user's e-mail verified (issue #15). */
export async function setEmailVerificado(db: Db, usuarioId: number, now: number): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({ email_verificado: 1, actualizado_en: now, version: eb('version', '+', 1) }))
    .where('id', '=', usuarioId)
    .execute();
}

/** Stores the locale of the user's mails (issue #15). */
export async function setIdioma(db: Db, usuarioId: number, idioma: string): Promise<void> {
  await db.updateTable('usuarios').set({ idioma }).where('id', '=', usuarioId).execute();
}

/**
 * Moves the account to a new (normalised) e-mail, keeping the search columns in step; bumps
 * `version`.
 * @throws the driver's unique-constraint error when the e-mail was taken meanwhile.
 */
export async function setEmail(
  db: Db,
  usuarioId: number,
  u: { email: string; nombre: string; now: number },
): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({
      email: u.email,
      ...usuarioSearchColumns(u.nombre, u.email),
      email_verificado: 1,
      actualizado_en: u.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', usuarioId)
    .execute();
}

/** What the lifecycle flows read of a user by id: identity, state and locale. */
export interface CicloUsuario {
  id: number;
  email: string;
  nombre: string;
  activo: boolean;
  invitacionPendiente: boolean;
  emailVerificado: boolean;
  idioma: string;
}

/** The user by id for the lifecycle flows, or undefined. */
export async function findCicloUsuario(db: Db, id: number): Promise<CicloUsuario | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select([
      'id',
      'email',
      'nombre',
      'activo',
      'invitacion_pendiente',
      'email_verificado',
      'idioma',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      nombre: row.nombre,
      activo: row.activo === 1,
      invitacionPendiente: row.invitacion_pendiente === 1,
      emailVerificado: row.email_verificado === 1,
      idioma: row.idioma,
    }
  );
}
