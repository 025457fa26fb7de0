/**
 * What the user page (issue #14) reads beyond the `Usuario` row: whether the e-mail was
 * verified, and one user's live sessions as an administrator sees them. Plain functions over a
 * Kysely instance or transaction (STYLE.md).
 */
import type { Db } from '../db/types';

/** A session row as the administration lists it (no token hash). */
export interface SesionDeUsuarioRow {
  id: number;
  creada_en: number;
  ultimo_uso: number;
  expira_en: number;
  ip: string | null;
  user_agent: string | null;
}

/** `email_verificado` of user `id` as a boolean, or undefined when there is no such user. */
export async function emailVerificadoOf(db: Db, id: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select('email_verificado')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : row.email_verificado === 1;
}

/**
 * The live sessions of `usuarioId` at `now` (epoch ms): not past their absolute expiry and used
 * within `idleMs` — the same test the auth plugin applies, so a listed session is one that still
 * works. Most recently used first.
 */
export function liveSesionesOf(
  db: Db,
  usuarioId: number,
  now: number,
  idleMs: number,
): Promise<SesionDeUsuarioRow[]> {
  return db
    .selectFrom('sesiones')
    .select(['id', 'creada_en', 'ultimo_uso', 'expira_en', 'ip', 'user_agent'])
    .where('usuario_id', '=', usuarioId)
    .where('expira_en', '>', now)
    .where('ultimo_uso', '>', now - idleMs)
    .orderBy('ultimo_uso', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes session `sesionId` if it belongs to `usuarioId`; true when one row went. */
export async function deleteSesionOf(
  db: Db,
  usuarioId: number,
  sesionId: number,
): Promise<boolean> {
  const res = await db
    .deleteFrom('sesiones')
    .where('id', '=', sesionId)
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
