/**
 * Users and their roles: plain functions over a Kysely instance or transaction (STYLE.md).
 * E-mails passed in must already be normalised (`normalizeEmail`).
 */
import { ADMIN_ROLE, ALL_PERMISSIONS, type Role, type User } from '@gestion/shared';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/types';
import { usuarioSearchColumns } from './busqueda';

/** Defined in `db/types.ts`; re-exported for the modules that still import it from here. */
export type { Db };

/** What sign-in needs: the user and its hash (the hash never leaves the api). */
export interface Credentials {
  id: number;
  email: string;
  nombre: string;
  activo: boolean;
  password_hash: string;
  /** Invited, no password set yet: can never sign in (issue #15). */
  invitacionPendiente: boolean;
  /** False only for a self-registration not yet verified (issue #15). */
  emailVerificado: boolean;
  /** Locale of the user's mails. */
  idioma: string;
  /** Last successful sign-in, epoch ms; null before the first one. */
  ultimoAcceso: number | null;
}

/** The user row for a sign-in attempt, or undefined for an unknown e-mail. */
export async function findCredentialsByEmail(
  db: Db,
  email: string,
): Promise<Credentials | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select([
      'id',
      'email',
      'nombre',
      'activo',
      'password_hash',
      'invitacion_pendiente',
      'email_verificado',
      'idioma',
      'ultimo_acceso',
    ])
    .where('email', '=', email)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      nombre: row.nombre,
      activo: row.activo === 1,
      password_hash: row.password_hash,
      invitacionPendiente: row.invitacion_pendiente === 1,
      emailVerificado: row.email_verificado === 1,
      idioma: row.idioma,
      ultimoAcceso: row.ultimo_acceso === null ? null : Number(row.ultimo_acceso),
    }
  );
}

/** True when an account already uses this e-mail. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** The lifecycle state a new user starts in (issue #15); every flag defaults to "none". */
export interface NuevoUsuarioEstado {
  /** An admin set or generated the password: change it at the first sign-in. */
  debeCambiarPassword?: boolean;
  /** Invited: no usable password until the invitation is accepted. */
  invitacionPendiente?: boolean;
  /** False for a self-registration while `verificacionEmail` is on. Default true. */
  emailVerificado?: boolean;
  /** Locale of the user's mails; default `es`. */
  idioma?: string;
}

/**
 * Inserts a user and returns its id.
 * @throws the driver's unique-constraint error when the e-mail is taken (see `isUniqueViolation`).
 */
export async function insertUsuario(
  db: Db,
  u: {
    email: string;
    nombre: string;
    passwordHash: string;
    activo?: boolean;
    now: number;
  } & NuevoUsuarioEstado,
): Promise<number> {
  const row = await db
    .insertInto('usuarios')
    .values({
      email: u.email,
      nombre: u.nombre,
      // The normalised search columns of migration 0002, kept in step with nombre/email.
      ...usuarioSearchColumns(u.nombre, u.email),
      password_hash: u.passwordHash,
      activo: u.activo === false ? 0 : 1,
      debe_cambiar_password: u.debeCambiarPassword ? 1 : 0,
      invitacion_pendiente: u.invitacionPendiente ? 1 : 0,
      email_verificado: u.emailVerificado === false ? 0 : 1,
      idioma: u.idioma ?? 'es',
      version: 1,
      creado_en: u.now,
      actualizado_en: u.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives the user the role called `rolNombre`; false when no such role exists. Idempotent. */
export async function assignRoleByName(
  db: Db,
  usuarioId: number,
  rolNombre: string,
): Promise<boolean> {
  const rol = await db
    .selectFrom('roles')
    .select('id')
    .where('nombre', '=', rolNombre)
    .executeTakeFirst();
  if (!rol) return false;
  await db
    .insertInto('usuario_roles')
    .values({ usuario_id: usuarioId, rol_id: rol.id })
    .onConflict((oc) => oc.columns(['usuario_id', 'rol_id']).doNothing())
    .execute();
  return true;
}

/** Records a successful sign-in time. */
export async function touchLastAccess(db: Db, usuarioId: number, now: number): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({ ultimo_acceso: now })
    .where('id', '=', usuarioId)
    .execute();
}

/** Sets `activo` and bumps `version` (used by tests here; by user management later). */
export async function setActivo(
  db: Db,
  usuarioId: number,
  activo: boolean,
  now: number,
): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({ activo: activo ? 1 : 0, actualizado_en: now, version: eb('version', '+', 1) }))
    .where('id', '=', usuarioId)
    .execute();
}

/** True when at least one user holds the `admin` role. */
export async function adminExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('usuario_roles')
    .innerJoin('roles', 'roles.id', 'usuario_roles.rol_id')
    .select('usuario_roles.usuario_id')
    .where('roles.nombre', '=', ADMIN_ROLE)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One row of the user → roles → permisos join (one per permission, or per role without any). */
export interface UserRoleRow {
  id: number;
  email: string;
  nombre: string;
  activo: number;
  /** Migration 0010 (issue #15). */
  debe_cambiar_password: number;
  idioma: string;
  rol: string | null;
  permiso: string | null;
  /** The group giving `rol` (issue #17); null for an own role. */
  grupo: string | null;
}

/**
 * The admin role has no rows in rol_permisos (it holds everything implicitly, SPEC §6). The
 * api lists the whole catalogue for it anyway, so a client that only reads `permisos` sees the
 * truth too; `hasPermission` answers the same either way. One frozen array shared by every
 * admin `User`, so its JSON can be written once (see `meJson`).
 */
export const ADMIN_PERMISOS: Role['permisos'] = Object.freeze(
  ALL_PERMISSIONS.map((nombre) => Object.freeze({ nombre })),
) as Role['permisos'];

/** The catalogue's `{nombre}` objects, frozen and shared (those of ADMIN_PERMISOS). */
const PERMISO_OBJECTS: ReadonlyMap<string, Role['permisos'][number]> = new Map(
  ADMIN_PERMISOS.map((p) => [p.nombre, p]),
);

/**
 * The shared frozen `{nombre}` of a catalogue permission (a fresh object for a name outside
 * it). Folding a user's rows, or scoping a token, then allocates nothing per permission: on the
 * /me hot path (issue #2, #17 benchmarks) that garbage was a measurable share of the request.
 */
export function permisoObject(nombre: string): Role['permisos'][number] {
  return PERMISO_OBJECTS.get(nombre) ?? { nombre };
}

/**
 * Folds join rows into the api's `User` (DESIGN.md §3): exactly
 * `{id, email, nombre, activo, roles: [{nombre, permisos: [{nombre}]}]}`, plus
 * `debeCambiarPassword: true` and `idioma: 'en'` only when so (issue #15). Rows may come in any
 * order (grouped here by role); roles and permissions keep the order of the rows, which the
 * queries make role id, then permission id (the catalogue's order).
 *
 * Issue #17: `roles` are the effective ones, own and from groups (`grupo` of a row). A role from
 * at least one group carries `origen: {directo, grupos}`; an own-only role does not, so a user
 * without groups gets SPEC's shape exactly. A role reached by several sources lists its
 * permissions once: they are taken from the rows of the first source seen only.
 */
export function foldUser(rows: readonly UserRoleRow[]): User | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const roles: Role[] = [];
  const byName = new Map<string, FoldedRole>();
  let fromGroups = false;
  for (const r of rows) {
    if (r.rol === null) continue;
    let entry = byName.get(r.rol);
    if (!entry) {
      const role: Role = { nombre: r.rol, permisos: r.rol === ADMIN_ROLE ? ADMIN_PERMISOS : [] };
      entry = { role, source: r.grupo, directo: false, grupos: null };
      byName.set(r.rol, entry);
      roles.push(role);
    }
    if (r.grupo === null) entry.directo = true;
    else {
      fromGroups = true;
      entry.grupos ??= [];
      if (!entry.grupos.includes(r.grupo)) entry.grupos.push(r.grupo);
    }
    if (r.permiso !== null && r.rol !== ADMIN_ROLE && r.grupo === entry.source)
      entry.role.permisos.push(permisoObject(r.permiso));
  }
  if (fromGroups) {
    for (const e of byName.values())
      if (e.grupos) e.role.origen = { directo: e.directo, grupos: e.grupos };
  }
  const user: User = {
    id: first.id,
    email: first.email,
    nombre: first.nombre,
    activo: first.activo === 1,
    roles,
  };
  // Present only when they say something (issue #15), so the common answer keeps SPEC's shape.
  if (first.debe_cambiar_password === 1) user.debeCambiarPassword = true;
  if (first.idioma === 'en') user.idioma = 'en';
  return user;
}

/** A role being folded: the first source seen (its permissions are taken from it) and its origins. */
interface FoldedRole {
  role: Role;
  source: string | null;
  directo: boolean;
  grupos: string[] | null;
}

/**
 * The SQL of `findUserWithRoles` for one Kysely instance (its dialect), built once: building
 * and compiling this four-join query through Kysely costs about 50 µs, several times running it
 * (issue #2 login benchmark: every sign-in loads the user). Its only parameter is the user id.
 */
const userWithRolesSql = new WeakMap<Db, string>();

/** The compiled query of `findUserWithRoles` for user `usuarioId` (exported for plan tests). */
export function userWithRolesQuery(db: Db, usuarioId: number): CompiledQuery<UserRoleRow> {
  let text = userWithRolesSql.get(db);
  if (text === undefined) {
    const userColumns = [
      'u.id',
      'u.email',
      'u.nombre',
      'u.activo',
      'u.debe_cambiar_password',
      'u.idioma',
    ] as const;
    const own = db
      .selectFrom('usuarios as u')
      .leftJoin('usuario_roles as ur', 'ur.usuario_id', 'u.id')
      .leftJoin('roles as r', 'r.id', 'ur.rol_id')
      .leftJoin('rol_permisos as rp', 'rp.rol_id', 'r.id')
      .leftJoin('permisos as p', 'p.id', 'rp.permiso_id')
      .select([
        ...userColumns,
        'r.nombre as rol',
        'p.nombre as permiso',
        sql<string | null>`null`.as('grupo'),
        'r.id as rol_id',
        'p.id as permiso_id',
      ])
      .where('u.id', '=', usuarioId);
    // Issue #17: the roles of the user's groups, as the session lookup adds them.
    const viaGroups = db
      .selectFrom('usuarios as u')
      .innerJoin('grupo_miembros as gm', 'gm.usuario_id', 'u.id')
      .innerJoin('grupos as g', 'g.id', 'gm.grupo_id')
      .innerJoin('grupo_roles as gr', 'gr.grupo_id', 'g.id')
      .innerJoin('roles as r', 'r.id', 'gr.rol_id')
      .leftJoin('rol_permisos as rp', 'rp.rol_id', 'r.id')
      .leftJoin('permisos as p', 'p.id', 'rp.permiso_id')
      .select([
        ...userColumns,
        sql<string | null>`r.nombre`.as('rol'),
        'p.nombre as permiso',
        sql<string | null>`g.nombre`.as('grupo'),
        sql<number | null>`r.id`.as('rol_id'),
        'p.id as permiso_id',
      ])
      .where('u.id', '=', usuarioId);
    const compiled = own.unionAll(viaGroups).orderBy('rol_id').orderBy('permiso_id').compile();
    if (compiled.parameters.length !== 2)
      throw new Error('findUserWithRoles: two parameters expected');
    text = compiled.sql;
    userWithRolesSql.set(db, text);
  }
  return CompiledQuery.raw(text, [usuarioId, usuarioId]);
}

/** The user with roles and permissions, or undefined. */
export async function findUserWithRoles(db: Db, usuarioId: number): Promise<User | undefined> {
  const { rows } = await db.executeQuery(userWithRolesQuery(db, usuarioId));
  return foldUser(rows);
}
