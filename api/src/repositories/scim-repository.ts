/**
 * What the SCIM service provider reads (issue #17): users and groups by the supported filter
 * conditions (lib/scim/filter.ts), in pages ordered by id (a stable order, RFC 7644 §3.4.2.4),
 * each with what its representation needs. Writes go through the usuarios and grupos services;
 * only the SCIM-only columns (`usuarios.external_id`, `grupos.actualizado_en`) are set here.
 *
 * `userName` and the work e-mail compare against `usuarios.email`, stored lowercase, with the
 * literal lowercased (RFC 7643 §4.1.1: userName is not case-exact) so the unique index on
 * `email` serves the lookup directories make before every create (bench/results/scim.md).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/database';
import type { Db } from '../db/types';
import type { FilterCondition } from '../lib/scim/filter';

/** A user as SCIM represents it. */
export interface ScimUsuarioRow {
  id: number;
  email: string;
  nombre: string;
  activo: boolean;
  externalId: string | null;
  version: number;
  creadoEn: number;
  actualizadoEn: number;
  grupos: { id: number; nombre: string }[];
}

/** A group as SCIM represents it; `miembros` only when asked for. */
export interface ScimGrupoRow {
  id: number;
  nombre: string;
  externalId: string | null;
  version: number;
  creadoEn: number;
  actualizadoEn: number;
  miembros?: { id: number; email: string }[];
}

const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.nombre',
  'u.activo',
  'u.external_id',
  'u.version',
  'u.creado_en',
  'u.actualizado_en',
] as const;

/** A page: `startIndex` is 1-based (RFC 7644 §3.4.2.4), `count` at most 100. */
export interface PageRequest {
  startIndex: number;
  count: number;
}

function userWhere(conds: readonly FilterCondition[]) {
  return (eb: ExpressionBuilder<Database & { u: Database['usuarios'] }, 'u'>) => {
    const terms = conds.map((c) => {
      switch (c.attribute) {
        case 'userName':
        case 'email':
          return eb('u.email', '=', c.value.trim().toLowerCase());
        case 'externalId':
          return eb('u.external_id', '=', c.value);
        case 'displayName':
          return eb('u.nombre', '=', c.value);
        case 'id':
        case 'member':
          return eb('u.id', '=', idOf(c.value));
      }
    });
    return eb.and(terms);
  };
}

const usersFrom = (db: Db) => db.selectFrom('usuarios as u');

/** A SCIM id as ours; -1 (matching nothing) when it is not one. */
function idOf(value: string): number {
  return /^\d{1,12}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : -1;
}

async function groupsOfUsers(db: Db, ids: number[]) {
  const byUser = new Map<number, { id: number; nombre: string }[]>();
  if (ids.length === 0) return byUser;
  const rows = await db
    .selectFrom('grupo_miembros as gm')
    .innerJoin('grupos as g', 'g.id', 'gm.grupo_id')
    .select(['gm.usuario_id', 'g.id', 'g.nombre'])
    .where('gm.usuario_id', 'in', ids)
    .orderBy('g.id')
    .execute();
  for (const r of rows) {
    const list = byUser.get(r.usuario_id) ?? [];
    list.push({ id: r.id, nombre: r.nombre });
    byUser.set(r.usuario_id, list);
  }
  return byUser;
}

type UserRow = {
  id: number;
  email: string;
  nombre: string;
  activo: number;
  external_id: string | null;
  version: number;
  creado_en: number;
  actualizado_en: number;
};

async function toUsers(db: Db, rows: UserRow[], withGroups: boolean): Promise<ScimUsuarioRow[]> {
  const groups = withGroups
    ? await groupsOfUsers(
        db,
        rows.map((r) => r.id),
      )
    : new Map<number, { id: number; nombre: string }[]>();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    nombre: r.nombre,
    activo: Number(r.activo) === 1,
    externalId: r.external_id,
    version: Number(r.version),
    creadoEn: Number(r.creado_en),
    actualizadoEn: Number(r.actualizado_en),
    grupos: groups.get(r.id) ?? [],
  }));
}

/** Users matching every condition, by id. `withGroups`: load their groups (read-only attr). */
export async function listScimUsuarios(
  db: Db,
  conds: readonly FilterCondition[],
  page: PageRequest,
  withGroups: boolean,
): Promise<{ items: ScimUsuarioRow[]; total: number }> {
  const where = userWhere(conds);
  const rows = await usersFrom(db)
    .select(USER_COLUMNS)
    .$if(conds.length > 0, (qb) => qb.where(where))
    .orderBy('u.id')
    .limit(page.count)
    .offset(page.startIndex - 1)
    .execute();
  // A page that is not full and starts at 1 is the whole result: no COUNT over the table; with
  // no filter (a directory's import walking every page) the trigger-kept `usuarios_total` (0002).
  const total =
    page.startIndex === 1 && rows.length < page.count
      ? rows.length
      : conds.length === 0
        ? Number(
            (await sql<{ n: number }>`select n from usuarios_total where id = 1`.execute(db))
              .rows[0]?.n ?? 0,
          )
        : Number(
            (
              await usersFrom(db)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .$if(conds.length > 0, (qb) => qb.where(where))
                .executeTakeFirstOrThrow()
            ).n,
          );
  return { items: await toUsers(db, rows, withGroups), total };
}

/** One user, or undefined. */
export async function findScimUsuario(
  db: Db,
  id: number,
  withGroups = true,
): Promise<ScimUsuarioRow | undefined> {
  const row = await usersFrom(db).select(USER_COLUMNS).where('u.id', '=', id).executeTakeFirst();
  return row ? (await toUsers(db, [row], withGroups))[0] : undefined;
}

/** The id of the user with `externalId`, or undefined. */
export async function usuarioIdByExternalId(db: Db, externalId: string) {
  const row = await db
    .selectFrom('usuarios')
    .select('id')
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row?.id;
}

/** Sets (or clears) a user's externalId. */
export async function setUsuarioExternalId(db: Db, id: number, externalId: string | null) {
  await db.updateTable('usuarios').set({ external_id: externalId }).where('id', '=', id).execute();
}

/** Existing user ids among `ids`. */
export async function knownUsuarioIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('usuarios').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

const GROUP_COLUMNS = [
  'g.id',
  'g.nombre',
  'g.external_id',
  'g.version',
  'g.creado_en',
  'g.actualizado_en',
] as const;

async function membersOf(db: Db, ids: number[]) {
  const by = new Map<number, { id: number; email: string }[]>();
  if (ids.length === 0) return by;
  const rows = await db
    .selectFrom('grupo_miembros as gm')
    .innerJoin('usuarios as u', 'u.id', 'gm.usuario_id')
    .select(['gm.grupo_id', 'u.id', 'u.email'])
    .where('gm.grupo_id', 'in', ids)
    .orderBy('u.id')
    .execute();
  for (const r of rows) {
    const list = by.get(r.grupo_id) ?? [];
    list.push({ id: r.id, email: r.email });
    by.set(r.grupo_id, list);
  }
  return by;
}

/**
 * Groups matching every condition (`displayName` compares ignoring case, as the unique index on
 * `lower(nombre)`; `externalId` and `id` exactly; `member`: has that user as a member), by id. `withMembers`: load the members. The caller
 * refuses `userName`/e-mail conditions on groups first.
 */
export async function listScimGrupos(
  db: Db,
  conds: readonly FilterCondition[],
  page: PageRequest,
  withMembers: boolean,
): Promise<{ items: ScimGrupoRow[]; total: number }> {
  const base = db.selectFrom('grupos as g').$if(conds.length > 0, (qb) =>
    qb.where((eb) =>
      eb.and(
        conds.map((c) => {
          if (c.attribute === 'externalId') return eb('g.external_id', '=', c.value);
          if (c.attribute === 'id') return eb('g.id', '=', idOf(c.value));
          if (c.attribute === 'member')
            return eb.exists(
              eb
                .selectFrom('grupo_miembros as m')
                .select('m.usuario_id')
                .whereRef('m.grupo_id', '=', 'g.id')
                .where('m.usuario_id', '=', idOf(c.value)),
            );
          return eb(eb.fn('lower', ['g.nombre']), '=', c.value.toLowerCase());
        }),
      ),
    ),
  );
  const rows = await base
    .select(GROUP_COLUMNS)
    .orderBy('g.id')
    .limit(page.count)
    .offset(page.startIndex - 1)
    .execute();
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  );
  return { items: await toGroups(db, rows, withMembers), total };
}

type GroupRow = {
  id: number;
  nombre: string;
  external_id: string | null;
  version: number;
  creado_en: number;
  actualizado_en: number | null;
};

async function toGroups(db: Db, rows: GroupRow[], withMembers: boolean): Promise<ScimGrupoRow[]> {
  const members = withMembers
    ? await membersOf(
        db,
        rows.map((r) => r.id),
      )
    : undefined;
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    externalId: r.external_id,
    version: Number(r.version),
    creadoEn: Number(r.creado_en),
    actualizadoEn: Number(r.actualizado_en ?? r.creado_en),
    ...(members ? { miembros: members.get(r.id) ?? [] } : {}),
  }));
}

/** One group, or undefined. */
export async function findScimGrupo(
  db: Db,
  id: number,
  withMembers = true,
): Promise<ScimGrupoRow | undefined> {
  const row = await db
    .selectFrom('grupos as g')
    .select(GROUP_COLUMNS)
    .where('g.id', '=', id)
    .executeTakeFirst();
  return row && (await toGroups(db, [row], withMembers))[0];
}

/** Stamps a group's last SCIM write (its `meta.lastModified`). */
export async function touchGrupo(db: Db, id: number, now: number) {
  await db.updateTable('grupos').set({ actualizado_en: now }).where('id', '=', id).execute();
}
