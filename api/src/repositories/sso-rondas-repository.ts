/**
 * Queries of single sign-on's rounds (issue #18, migration 0017): the sign-in rounds (state,
 * nonce, PKCE verifier; 10 minutes, single use), the one-time results the callback hands to
 * /login/sso (60 s, single use), and the identity links (provider, sub) → user. Both kinds of
 * value are stored only as SHA-256 hashes (the caller hashes).
 */
import type { Db } from '../db/types';
import { ssoDb } from '../db/sso-tables';

// --- sign-in rounds and one-time results -------------------------------------------------

/** Stores a sign-in round. */
export async function insertEstado(
  db: Db,
  e: {
    estadoHash: string;
    proveedorId: number;
    nonce: string;
    verificador: string;
    redirect: string;
    now: number;
    ttlMs: number;
  },
): Promise<void> {
  await ssoDb(db)
    .insertInto('sso_estados')
    .values({
      estado_hash: e.estadoHash,
      proveedor_id: e.proveedorId,
      nonce: e.nonce,
      verificador: e.verificador,
      redirect: e.redirect,
      creado_en: e.now,
      expira_en: e.now + e.ttlMs,
      usado_en: null,
    })
    .execute();
}

/**
 * Spends the live round of `estadoHash` for provider `proveedorId` and returns it; undefined
 * when unknown, of another provider, expired or already spent (a replayed callback).
 */
export async function spendEstado(db: Db, estadoHash: string, proveedorId: number, now: number) {
  const row = await ssoDb(db)
    .selectFrom('sso_estados')
    .selectAll()
    .where('estado_hash', '=', estadoHash)
    .executeTakeFirst();
  if (!row || row.proveedor_id !== proveedorId || row.usado_en !== null) return undefined;
  if (Number(row.expira_en) <= now) return undefined;
  const r = await ssoDb(db)
    .updateTable('sso_estados')
    .set({ usado_en: now })
    .where('id', '=', row.id)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? row : undefined;
}

/** The redirect of a round, whether or not it is still usable (for an error's way back). */
export async function estadoRedirect(db: Db, estadoHash: string): Promise<string | undefined> {
  const row = await ssoDb(db)
    .selectFrom('sso_estados')
    .select('redirect')
    .where('estado_hash', '=', estadoHash)
    .executeTakeFirst();
  return row?.redirect;
}

/** Stores a one-time result for `usuarioId`. */
export async function insertResultado(
  db: Db,
  r: { valorHash: string; usuarioId: number; proveedorId: number; now: number; ttlMs: number },
): Promise<void> {
  await ssoDb(db)
    .insertInto('sso_resultados')
    .values({
      valor_hash: r.valorHash,
      usuario_id: r.usuarioId,
      proveedor_id: r.proveedorId,
      creado_en: r.now,
      expira_en: r.now + r.ttlMs,
      usado_en: null,
    })
    .execute();
}

/** Spends a live one-time result; its user and provider, or undefined. */
export async function spendResultado(db: Db, valorHash: string, now: number) {
  const row = await ssoDb(db)
    .selectFrom('sso_resultados')
    .selectAll()
    .where('valor_hash', '=', valorHash)
    .executeTakeFirst();
  if (!row || row.usado_en !== null || Number(row.expira_en) <= now) return undefined;
  const r = await ssoDb(db)
    .updateTable('sso_resultados')
    .set({ usado_en: now })
    .where('id', '=', row.id)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1
    ? { usuarioId: row.usuario_id, proveedorId: row.proveedor_id }
    : undefined;
}

/** Deletes rounds and results that ended before `before` (kept small; called on each start). */
export async function purgeExpired(db: Db, before: number): Promise<void> {
  await ssoDb(db).deleteFrom('sso_estados').where('expira_en', '<', before).execute();
  await ssoDb(db).deleteFrom('sso_resultados').where('expira_en', '<', before).execute();
}

// --- identity links ----------------------------------------------------------------------

/** The user linked to (provider, sub), if any. */
export async function findLinkedUser(db: Db, proveedorId: number, sub: string) {
  const row = await ssoDb(db)
    .selectFrom('sso_identidades')
    .select(['id', 'usuario_id'])
    .where('proveedor_id', '=', proveedorId)
    .where('sub', '=', sub)
    .executeTakeFirst();
  return row && { id: row.id, usuarioId: row.usuario_id };
}

/** True when user `usuarioId` is already linked to some identity of the provider. */
export async function userHasLink(db: Db, proveedorId: number, usuarioId: number) {
  const row = await ssoDb(db)
    .selectFrom('sso_identidades')
    .select('id')
    .where('proveedor_id', '=', proveedorId)
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links (provider, sub) to `usuarioId`. */
export async function insertLink(
  db: Db,
  l: { proveedorId: number; issuer: string; sub: string; usuarioId: number; now: number },
): Promise<void> {
  await ssoDb(db)
    .insertInto('sso_identidades')
    .values({
      proveedor_id: l.proveedorId,
      issuer: l.issuer,
      sub: l.sub,
      usuario_id: l.usuarioId,
      creado_en: l.now,
      ultimo_uso_en: l.now,
    })
    .execute();
}

/** Stamps the last use of link `id`. */
export async function touchLink(db: Db, id: number, now: number): Promise<void> {
  await ssoDb(db)
    .updateTable('sso_identidades')
    .set({ ultimo_uso_en: now })
    .where('id', '=', id)
    .execute();
}
