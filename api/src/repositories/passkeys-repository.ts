/**
 * The passkeys' tables (issue #16, migration 0012): credentials and their single-use challenges.
 * Plain functions over a Kysely instance or transaction; every "only once" rule (a challenge
 * spent, a counter that must grow) is a conditional UPDATE whose row count decides, so two
 * requests on two replicas can never both win.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';

/** A passkey as read back. */
export interface PasskeyRow {
  id: number;
  usuarioId: number;
  /** base64url. */
  credencialId: string;
  /** COSE public key, base64url. */
  clavePublica: string;
  contador: number;
  transportes: string[];
  nombre: string;
  sincronizada: boolean;
  creadoEn: number;
  ultimoUsoEn: number | null;
}

const COLUMNS = [
  'id',
  'usuario_id',
  'credencial_id',
  'clave_publica',
  'contador',
  'transportes',
  'nombre',
  'sincronizada',
  'creado_en',
  'ultimo_uso_en',
] as const;

type Raw = {
  id: number;
  usuario_id: number;
  credencial_id: string;
  clave_publica: string;
  contador: number;
  transportes: string;
  nombre: string;
  sincronizada: number;
  creado_en: number;
  ultimo_uso_en: number | null;
};

function toRow(r: Raw): PasskeyRow {
  return {
    id: r.id,
    usuarioId: r.usuario_id,
    credencialId: r.credencial_id,
    clavePublica: r.clave_publica,
    contador: Number(r.contador),
    transportes: r.transportes ? r.transportes.split(',') : [],
    nombre: r.nombre,
    sincronizada: Number(r.sincronizada) === 1,
    creadoEn: Number(r.creado_en),
    ultimoUsoEn: r.ultimo_uso_en === null ? null : Number(r.ultimo_uso_en),
  };
}

/** Every column of `passkeys`, to narrow with a WHERE. */
const selectPasskeys = (db: Db) => db.selectFrom('passkeys').select(COLUMNS);

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Db, usuarioId: number): Promise<PasskeyRow[]> {
  const rows = await selectPasskeys(db).where('usuario_id', '=', usuarioId).orderBy('id').execute();
  return rows.map(toRow);
}

/** How many passkeys the user holds. */
export async function countPasskeys(db: Db, usuarioId: number): Promise<number> {
  const r = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The passkey with this credential id (whoever owns it), or undefined. */
export async function findPasskeyByCredential(
  db: Db,
  credencialId: string,
): Promise<PasskeyRow | undefined> {
  const r = await selectPasskeys(db).where('credencial_id', '=', credencialId).executeTakeFirst();
  return r && toRow(r);
}

/** The user's passkey `id`, or undefined (another user's is not found either). */
export async function findOwnPasskey(
  db: Db,
  usuarioId: number,
  id: number,
): Promise<PasskeyRow | undefined> {
  const r = await selectPasskeys(db)
    .where('id', '=', id)
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return r && toRow(r);
}

/** Stores a verified credential; returns its row. */
export async function insertPasskey(
  db: Db,
  p: Omit<PasskeyRow, 'id' | 'ultimoUsoEn'>,
): Promise<PasskeyRow> {
  const { id } = await db
    .insertInto('passkeys')
    .values({
      usuario_id: p.usuarioId,
      credencial_id: p.credencialId,
      clave_publica: p.clavePublica,
      contador: p.contador,
      transportes: p.transportes.join(','),
      nombre: p.nombre,
      sincronizada: p.sincronizada ? 1 : 0,
      creado_en: p.creadoEn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...p, id, ultimoUsoEn: null };
}

/** Renames the user's passkey `id`; false when it is not theirs or gone. */
export async function renamePasskey(
  db: Db,
  usuarioId: number,
  id: number,
  nombre: string,
): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ nombre })
    .where('id', '=', id)
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes the user's passkey `id`; false when it is not theirs or gone. */
export async function deletePasskey(db: Db, usuarioId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Deletes every passkey of the user (an administrator's reset); returns how many. */
export async function deletePasskeys(db: Db, usuarioId: number): Promise<number> {
  const res = await db
    .deleteFrom('passkeys')
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Records a verified use of passkey `id` with signature counter `counter`: only where the stored
 * counter is below it — or both are 0, for authenticators that keep no counter (WebAuthn §6.1.1)
 * — so a cloned authenticator, a replayed assertion or the loser of two racing uses changes
 * nothing.
 * @returns true when this use was accepted.
 */
export async function acceptPasskeyUse(
  db: Db,
  id: number,
  counter: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ contador: counter, ultimo_uso_en: now })
    .where('id', '=', id)
    .where((eb) => (counter === 0 ? eb('contador', '=', 0) : eb('contador', '<', counter)))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A spent challenge as read back. */
export interface PasskeyDesafioRow {
  usuarioId: number | null;
  mfaDesafioId: number | null;
}

/**
 * Issues a challenge (32 random bytes, base64url) of `tipo`, bound to a user and a second-step or
 * enrolment token when given, and prunes the expired ones.
 */
export async function issuePasskeyChallenge(
  db: Db,
  c: {
    tipo: 'registro' | 'autenticacion';
    usuarioId: number | null;
    mfaDesafioId: number | null;
    now: number;
    ttlMs: number;
  },
): Promise<string> {
  await db.deleteFrom('passkey_desafios').where('expira_en', '<=', c.now).execute();
  const desafio = randomBytes(32).toString('base64url');
  await db
    .insertInto('passkey_desafios')
    .values({
      desafio,
      tipo: c.tipo,
      usuario_id: c.usuarioId,
      mfa_desafio_id: c.mfaDesafioId,
      creado_en: c.now,
      expira_en: c.now + c.ttlMs,
    })
    .execute();
  return desafio;
}

/**
 * Spends challenge `desafio` of `tipo` if it is unspent and unexpired: of two requests with the
 * same challenge exactly one gets the row (PostgreSQL re-checks the WHERE after the first
 * commits; SQLite runs one write at a time). Run outside the ceremony's transaction, so a
 * challenge whose answer then fails verification stays spent.
 * @returns what it was bound to, or undefined when it cannot be used.
 */
export async function spendPasskeyChallenge(
  db: Db,
  desafio: string,
  tipo: 'registro' | 'autenticacion',
  now: number,
): Promise<PasskeyDesafioRow | undefined> {
  const res = await db
    .updateTable('passkey_desafios')
    .set({ usado_en: now })
    .where('desafio', '=', desafio)
    .where('tipo', '=', tipo)
    .where('usado_en', 'is', null)
    .where('expira_en', '>', now)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return undefined;
  const r = await db
    .selectFrom('passkey_desafios')
    .select(['usuario_id', 'mfa_desafio_id'])
    .where('desafio', '=', desafio)
    .executeTakeFirstOrThrow();
  return { usuarioId: r.usuario_id, mfaDesafioId: r.mfa_desafio_id };
}
