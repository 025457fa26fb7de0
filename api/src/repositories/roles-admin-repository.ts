/**
 * Roles as the administration sees them (issue #4): with their permissions and user counts.
 * Plain functions over a Kysely instance or transaction.
 */
import type { Rol } from '@gestion/shared';
import { sql } from 'kysely';
import { containsPattern, normalizeSearch } from './busqueda';
import { iso } from './usuarios-admin-repository';
import type { Db } from '../db/types';

interface RolRow {
  id: number;
  nombre: string;
  descripcion: string;
  version: number;
  creado_en: number;
  mfa_obligatorio: number;
  usuarios: number | null;
}

const SORTS = { nombre: 'r.nombre', usuarios: 'usuarios', creadoEn: 'r.creado_en' } as const;

function baseQuery(db: Db) {
  return db.selectFrom('roles as r').select([
    'r.id',
    'r.nombre',
    'r.descripcion',
    'r.version',
    'r.creado_en',
    'r.mfa_obligatorio',
    (eb) =>
      eb
        .selectFrom('usuario_roles as ur')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ur.rol_id', '=', 'r.id')
        .as('usuarios'),
  ]);
}

/** Permission nombres (catalogue order) of each role id. */
async function permisosOf(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('rol_permisos as rp')
    .innerJoin('permisos as p', 'p.id', 'rp.permiso_id')
    .select(['rp.rol_id', 'p.nombre'])
    .where('rp.rol_id', 'in', ids)
    .orderBy('p.id')
    .execute();
  for (const r of rows) out.get(r.rol_id)?.push(r.nombre);
  return out;
}

async function toRoles(db: Db, rows: RolRow[]): Promise<Rol[]> {
  const permisos = await permisosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    descripcion: r.descripcion,
    permisos: permisos.get(r.id) ?? [],
    usuarios: Number(r.usuarios ?? 0),
    mfaObligatorio: Number(r.mfa_obligatorio) === 1,
    creadoEn: iso(r.creado_en),
    version: r.version,
  }));
}

/** A page of roles matching `q` (nombre or descripcion) and the total. */
export async function listRoles(
  db: Db,
  opts: { q?: string; sort?: string; page: number; pageSize: number },
): Promise<{ items: Rol[]; total: number }> {
  const sortKey = (opts.sort ?? 'nombre').replace(/^-/, '') as keyof typeof SORTS;
  const desc = opts.sort?.startsWith('-') ?? false;
  const q = opts.q?.trim();
  const pattern = q ? containsPattern(normalizeSearch(q)) : undefined;
  // Role nombres are short ASCII-ish identifiers: lower() is enough to fold case here.
  const where = (qb: ReturnType<typeof baseQuery>) =>
    pattern
      ? qb.where(
          sql<boolean>`(lower(r.nombre) like ${pattern} escape '\\' or lower(r.descripcion) like ${pattern} escape '\\')`,
        )
      : qb;
  const rows = await where(baseQuery(db))
    .orderBy(sql.ref(SORTS[sortKey] ?? 'r.nombre'), desc ? 'desc' : 'asc')
    .orderBy('r.id')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  const count = await db
    .selectFrom('roles as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(pattern !== undefined, (qb) =>
      qb.where(
        sql<boolean>`(lower(r.nombre) like ${pattern} escape '\\' or lower(r.descripcion) like ${pattern} escape '\\')`,
      ),
    )
    .executeTakeFirstOrThrow();
  return { items: await toRoles(db, rows), total: Number(count.n) };
}

/** One role, or undefined. */
export async function findRol(db: Db, id: number): Promise<Rol | undefined> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row && (await toRoles(db, [row]))[0];
}

/** One role by nombre, or undefined. */
export async function findRolByNombre(db: Db, nombre: string): Promise<Rol | undefined> {
  const row = await baseQuery(db).where('r.nombre', '=', nombre).executeTakeFirst();
  return row && (await toRoles(db, [row]))[0];
}

/**
 * The role whose nombre equals `nombre` ignoring case (issue #13: no `Admin` beside `admin`), or
 * undefined. `lower()` is the database's, like the unique index of migration 0008 on
 * `lower(nombre)`, so this check and the index agree (SQLite folds ASCII only).
 */
export async function findRolByNombreCi(db: Db, nombre: string): Promise<Rol | undefined> {
  const row = await baseQuery(db)
    .where(sql<boolean>`lower(r.nombre) = lower(${nombre})`)
    .executeTakeFirst();
  return row && (await toRoles(db, [row]))[0];
}

/**
 * Permission nombres of each existing role named (`admin` lists none: it holds every permission
 * implicitly and the delegation rules recognise it by nombre). Unknown nombres are absent.
 */
export async function permisosByRolNombre(
  db: Db,
  nombres: readonly string[],
): Promise<Map<string, string[]>> {
  const unique = [...new Set(nombres)];
  if (unique.length === 0) return new Map();
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'nombre'])
    .where('nombre', 'in', unique)
    .execute();
  const permisos = await permisosOf(
    db,
    roles.map((r) => r.id),
  );
  return new Map(roles.map((r) => [r.nombre, permisos.get(r.id) ?? []]));
}

/** Inserts a role; returns its id. @throws the unique violation when the nombre is taken. */
export async function insertRol(
  db: Db,
  r: { nombre: string; descripcion: string; now: number; mfaObligatorio?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({
      nombre: r.nombre,
      descripcion: r.descripcion,
      version: 1,
      creado_en: r.now,
      mfa_obligatorio: r.mfaObligatorio ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a role's permissions with the catalogue names given (already validated). */
export async function replacePermisos(db: Db, rolId: number, permisos: readonly string[]) {
  await db.deleteFrom('rol_permisos').where('rol_id', '=', rolId).execute();
  if (permisos.length === 0) return;
  const ids = await db
    .selectFrom('permisos')
    .select('id')
    .where('nombre', 'in', [...new Set(permisos)])
    .execute();
  if (ids.length === 0) return;
  await db
    .insertInto('rol_permisos')
    .values(ids.map((p) => ({ rol_id: rolId, permiso_id: p.id })))
    .execute();
}

/**
 * Sets nombre/descripcion/mfa_obligatorio and bumps the version when the stored one is `version`.
 * @returns false when stale.
 */
export async function updateRolVersioned(
  db: Db,
  id: number,
  version: number,
  set: { nombre: string; descripcion: string; mfaObligatorio: boolean },
): Promise<boolean> {
  const { mfaObligatorio, ...rest } = set;
  const res = await db
    .updateTable('roles')
    .set((eb) => ({
      ...rest,
      mfa_obligatorio: mfaObligatorio ? 1 : 0,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives every holder of role `fromId` the role `toId` too (idempotent). */
export async function addReplacementRole(db: Db, fromId: number, toId: number): Promise<void> {
  const holders = await db
    .selectFrom('usuario_roles')
    .select('usuario_id')
    .where('rol_id', '=', fromId)
    .execute();
  if (holders.length === 0) return;
  await db
    .insertInto('usuario_roles')
    .values(holders.map((h) => ({ usuario_id: h.usuario_id, rol_id: toId })))
    .onConflict((oc) => oc.columns(['usuario_id', 'rol_id']).doNothing())
    .execute();
  // The holders changed: their versions move so a stale edit of them is caught.
  await db
    .updateTable('usuarios')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where(
      'id',
      'in',
      holders.map((h) => h.usuario_id),
    )
    .execute();
}

/** Deletes a role (its links to users and permissions cascade). */
export async function deleteRol(db: Db, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** The permission catalogue as stored: nombre, Spanish descripcion, grupo (catalogue order). */
export async function listPermisos(db: Db) {
  return db
    .selectFrom('permisos')
    .select(['nombre', 'descripcion', 'grupo'])
    .orderBy('id')
    .execute();
}
