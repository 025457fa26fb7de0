/**
 * The mailed single-use tokens of the account lifecycle (issue #15, migration 0010) and the
 * devices a user signed in from. Only the SHA-256 of a token is stored (OWASP Forgot Password
 * Cheat Sheet); the caller keeps the token itself for the link and forgets it.
 */
import type { Db } from '../db/types';
import { hashToken, newToken } from './sesiones-repository';

/** What a token is for. */
export const TOKEN_TIPOS = {
  reset: 'reset',
  invitacion: 'invitacion',
  verificacion: 'verificacion',
  cambioEmail: 'cambio_email',
  login: 'login',
} as const;
export type TokenTipo = (typeof TOKEN_TIPOS)[keyof typeof TOKEN_TIPOS];

/** A usable token as read back. */
export interface TokenCuenta {
  id: number;
  usuarioId: number;
  dato: string | null;
  intentos: number;
}

/**
 * Voids every usable token of `tipos` of the user (`usado_en = now`): "a newer one voids older
 * ones", "a password change voids them all".
 * @returns how many were voided.
 */
export async function voidTokens(
  db: Db,
  usuarioId: number,
  tipos: readonly TokenTipo[],
  now: number,
): Promise<number> {
  const res = await db
    .updateTable('tokens_cuenta')
    .set({ usado_en: now })
    .where('usuario_id', '=', usuarioId)
    .where('tipo', 'in', [...tipos])
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Issues a new token of `tipo` for the user, voiding the older ones of the same kind.
 * @param ttlMs lifetime in ms (LIFECYCLE_TTL_MS).
 * @param dato what the token applies (new e-mail, hashed code), or null.
 * @returns the token (32 random bytes, base64url): put it in the link, never store it.
 */
export async function issueToken(
  db: Db,
  u: { usuarioId: number; tipo: TokenTipo; ttlMs: number; now: number; dato?: string | null },
): Promise<string> {
  await voidTokens(db, u.usuarioId, [u.tipo], u.now);
  const token = newToken();
  await db
    .insertInto('tokens_cuenta')
    .values({
      usuario_id: u.usuarioId,
      tipo: u.tipo,
      token_hash: hashToken(token),
      dato: u.dato ?? null,
      intentos: 0,
      creado_en: u.now,
      expira_en: u.now + u.ttlMs,
    })
    .execute();
  return token;
}

/**
 * The usable token of `tipo` behind `token` (not spent, not expired), locked for the rest of the
 * transaction on PostgreSQL so two concurrent uses cannot both spend it; undefined otherwise.
 */
export async function findUsableToken(
  db: Db,
  token: string,
  tipo: TokenTipo,
  now: number,
  dialect: 'sqlite' | 'postgres',
): Promise<TokenCuenta | undefined> {
  let q = db
    .selectFrom('tokens_cuenta')
    .select(['id', 'usuario_id', 'dato', 'intentos'])
    .where('token_hash', '=', hashToken(token))
    .where('tipo', '=', tipo)
    .where('usado_en', 'is', null)
    .where('expira_en', '>', now);
  if (dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return (
    row && { id: row.id, usuarioId: row.usuario_id, dato: row.dato, intentos: Number(row.intentos) }
  );
}

/**
 * Spends a token. Conditional on it still being unused, so of two racing uses only one wins.
 * @returns false when it was already spent.
 */
export async function spendToken(db: Db, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('tokens_cuenta')
    .set({ usado_en: now })
    .where('id', '=', id)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Counts one wrong code against a challenge token; returns the new count. */
export async function countWrongCode(db: Db, id: number): Promise<number> {
  await db
    .updateTable('tokens_cuenta')
    .set((eb) => ({ intentos: eb('intentos', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('tokens_cuenta')
    .select('intentos')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.intentos);
}

/** Tokens of `tipo` issued to the user since `since` (epoch ms): the per-account throttle. */
export async function countTokensSince(
  db: Db,
  usuarioId: number,
  tipo: TokenTipo,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('tokens_cuenta')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('usuario_id', '=', usuarioId)
    .where('tipo', '=', tipo)
    .where('creado_en', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records that the user signed in from the device `huella` (hex SHA-256 of its User-Agent).
 * @returns `nuevo`: never seen before for this user; `primero`: the user had no device at all
 *   (the account's very first sign-in, which sends no notice).
 */
export async function recordDevice(
  db: Db,
  usuarioId: number,
  huella: string,
  now: number,
): Promise<{ nuevo: boolean; primero: boolean }> {
  const seen = await db
    .selectFrom('dispositivos')
    .select('huella')
    .where('usuario_id', '=', usuarioId)
    .execute();
  if (seen.some((d) => d.huella === huella)) {
    await db
      .updateTable('dispositivos')
      .set({ visto_en: now })
      .where('usuario_id', '=', usuarioId)
      .where('huella', '=', huella)
      .execute();
    return { nuevo: false, primero: false };
  }
  await db
    .insertInto('dispositivos')
    .values({ usuario_id: usuarioId, huella, visto_en: now })
    .onConflict((oc) => oc.columns(['usuario_id', 'huella']).doUpdateSet({ visto_en: now }))
    .execute();
  return { nuevo: true, primero: seen.length === 0 };
}
