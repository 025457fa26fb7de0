/**
 * Groups (issue #17, migration 0014): with their roles (by nombre) and member counts. Plain
 * functions over a Kysely instance or transaction.
 */
import type { Grupo, MiembroGrupo } from '@gestion/shared';
import { sql } from 'kysely';
import { containsPattern, normalizeSearch } from './busqueda';
import { iso } from './usuarios-admin-repository';
import type { Db } from '../db/types';

interface GrupoRow {
  id: number;
  nombre: string;
  descripcion: string;
  external_id: string | null;
  version: number;
  creado_en: number;
  miembros: number | string | null;
}

const SORTS = { nombre: 'g.nombre', miembros: 'miembros', creadoEn: 'g.creado_en' } as const;

function baseQuery(db: Db) {
  return db.selectFrom('grupos as g').select([
    'g.id',
    'g.nombre',
    'g.descripcion',
    'g.external_id',
    'g.version',
    'g.creado_en',
    (eb) =>
      eb
        .selectFrom('grupo_miembros as gm')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('gm.grupo_id', '=', 'g.id')
        .as('miembros'),
  ]);
}

/** Role nombres of each group id, by nombre. */
async function rolesOf(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('grupo_roles as gr')
    .innerJoin('roles as r', 'r.id', 'gr.rol_id')
    .select(['gr.grupo_id', 'r.nombre'])
    .where('gr.grupo_id', 'in', ids)
    .orderBy('r.nombre')
    .execute();
  for (const r of rows) out.get(r.grupo_id)?.push(r.nombre);
  return out;
}

async function toGrupos(db: Db, rows: GrupoRow[]): Promise<Grupo[]> {
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    descripcion: r.descripcion,
    roles: roles.get(r.id) ?? [],
    ...(r.external_id !== null ? { externalId: r.external_id } : {}),
    miembros: Number(r.miembros ?? 0),
    creadoEn: iso(Number(r.creado_en)),
    version: r.version,
  }));
}

/** `q` as a LIKE condition on nombre or descripcion, folded by the database's `lower`. */
function matching(q: string | undefined) {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(normalizeSearch(text));
  return sql<boolean>`(lower(g.nombre) like ${pattern} escape '\\' or lower(g.descripcion) like ${pattern} escape '\\')`;
}

/**
 * A page of groups matching `q` (nombre or descripcion) and, with `usuarioId`, having that user
 * as a member; and their total.
 */
export async function listGrupos(
  db: Db,
  opts: { q?: string; usuarioId?: number; sort?: string; page: number; pageSize: number },
): Promise<{ items: Grupo[]; total: number }> {
  const sortKey = (opts.sort ?? 'nombre').replace(/^-/, '') as keyof typeof SORTS;
  const desc = opts.sort?.startsWith('-') ?? false;
  const cond = matching(opts.q);
  const { usuarioId } = opts;
  const rows = await baseQuery(db)
    .$if(cond !== undefined, (qb) => qb.where(cond!))
    .$if(usuarioId !== undefined, (qb) =>
      qb.where('g.id', 'in', (eb) =>
        eb.selectFrom('grupo_miembros').select('grupo_id').where('usuario_id', '=', usuarioId!),
      ),
    )
    .orderBy(sql.ref(SORTS[sortKey] ?? 'g.nombre'), desc ? 'desc' : 'asc')
    .orderBy('g.id')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  const count = await db
    .selectFrom('grupos as g')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(cond !== undefined, (qb) => qb.where(cond!))
    .$if(usuarioId !== undefined, (qb) =>
      qb.where('g.id', 'in', (eb) =>
        eb.selectFrom('grupo_miembros').select('grupo_id').where('usuario_id', '=', usuarioId!),
      ),
    )
    .executeTakeFirstOrThrow();
  return { items: await toGrupos(db, rows), total: Number(count.n) };
}

/** One group, or undefined. */
export async function findGrupo(db: Db, id: number): Promise<Grupo | undefined> {
  const row = await baseQuery(db).where('g.id', '=', id).executeTakeFirst();
  return row && (await toGrupos(db, [row]))[0];
}

/** The id of the group named `nombre` ignoring case (the unique index's `lower`), or undefined. */
export async function grupoIdByNombreCi(db: Db, nombre: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('grupos')
    .select('id')
    .where(sql<boolean>`lower(nombre) = lower(${nombre})`)
    .executeTakeFirst();
  return row?.id;
}

/** The id of the group with `externalId`, or undefined. */
export async function grupoIdByExternalId(db: Db, externalId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('grupos')
    .select('id')
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row?.id;
}

/** Inserts a group (version 1); returns its id. */
export async function insertGrupo(
  db: Db,
  g: { nombre: string; descripcion: string; externalId: string | null; now: number },
): Promise<number> {
  const row = await db
    .insertInto('grupos')
    .values({
      nombre: g.nombre,
      descripcion: g.descripcion,
      external_id: g.externalId,
      version: 1,
      creado_en: g.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sets nombre/descripcion/external_id and bumps the version when the stored one is `version`.
 * @returns false when the version was stale (nothing written).
 */
export async function updateGrupoVersioned(
  db: Db,
  id: number,
  version: number,
  next: { nombre: string; descripcion: string; externalId: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable('grupos')
    .set({
      nombre: next.nombre,
      descripcion: next.descripcion,
      external_id: next.externalId,
      version: version + 1,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Bumps a group's version (its roles or members changed outside `updateGrupoVersioned`). */
export async function bumpGrupoVersion(db: Db, id: number): Promise<void> {
  await db
    .updateTable('grupos')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Replaces a group's roles with the role ids given (existing roles, already checked). */
export async function replaceGrupoRoles(db: Db, id: number, rolIds: readonly number[]) {
  await db.deleteFrom('grupo_roles').where('grupo_id', '=', id).execute();
  if (rolIds.length === 0) return;
  await db
    .insertInto('grupo_roles')
    .values([...new Set(rolIds)].map((rolId) => ({ grupo_id: id, rol_id: rolId })))
    .execute();
}

/** Deletes a group; its roles and memberships go with it (foreign keys cascade). */
export async function deleteGrupo(db: Db, id: number): Promise<void> {
  await db.deleteFrom('grupos').where('id', '=', id).execute();
}

/** The ids of `ids` that are members of group `id`. */
export async function memberIdsAmong(
  db: Db,
  id: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('grupo_miembros')
    .select('usuario_id')
    .where('grupo_id', '=', id)
    .where('usuario_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.usuario_id));
}

/** Adds users (not yet members, existing) to group `id`. */
export async function insertMiembros(db: Db, id: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .insertInto('grupo_miembros')
    .values(userIds.map((u) => ({ grupo_id: id, usuario_id: u })))
    .onConflict((oc) => oc.columns(['grupo_id', 'usuario_id']).doNothing())
    .execute();
}

/** Removes users from group `id`. */
export async function deleteMiembros(db: Db, id: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('grupo_miembros')
    .where('grupo_id', '=', id)
    .where('usuario_id', 'in', userIds)
    .execute();
}

/** A page of group `id`'s members (`q` in nombre or e-mail, accent-insensitive) and the total. */
export async function listMiembros(
  db: Db,
  id: number,
  opts: { q?: string; page: number; pageSize: number },
): Promise<{ items: MiembroGrupo[]; total: number }> {
  const text = opts.q?.trim();
  const pattern = text ? containsPattern(normalizeSearch(text)) : undefined;
  const base = db
    .selectFrom('grupo_miembros as gm')
    .innerJoin('usuarios as u', 'u.id', 'gm.usuario_id')
    .where('gm.grupo_id', '=', id)
    .$if(pattern !== undefined, (qb) =>
      qb.where(sql<boolean>`u.busqueda like ${pattern} escape '\\'`),
    );
  const rows = await base
    .select(['u.id', 'u.email', 'u.nombre', 'u.activo'])
    .orderBy('u.nombre')
    .orderBy('u.id')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      nombre: r.nombre,
      activo: Number(r.activo) === 1,
    })),
    total: Number(count.n),
  };
}

/** Role nombres user `usuarioId` holds through groups (issue #17), without repeats. */
export async function groupRoleNamesOf(db: Db, usuarioId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('grupo_miembros as gm')
    .innerJoin('grupo_roles as gr', 'gr.grupo_id', 'gm.grupo_id')
    .innerJoin('roles as r', 'r.id', 'gr.rol_id')
    .select('r.nombre')
    .distinct()
    .where('gm.usuario_id', '=', usuarioId)
    .execute();
  return rows.map((r) => r.nombre);
}

/** The ids among `ids` of existing users. */
export async function existingUserIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('usuarios')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Role ids by nombre of the existing roles among `nombres`. */
export async function rolIdsByNombre(
  db: Db,
  nombres: readonly string[],
): Promise<Map<string, number>> {
  if (nombres.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'nombre'])
    .where('nombre', 'in', [...new Set(nombres)])
    .execute();
  return new Map(rows.map((r) => [r.nombre, r.id]));
}
