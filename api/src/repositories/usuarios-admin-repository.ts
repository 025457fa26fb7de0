/**
 * The administration's view of one user (issue #4): the row as `Usuario`, versioned updates,
 * role replacement, the last-admin and owned-data checks. Lists, search and export are in
 * `usuarios-list-repository.ts`. Plain functions over a Kysely instance or transaction
 * (STYLE.md). E-mails passed in must already be normalised.
 */
import { ADMIN_ROLE, type Usuario } from '@gestion/shared';
import { sql, SqliteAdapter } from 'kysely';
import type { Db, Dialect } from '../db/types';
import { usuarioSearchColumns } from './busqueda';

/** The columns a list row needs. */
export const ROW_COLUMNS = [
  'usuarios.id',
  'usuarios.email',
  'usuarios.nombre',
  'usuarios.activo',
  'usuarios.creado_en',
  'usuarios.ultimo_acceso',
  'usuarios.invitacion_pendiente',
  'usuarios.version',
] as const;

export interface UsuarioListRow {
  id: number;
  email: string;
  nombre: string;
  activo: number;
  creado_en: number;
  ultimo_acceso: number | null;
  invitacion_pendiente: number;
  version: number;
}

/** Which database `db` talks to (the search takes a different index on each). */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** Epoch ms → ISO 8601. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function toUsuario(r: UsuarioListRow, roles: string[]): Usuario {
  return {
    id: r.id,
    email: r.email,
    nombre: r.nombre,
    activo: r.activo === 1,
    roles,
    creadoEn: iso(r.creado_en),
    ultimoAcceso: r.ultimo_acceso === null ? null : iso(r.ultimo_acceso),
    invitacionPendiente: r.invitacion_pendiente === 1,
    version: r.version,
  };
}

/** Role nombres (alphabetical) of each user id. */
export async function rolesOf(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('usuario_roles')
    .innerJoin('roles', 'roles.id', 'usuario_roles.rol_id')
    .select(['usuario_roles.usuario_id', 'roles.nombre'])
    .where('usuario_roles.usuario_id', 'in', ids)
    .orderBy('roles.nombre')
    .execute();
  for (const r of rows) out.get(r.usuario_id)?.push(r.nombre);
  return out;
}

export async function withRoles(db: Db, rows: UsuarioListRow[]): Promise<Usuario[]> {
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUsuario(r, roles.get(r.id) ?? []));
}

/** One user as the administration sees it, or undefined. */
export async function findUsuario(db: Db, id: number): Promise<Usuario | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select(ROW_COLUMNS)
    .where('usuarios.id', '=', id)
    .executeTakeFirst();
  return row && (await withRoles(db, [row]))[0];
}

/** A user by normalised e-mail, or undefined. */
export async function findUsuarioByEmail(db: Db, email: string): Promise<Usuario | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select(ROW_COLUMNS)
    .where('usuarios.email', '=', email)
    .executeTakeFirst();
  return row && (await withRoles(db, [row]))[0];
}

/** The fields an update may set. */
export interface UsuarioChanges {
  nombre?: string;
  email?: string;
  activo?: boolean;
  passwordHash?: string;
}

/**
 * Applies `changes` when the stored version is `version`, bumping it. Keeps the search columns in
 * step with nombre/email.
 * @returns false when no row has that id and version (stale or missing: the caller tells which).
 */
export async function updateUsuarioVersioned(
  db: Db,
  id: number,
  version: number | undefined,
  current: { nombre: string; email: string },
  changes: UsuarioChanges,
  now: number,
): Promise<boolean> {
  const nombre = changes.nombre ?? current.nombre;
  const email = changes.email ?? current.email;
  let q = db
    .updateTable('usuarios')
    .set((eb) => ({
      nombre,
      email,
      ...usuarioSearchColumns(nombre, email),
      ...(changes.activo !== undefined
        ? { activo: changes.activo ? (1 as const) : (0 as const) }
        : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      actualizado_en: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id);
  if (version !== undefined) q = q.where('version', '=', version);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The stored password hash of a user (password change). */
export async function passwordHashOf(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Role ids by nombre, for the nombres that exist. */
export async function roleIdsByName(
  db: Db,
  names: readonly string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'nombre'])
    .where('nombre', 'in', [...new Set(names)])
    .execute();
  return new Map(rows.map((r) => [r.nombre, r.id]));
}

/**
 * Replaces every role of a user (call inside the write transaction). Only the links that change
 * are written, so only those roles' counters (`usuarios_rol_total`, migration 0004) are touched.
 * On PostgreSQL those counter rows are locked first, in rol_id order: two users' roles swapped
 * at once (one loses `gestor` and gains `usuario`, the other the reverse) would otherwise each
 * hold one counter and wait for the other's — a deadlock.
 */
export async function replaceRoles(db: Db, usuarioId: number, rolIds: readonly number[]) {
  const wanted = new Set(rolIds);
  const held = new Set(
    (
      await db
        .selectFrom('usuario_roles')
        .select('rol_id')
        .where('usuario_id', '=', usuarioId)
        .execute()
    ).map((r) => r.rol_id),
  );
  const removed = [...held].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !held.has(id));
  if (removed.length + added.length === 0) return;
  if (dialectOf(db) === 'postgres') {
    const touched = [...removed, ...added].sort((a, b) => a - b);
    await sql`insert into usuarios_rol_total (rol_id, n)
      select id, 0 from roles where id in (${sql.join(touched)}) order by id
      on conflict (rol_id) do nothing`.execute(db);
    await sql`select rol_id from usuarios_rol_total where rol_id in (${sql.join(touched)})
      order by rol_id for update`.execute(db);
  }
  if (removed.length > 0) {
    await db
      .deleteFrom('usuario_roles')
      .where('usuario_id', '=', usuarioId)
      .where('rol_id', 'in', removed)
      .execute();
  }
  if (added.length > 0) {
    await db
      .insertInto('usuario_roles')
      .values(added.map((rol_id) => ({ usuario_id: usuarioId, rol_id })))
      .execute();
  }
}

/** Ids of the active users holding `admin`. */
export async function activeAdminIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('usuario_roles')
    .innerJoin('roles', 'roles.id', 'usuario_roles.rol_id')
    .innerJoin('usuarios', 'usuarios.id', 'usuario_roles.usuario_id')
    .select('usuarios.id')
    .where('roles.nombre', '=', ADMIN_ROLE)
    .where('usuarios.activo', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Serialises last-admin checks until the transaction ends. On PostgreSQL (READ COMMITTED) two
 * admins demoting each other at once would each still see the other active; locking the `admin`
 * role row makes the second wait and re-read. SQLite runs one write transaction at a time.
 */
export async function lockAdminRole(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.selectFrom('roles').select('id').where('nombre', '=', ADMIN_ROLE).forUpdate().execute();
}

/**
 * True when `usuarioId` is the only active admin (call inside the write transaction): deactivating, deleting or removing `admin` from
 * them would leave nobody able to administer (DESIGN.md §3).
 */
export async function isLastActiveAdmin(db: Db, usuarioId: number): Promise<boolean> {
  await lockAdminRole(db);
  const ids = await activeAdminIds(db);
  return ids.length === 1 && ids[0] === usuarioId;
}

/**
 * Tables whose rows belong to a user: a user referenced here is deactivated instead of deleted
 * (issue #4). Sessions and audit rows do not count (sessions go with the user; audit rows keep
 * `actor_email` when the user goes). Areas that store an owner add their column here, e.g.
 * `{ table: 'eventos', column: 'responsable_id' }`; a foreign key without ON DELETE that blocks
 * the delete is treated the same way (see `deleteOrDeactivate` in the service).
 */
export const OWNED_DATA: readonly { table: string; column: string }[] = [
  { table: 'eventos', column: 'responsable_id' },
  { table: 'informes', column: 'creado_por' },
];

/** True when `table` exists in the current database (SQLite) or current schema (PostgreSQL). */
async function tableExists(db: Db, table: string, dialect: Dialect): Promise<boolean> {
  const res =
    dialect === 'postgres'
      ? await sql<{ n: number }>`select count(*) as n from information_schema.tables
           where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master
           where type = 'table' and name = ${table}`.execute(db);
  return Number(res.rows[0]?.n ?? 0) > 0;
}

/**
 * True when any OWNED_DATA table that exists in this database has a row for the user. Tables
 * of areas not migrated yet are skipped, so the list can name them ahead of time.
 */
export async function userOwnsData(db: Db, usuarioId: number, dialect: Dialect) {
  for (const { table, column } of OWNED_DATA) {
    if (!(await tableExists(db, table, dialect))) continue;
    const row = await sql<{ x: number }>`select 1 as x from ${sql.table(table)}
      where ${sql.ref(column)} = ${usuarioId} limit 1`.execute(db);
    if (row.rows.length > 0) return true;
  }
  return false;
}

/** Deletes a user (sessions and role links cascade; audit rows keep their e-mail). */
export async function deleteUsuario(db: Db, id: number): Promise<void> {
  await db.deleteFrom('usuarios').where('id', '=', id).execute();
}

/** Current version of a user, or undefined when missing. */
export async function versionOf(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.version;
}

/** Bumps a user's version (role changes are changes of the user too). */
export async function bumpVersion(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({ version: eb('version', '+', 1), actualizado_en: now }))
    .where('id', '=', id)
    .execute();
}
