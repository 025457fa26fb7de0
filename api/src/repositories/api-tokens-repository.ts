/**
 * Personal API tokens (issue #17): only the SHA-256 of the secret is stored, as for sessions
 * (DESIGN.md §3). The functions below are the table's whole SQL, the auth hot path's lookup
 * included.
 */
import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIJO_LENGTH, API_TOKEN_PREFIX } from '@gestion/shared';
import type { RawDriver } from '../db/connection';
import { whileUnchanged } from '../db/unchanged-reads';
import type { Db } from '../db/types';
import { hashToken } from './sesiones-repository';
import type { UserRoleRow } from './usuarios-repository';

/** A new token: `gdu_pat_` + 32 random bytes (256 bits) in base64url, its hash and prefijo. */
export function newApiToken(): { token: string; hash: string; prefijo: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), prefijo: token.slice(0, API_TOKEN_PREFIJO_LENGTH) };
}

/** A stored token as the service reads it (never the hash). */
export interface ApiTokenRow {
  id: number;
  usuario_id: number;
  nombre: string;
  permisos: string;
  prefijo: string;
  creado_en: number;
  expira_en: number;
  ultimo_uso: number | null;
}

const COLUMNS = [
  'api_tokens.id',
  'api_tokens.usuario_id',
  'api_tokens.nombre',
  'api_tokens.permisos',
  'api_tokens.prefijo',
  'api_tokens.creado_en',
  'api_tokens.expira_en',
  'api_tokens.ultimo_uso',
] as const;

/** Stores a token; returns its row. `permisos` are catalogue names (joined with commas). */
export async function insertApiToken(
  db: Db,
  t: {
    usuarioId: number;
    nombre: string;
    permisos: readonly string[];
    hash: string;
    prefijo: string;
    now: number;
    expiraEn: number;
  },
): Promise<ApiTokenRow> {
  return db
    .insertInto('api_tokens')
    .values({
      token_hash: t.hash,
      prefijo: t.prefijo,
      usuario_id: t.usuarioId,
      nombre: t.nombre,
      permisos: t.permisos.join(','),
      creado_en: t.now,
      expira_en: t.expiraEn,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** How many unexpired tokens `usuarioId` holds at `now`. */
export async function countLiveApiTokens(db: Db, usuarioId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('usuario_id', '=', usuarioId)
    .where('expira_en', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A listed token with its owner (the owner columns serve `?todos=true`). */
export interface ApiTokenListRow extends ApiTokenRow {
  usuario_nombre: string;
  usuario_email: string;
}

/**
 * One page of tokens, newest first (ties by id): of `usuarioId`, or of everyone when it is
 * undefined. `offset`/`limit` in rows.
 */
export async function listApiTokens(
  db: Db,
  usuarioId: number | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ApiTokenListRow[]; total: number }> {
  let base = db.selectFrom('api_tokens');
  if (usuarioId !== undefined) base = base.where('api_tokens.usuario_id', '=', usuarioId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('usuarios', 'usuarios.id', 'api_tokens.usuario_id')
      .select([...COLUMNS, 'usuarios.nombre as usuario_nombre', 'usuarios.email as usuario_email'])
      .orderBy('api_tokens.creado_en', 'desc')
      .orderBy('api_tokens.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The owner of token `id`, or undefined when there is no such token. */
export async function apiTokenOwner(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select('usuario_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.usuario_id;
}

/** Deletes every token of a user (deactivation: issue #17 "deactivating the owner kills it"). */
export async function deleteApiTokensDeUsuario(db: Db, usuarioId: number): Promise<void> {
  await db.deleteFrom('api_tokens').where('usuario_id', '=', usuarioId).execute();
}

/** Deletes token `id`; true when a row was deleted. */
export async function deleteApiToken(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Records a use at `now` unless one was recorded less than `granularityMs` ago. Conditional, so
 * two replicas serving the same token at once write it once.
 */
export async function touchApiToken(
  db: Db,
  id: number,
  now: number,
  granularityMs: number,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ ultimo_uso: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('ultimo_uso', 'is', null), eb('ultimo_uso', '<=', now - granularityMs)]),
    )
    .execute();
}

/** Tokens owed the expiry reminder: unexpired, expiring before `until`, owner active. */
export async function apiTokensToRemind(
  db: Db,
  now: number,
  until: number,
  limit: number,
): Promise<
  Array<{
    id: number;
    nombre: string;
    expira_en: number;
    email: string;
    usuario_nombre: string;
    idioma: string;
  }>
> {
  return db
    .selectFrom('api_tokens')
    .innerJoin('usuarios', 'usuarios.id', 'api_tokens.usuario_id')
    .select([
      'api_tokens.id',
      'api_tokens.nombre',
      'api_tokens.expira_en',
      'usuarios.email',
      'usuarios.nombre as usuario_nombre',
      'usuarios.idioma',
    ])
    .where('api_tokens.recordatorio_enviado', '=', 0)
    .where('api_tokens.expira_en', '>', now)
    .where('api_tokens.expira_en', '<=', until)
    .where('usuarios.activo', '=', 1)
    .orderBy('api_tokens.expira_en')
    .limit(limit)
    .execute();
}

/**
 * Marks token `id`'s reminder as sent, only if it was not: true for the one caller (of any
 * replica) whose UPDATE changed the row — that caller queues the mail in the same transaction.
 */
export async function claimApiTokenReminder(db: Db, id: number): Promise<boolean> {
  const res = await db
    .updateTable('api_tokens')
    .set({ recordatorio_enviado: 1 })
    .where('id', '=', id)
    .where('recordatorio_enviado', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes tokens expired before `before` (housekeeping); returns how many. */
export async function deleteExpiredApiTokens(db: Db, before: number): Promise<number> {
  const res = await db.deleteFrom('api_tokens').where('expira_en', '<=', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** One row of the token lookup: the token's columns plus a `UserRoleRow`. */
export interface ApiTokenLookupRow extends UserRoleRow {
  token_id: number;
  /** Comma-separated permission nombres of the token. */
  token_permisos: string;
  ultimo_uso: number | null;
  expira_en: number;
}

/**
 * The session lookup of sesiones-repository.ts (one query: token hash → owner → own roles and
 * their groups' roles → permissions), starting from `api_tokens` instead of `sesiones`: the
 * owner's CURRENT effective permissions are re-read at every use, as a session's are.
 */
const LOOKUP_SQL = `
  select t.id as token_id, t.permisos as token_permisos, t.ultimo_uso, t.expira_en,
         u.id, u.email, u.nombre, u.activo, u.debe_cambiar_password, u.idioma,
         r.nombre as rol, p.nombre as permiso, null as grupo
    from api_tokens t
    join usuarios u on u.id = t.usuario_id
    left join usuario_roles ur on ur.usuario_id = u.id
    left join roles r on r.id = ur.rol_id
    left join rol_permisos rp on rp.rol_id = r.id
    left join permisos p on p.id = rp.permiso_id
   where t.token_hash = $1
  union all
  select t.id, t.permisos, t.ultimo_uso, t.expira_en,
         u.id, u.email, u.nombre, u.activo, u.debe_cambiar_password, u.idioma,
         r.nombre, p.nombre, g.nombre
    from api_tokens t
    join usuarios u on u.id = t.usuario_id
    join grupo_miembros gm on gm.usuario_id = u.id
    join grupos g on g.id = gm.grupo_id
    join grupo_roles gr on gr.grupo_id = g.id
    join roles r on r.id = gr.rol_id
    left join rol_permisos rp on rp.rol_id = r.id
    left join permisos p on p.id = rp.permiso_id
   where t.token_hash = $1`;

/** A lookup row as an array, in the column order of LOOKUP_SQL. */
type LookupTuple = [
  number,
  string,
  number | null,
  number,
  number,
  string,
  string,
  number,
  number,
  string,
  string | null,
  string | null,
  string | null,
];

function fromTuple(t: LookupTuple): ApiTokenLookupRow {
  return {
    token_id: t[0],
    token_permisos: t[1],
    ultimo_uso: t[2],
    expira_en: t[3],
    id: t[4],
    email: t[5],
    nombre: t[6],
    activo: t[7],
    debe_cambiar_password: t[8],
    idioma: t[9],
    rol: t[10],
    permiso: t[11],
    grupo: t[12],
  };
}

/** Looks a token hash up; [] when none. Synchronous on SQLite, a promise on PostgreSQL. */
export type ApiTokenLookup = (hash: string) => ApiTokenLookupRow[] | Promise<ApiTokenLookupRow[]>;

/** Builds the lookup: a statement prepared once (SQLite) or a named prepared statement (pg). */
export function createApiTokenLookup(raw: RawDriver): ApiTokenLookup {
  if (raw.kind === 'sqlite') {
    // Array rows and one object literal, as the session lookup does (faster than better-sqlite3
    // building object rows property by property).
    const stmt = raw.sqlite
      .prepare<[string, string], LookupTuple>(LOOKUP_SQL.replaceAll('$1', '?'))
      .raw(true);
    const lookup = (hash: string) => stmt.all(hash, hash).map(fromTuple);
    // Exactly fresh: rows are reused only while no connection has committed (../db/unchanged-reads).
    return raw.sqlite.readonly ? whileUnchanged(raw.sqlite, lookup) : lookup;
  }
  const { pool } = raw;
  return async (hash) => {
    const res = await pool.query<ApiTokenLookupRow>({
      name: 'auth_api_token_lookup',
      text: LOOKUP_SQL,
      values: [hash],
    });
    return res.rows; // int8 parsed as numbers by the pool (db/connection.ts)
  };
}
