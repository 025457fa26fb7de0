/**
 * SCIM connections (issue #17, migration 0016): the bearer tokens of the directories that call
 * `/scim/v2`. Only the hex SHA-256 of a token is stored; a revoked row stays (revocado_en set)
 * so the audit can still name it.
 */
import type { ConexionScim } from '@gestion/shared';
import type { Db } from '../db/types';

/** The live connection of a token hash, with whose authority it acts. */
export interface ConexionActiva {
  id: number;
  nombre: string;
  creadoPor: number | null;
  ultimoUsoEn: number | null;
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A row as the console lists it. */
function toConexion(r: {
  id: number;
  nombre: string;
  prefijo: string;
  creado_en: number;
  ultimo_uso_en: number | null;
}): ConexionScim {
  return {
    id: r.id,
    nombre: r.nombre,
    creadoEn: iso(r.creado_en),
    ultimoUso: r.ultimo_uso_en === null ? null : iso(r.ultimo_uso_en),
    prefijo: r.prefijo,
  };
}

/** Stores a connection; returns it. */
export async function insertConexion(
  db: Db,
  c: { nombre: string; tokenHash: string; prefijo: string; creadoPor: number; now: number },
): Promise<ConexionScim> {
  const row = await db
    .insertInto('scim_conexiones')
    .values({
      nombre: c.nombre,
      token_hash: c.tokenHash,
      prefijo: c.prefijo,
      creado_por: c.creadoPor,
      creado_en: c.now,
    })
    .returning(['id', 'nombre', 'prefijo', 'creado_en', 'ultimo_uso_en'])
    .executeTakeFirstOrThrow();
  return toConexion(row);
}

/** How many connections are live (not revoked). */
export async function countConexionesActivas(db: Db): Promise<number> {
  const row = await db
    .selectFrom('scim_conexiones')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revocado_en', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every live connection, newest first. */
export async function listConexionesActivas(db: Db): Promise<ConexionScim[]> {
  const rows = await db
    .selectFrom('scim_conexiones')
    .select(['id', 'nombre', 'prefijo', 'creado_en', 'ultimo_uso_en'])
    .where('revocado_en', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toConexion);
}

/** Revokes a live connection; returns its nombre, or undefined when none was live. */
export async function revokeConexion(db: Db, id: number, now: number) {
  const row = await db
    .updateTable('scim_conexiones')
    .set({ revocado_en: now })
    .where('id', '=', id)
    .where('revocado_en', 'is', null)
    .returning(['nombre', 'prefijo'])
    .executeTakeFirst();
  return row;
}

/** The live connection of `tokenHash`, or undefined. */
export async function findConexionActiva(
  db: Db,
  tokenHash: string,
): Promise<ConexionActiva | undefined> {
  const row = await db
    .selectFrom('scim_conexiones')
    .select(['id', 'nombre', 'creado_por', 'ultimo_uso_en'])
    .where('token_hash', '=', tokenHash)
    .where('revocado_en', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    nombre: row.nombre,
    creadoPor: row.creado_por,
    ultimoUsoEn: row.ultimo_uso_en === null ? null : Number(row.ultimo_uso_en),
  };
}

/** Records a use (the caller decides how often: at most every few minutes). */
export async function touchConexion(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('scim_conexiones').set({ ultimo_uso_en: now }).where('id', '=', id).execute();
}
