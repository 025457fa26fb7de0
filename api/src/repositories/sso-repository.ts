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
