/**
 * Queries of single sign-on (issue #18, migration 0017): providers and their group mapping,
 * identity links, the sign-in rounds and one-time results, and the roles a mapping gave.
 * Plain data in and out; the rules are in services/sso-*.ts.
 */
import type { Db } from '../db/types';
import { ssoDb, type SsoProveedoresTable } from '../db/sso-tables';
import type { Selectable } from 'kysely';

/** A provider row with its default role's nombre. */
export type ProveedorRow = Selectable<SsoProveedoresTable> & { rol_por_defecto: string | null };

function proveedores(db: Db) {
  return ssoDb(db)
    .selectFrom('sso_proveedores as p')
    .leftJoin('roles as r', 'r.id', 'p.rol_por_defecto_id')
    .selectAll('p')
    .select('r.nombre as rol_por_defecto');
}

/** Every provider, by nombre then id, `limit`/`offset` paged, and how many there are. */
export async function listProveedores(db: Db, limit: number, offset: number) {
  const rows = (await proveedores(db)
    .orderBy('p.nombre')
    .orderBy('p.id')
    .limit(limit)
    .offset(offset)
    .execute()) as ProveedorRow[];
  const { n } = await ssoDb(db)
    .selectFrom('sso_proveedores')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** One provider, or undefined. */
export async function findProveedor(db: Db, id: number): Promise<ProveedorRow | undefined> {
  return await proveedores(db).where('p.id', '=', id).executeTakeFirst();
}

/**
 * The id of the provider called `nombre` ignoring case, if any. Compared in JavaScript: SQLite's
 * `lower()` folds ASCII only ('Único' ≠ 'único'), and there are few providers.
 */
export async function proveedorIdByNombreCi(db: Db, nombre: string): Promise<number | undefined> {
  const rows = await ssoDb(db).selectFrom('sso_proveedores').select(['id', 'nombre']).execute();
  const wanted = nombre.toLocaleLowerCase('es');
  return rows.find((r) => r.nombre.toLocaleLowerCase('es') === wanted)?.id;
}

/** The columns a write sets (all but id, version, creado_en). */
export type ProveedorValues = Omit<Selectable<SsoProveedoresTable>, 'id' | 'version' | 'creado_en'>;

/** Inserts a provider (secret to be set by `setClientSecret`); returns its id. */
export async function insertProveedor(db: Db, v: ProveedorValues, now: number): Promise<number> {
  const row = await ssoDb(db)
    .insertInto('sso_proveedores')
    .values({ ...v, version: 1, creado_en: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates provider `id` at `version` (bumping it); false when the version is stale. */
export async function updateProveedorVersioned(
  db: Db,
  id: number,
  version: number,
  v: Partial<ProveedorValues>,
): Promise<boolean> {
  const r = await ssoDb(db)
    .updateTable('sso_proveedores')
    .set({ ...v, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stores the encrypted client secret of provider `id` (no version bump). */
export async function setClientSecret(db: Db, id: number, cifrado: string): Promise<void> {
  await ssoDb(db)
    .updateTable('sso_proveedores')
    .set({ client_secret_cifrado: cifrado })
    .where('id', '=', id)
    .execute();
}

/** Deletes provider `id` (links, rounds, results, mapping and role marks cascade). */
export async function deleteProveedor(db: Db, id: number): Promise<void> {
  await ssoDb(db).deleteFrom('sso_proveedores').where('id', '=', id).execute();
}

/** The group mapping of provider `id`: `[{grupo, rol}]`, by grupo then rol. */
export async function mapeoOf(db: Db, id: number): Promise<{ grupo: string; rol: string }[]> {
  return ssoDb(db)
    .selectFrom('sso_mapeo_grupos as m')
    .innerJoin('roles as r', 'r.id', 'm.rol_id')
    .select(['m.grupo as grupo', 'r.nombre as rol'])
    .where('m.proveedor_id', '=', id)
    .orderBy('m.grupo')
    .orderBy('r.nombre')
    .execute();
}

/** Replaces the group mapping of provider `id`. */
export async function replaceMapeo(
  db: Db,
  id: number,
  lines: readonly { grupo: string; rolId: number }[],
): Promise<void> {
  await ssoDb(db).deleteFrom('sso_mapeo_grupos').where('proveedor_id', '=', id).execute();
  const unique = new Map(lines.map((l) => [`${l.grupo}\u0000${l.rolId}`, l]));
  if (unique.size === 0) return;
  await ssoDb(db)
    .insertInto('sso_mapeo_grupos')
    .values(
      [...unique.values()].map((l) => ({ proveedor_id: id, grupo: l.grupo, rol_id: l.rolId })),
    )
    .execute();
}

/** `{id, nombre}` of the active providers, by nombre (the /login buttons). */
export function activeProveedores(db: Db): Promise<{ id: number; nombre: string }[]> {
  return ssoDb(db)
    .selectFrom('sso_proveedores')
    .select(['id', 'nombre'])
    .where('activo', '=', 1)
    .orderBy('nombre')
    .orderBy('id')
    .execute();
}

/** Active `obligatorio` providers with their domains (JSON), for the password gates. */
export function obligatorioProveedores(
  db: Db,
): Promise<{ id: number; nombre: string; dominios: string }[]> {
  return ssoDb(db)
    .selectFrom('sso_proveedores')
    .select(['id', 'nombre', 'dominios'])
    .where('activo', '=', 1)
    .where('obligatorio', '=', 1)
    .orderBy('id')
    .execute();
}

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

// --- roles given by a mapping ------------------------------------------------------------

/** Role ids the mapping of `proveedorId` gives for `grupos` (claim values). */
export async function mappedRolIds(
  db: Db,
  proveedorId: number,
  grupos: readonly string[],
): Promise<number[]> {
  if (grupos.length === 0) return [];
  const rows = await ssoDb(db)
    .selectFrom('sso_mapeo_grupos')
    .select('rol_id')
    .distinct()
    .where('proveedor_id', '=', proveedorId)
    .where('grupo', 'in', [...new Set(grupos)])
    .execute();
  return rows.map((r) => r.rol_id);
}

/**
 * Makes the roles `proveedorId`'s mapping gives `usuarioId` exactly `wanted`: adds the missing
 * ones (marked as the provider's; a role the user already holds by hand stays unmarked, so it is
 * never taken) and removes the marked ones no longer wanted. Returns the role ids added and
 * removed.
 */
export async function syncMappedRoles(
  db: Db,
  usuarioId: number,
  proveedorId: number,
  wanted: readonly number[],
): Promise<{ added: number[]; removed: number[] }> {
  const s = ssoDb(db);
  const marked = new Set(
    (
      await s
        .selectFrom('sso_roles_usuario')
        .select('rol_id')
        .where('usuario_id', '=', usuarioId)
        .where('proveedor_id', '=', proveedorId)
        .execute()
    ).map((r) => r.rol_id),
  );
  const held = new Set(
    (
      await s
        .selectFrom('usuario_roles')
        .select('rol_id')
        .where('usuario_id', '=', usuarioId)
        .execute()
    ).map((r) => r.rol_id),
  );
  const want = new Set(wanted);
  const added = [...want].filter((r) => !held.has(r));
  const removed = [...marked].filter((r) => !want.has(r));
  if (added.length > 0) {
    await s
      .insertInto('usuario_roles')
      .values(added.map((rol_id) => ({ usuario_id: usuarioId, rol_id })))
      .execute();
    await s
      .insertInto('sso_roles_usuario')
      .values(added.map((rol_id) => ({ usuario_id: usuarioId, rol_id, proveedor_id: proveedorId })))
      .execute();
  }
  if (removed.length > 0) {
    // Another provider's mark on the same role keeps it: only this provider's mark goes then.
    const others = new Set(
      (
        await s
          .selectFrom('sso_roles_usuario')
          .select('rol_id')
          .where('usuario_id', '=', usuarioId)
          .where('proveedor_id', '!=', proveedorId)
          .where('rol_id', 'in', removed)
          .execute()
      ).map((r) => r.rol_id),
    );
    await s
      .deleteFrom('sso_roles_usuario')
      .where('usuario_id', '=', usuarioId)
      .where('proveedor_id', '=', proveedorId)
      .where('rol_id', 'in', removed)
      .execute();
    const drop = removed.filter((r) => !others.has(r));
    if (drop.length > 0)
      await s
        .deleteFrom('usuario_roles')
        .where('usuario_id', '=', usuarioId)
        .where('rol_id', 'in', drop)
        .execute();
  }
  return { added, removed };
}

/** Nombres of role ids (for audit rows). */
export async function rolNombres(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ssoDb(db)
    .selectFrom('roles')
    .select('nombre')
    .where('id', 'in', [...ids])
    .orderBy('nombre')
    .execute();
  return rows.map((r) => r.nombre);
}
