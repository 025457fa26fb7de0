/**
 * The second factor's tables (issue #16, migration 0011): TOTP, recovery codes, second-step
 * tokens, the failure counter, and the step-up time of a session. Plain functions over a Kysely
 * instance or transaction; every "only once" rule is a conditional UPDATE whose row count
 * decides, so two requests on two replicas can never both win.
 */
import type { Db, Dialect } from '../db/types';
import { hashToken, newToken } from './sesiones-repository';

/** A user's TOTP row as read back. */
export interface TotpRow {
  /** The encrypted secret (lib/mfa-crypto.ts). */
  secreto: string;
  activo: boolean;
  activadoEn: number | null;
  /** Last accepted time step; -1 before any. */
  ultimoPaso: number;
}

/** The user's TOTP row, pending or active; undefined when none. */
export async function findTotp(db: Db, usuarioId: number): Promise<TotpRow | undefined> {
  const r = await db
    .selectFrom('mfa_totp')
    .select(['secreto', 'activo', 'activado_en', 'ultimo_paso'])
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return (
    r && {
      secreto: r.secreto,
      activo: Number(r.activo) === 1,
      activadoEn: r.activado_en === null ? null : Number(r.activado_en),
      ultimoPaso: Number(r.ultimo_paso),
    }
  );
}

/** Stores a pending enrolment, replacing a pending one (never an active one: the caller checks). */
export async function savePendingTotp(
  db: Db,
  usuarioId: number,
  secreto: string,
  now: number,
): Promise<void> {
  await db
    .deleteFrom('mfa_totp')
    .where('usuario_id', '=', usuarioId)
    .where('activo', '=', 0)
    .execute();
  await db
    .insertInto('mfa_totp')
    .values({ usuario_id: usuarioId, secreto, activo: 0, creado_en: now, ultimo_paso: -1 })
    .execute();
}

/**
 * Activates the pending TOTP with the step of its first code, which is thereby spent.
 * @returns false when there was no pending row (a concurrent activation won).
 */
export async function activateTotp(
  db: Db,
  usuarioId: number,
  paso: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('mfa_totp')
    .set({ activo: 1, activado_en: now, ultimo_paso: paso })
    .where('usuario_id', '=', usuarioId)
    .where('activo', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Accepts time step `paso` for the user: `ultimo_paso = paso` only where it is still below, so
 * a step (and any earlier one) is accepted once per user, atomically — of two requests racing
 * with the same code exactly one updates the row (PostgreSQL re-checks the WHERE after the
 * first commits; SQLite runs one write at a time).
 * @returns true when this call accepted it.
 */
export async function acceptTotpStep(db: Db, usuarioId: number, paso: number): Promise<boolean> {
  const res = await db
    .updateTable('mfa_totp')
    .set({ ultimo_paso: paso })
    .where('usuario_id', '=', usuarioId)
    .where('activo', '=', 1)
    .where('ultimo_paso', '<', paso)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Removes the user's TOTP, pending or active; returns whether an active one was removed. */
export async function deleteTotp(db: Db, usuarioId: number): Promise<boolean> {
  const row = await findTotp(db, usuarioId);
  await db.deleteFrom('mfa_totp').where('usuario_id', '=', usuarioId).execute();
  return row?.activo ?? false;
}

/** Replaces the user's recovery codes by `codes` (selector + argon2id hash): the old set dies. */
export async function replaceRecoveryCodes(
  db: Db,
  usuarioId: number,
  codes: readonly { selector: string; hash: string }[],
  now: number,
): Promise<void> {
  await deleteRecoveryCodes(db, usuarioId);
  if (codes.length === 0) return;
  await db
    .insertInto('mfa_codigos_recuperacion')
    .values(
      codes.map((c) => ({
        usuario_id: usuarioId,
        selector: c.selector,
        hash: c.hash,
        creado_en: now,
      })),
    )
    .execute();
}

/** Deletes every recovery code of the user. */
export async function deleteRecoveryCodes(db: Db, usuarioId: number): Promise<void> {
  await db.deleteFrom('mfa_codigos_recuperacion').where('usuario_id', '=', usuarioId).execute();
}

/** The unused recovery codes of the user with this selector (normally one). */
export async function findRecoveryCodes(
  db: Db,
  usuarioId: number,
  selector: string,
): Promise<{ id: number; hash: string }[]> {
  return db
    .selectFrom('mfa_codigos_recuperacion')
    .select(['id', 'hash'])
    .where('usuario_id', '=', usuarioId)
    .where('selector', '=', selector)
    .where('usado_en', 'is', null)
    .execute();
}

/** Spends a recovery code, only if still unused: of two racing uses one wins. */
export async function spendRecoveryCode(db: Db, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('mfa_codigos_recuperacion')
    .set({ usado_en: now })
    .where('id', '=', id)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Unused recovery codes of the user. */
export async function countRecoveryCodes(db: Db, usuarioId: number): Promise<number> {
  const r = await db
    .selectFrom('mfa_codigos_recuperacion')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('usuario_id', '=', usuarioId)
    .where('usado_en', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A usable second-step or enrolment token as read back. */
export interface DesafioRow {
  id: number;
  usuarioId: number;
  configurar: boolean;
}

/**
 * Issues a second-step (or, `configurar`, enrolment) token for the user. Older ones stay valid
 * until they expire (two tabs may sign in at once); a factor change voids them all.
 * @returns the token (32 random bytes, base64url); only its SHA-256 is stored.
 */
export async function issueDesafio(
  db: Db,
  d: { usuarioId: number; configurar: boolean; now: number; ttlMs: number },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('mfa_desafios')
    .values({
      usuario_id: d.usuarioId,
      token_hash: hashToken(token),
      configurar: d.configurar ? 1 : 0,
      intentos: 0,
      creado_en: d.now,
      expira_en: d.now + d.ttlMs,
    })
    .execute();
  return token;
}

/** Spends every unused token of the user (a factor change, a new sign-in). */
export async function voidDesafios(db: Db, usuarioId: number, now: number): Promise<void> {
  await db
    .updateTable('mfa_desafios')
    .set({ usado_en: now })
    .where('usuario_id', '=', usuarioId)
    .where('usado_en', 'is', null)
    .execute();
}

/**
 * The usable token behind `token` of the kind `configurar` (unspent, unexpired), locked on
 * PostgreSQL for the rest of the transaction; undefined otherwise.
 */
export async function findDesafio(
  db: Db,
  token: string,
  configurar: boolean,
  now: number,
  dialect: Dialect,
): Promise<DesafioRow | undefined> {
  let q = db
    .selectFrom('mfa_desafios')
    .select(['id', 'usuario_id'])
    .where('token_hash', '=', hashToken(token))
    .where('configurar', '=', configurar ? 1 : 0)
    .where('usado_en', 'is', null)
    .where('expira_en', '>', now);
  if (dialect === 'postgres') q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r && { id: r.id, usuarioId: r.usuario_id, configurar };
}

/**
 * Everything the code step of a sign-in reads before it decides, in ONE query (issue #16's
 * budget: a TOTP sign-in adds at most 2 ms of server time to a password sign-in): the usable
 * second-step token behind `token`, its user's lock and failure count, and their TOTP row.
 * Locked on PostgreSQL for the rest of the transaction (the token's row only: the outer-joined
 * rows may be absent, and a lock cannot apply to them); undefined when the token is unknown,
 * spent, expired or an enrolment token.
 */
export async function findSecondStep(
  db: Db,
  token: string,
  now: number,
  dialect: Dialect,
): Promise<SecondStepRow | undefined> {
  let q = db
    .selectFrom('mfa_desafios as d')
    .leftJoin('mfa_fallos as f', 'f.usuario_id', 'd.usuario_id')
    .leftJoin('mfa_totp as t', 't.usuario_id', 'd.usuario_id')
    .select([
      'd.id',
      'd.usuario_id',
      'f.bloqueado_hasta',
      'f.fallos',
      't.secreto',
      't.activo',
      't.activado_en',
      't.ultimo_paso',
    ])
    .where('d.token_hash', '=', hashToken(token))
    .where('d.configurar', '=', 0)
    .where('d.usado_en', 'is', null)
    .where('d.expira_en', '>', now);
  if (dialect === 'postgres') q = q.forUpdate('d');
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  const until = r.bloqueado_hasta == null ? null : Number(r.bloqueado_hasta);
  return {
    id: r.id,
    usuarioId: r.usuario_id,
    configurar: false,
    bloqueadoHasta: until !== null && until > now ? until : null,
    conFallos: r.fallos != null,
    totp:
      r.secreto == null
        ? undefined
        : {
            secreto: r.secreto,
            activo: Number(r.activo) === 1,
            activadoEn: r.activado_en == null ? null : Number(r.activado_en),
            ultimoPaso: Number(r.ultimo_paso),
          },
  };
}

/** What `findSecondStep` reads: the token, and its user's lock, failures and TOTP. */
export interface SecondStepRow extends DesafioRow {
  /** Until when (epoch ms) the user's second factor is locked; null when it is not. */
  bloqueadoHasta: number | null;
  /** Whether a failure counter row exists (a success must then clear it). */
  conFallos: boolean;
  /** The user's TOTP, pending or active; undefined when none. */
  totp: TotpRow | undefined;
}

/** Counts one wrong code on a token and spends it at `maxTries`; returns the new count. */
export async function countDesafioFailure(
  db: Db,
  id: number,
  maxTries: number,
  now: number,
): Promise<number> {
  await db
    .updateTable('mfa_desafios')
    .set((eb) => ({ intentos: eb('intentos', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const r = await db
    .selectFrom('mfa_desafios')
    .select('intentos')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const tries = Number(r.intentos);
  if (tries >= maxTries) await spendDesafio(db, id, now);
  return tries;
}

/** Spends a token, only if unspent: of two racing completions one wins. */
export async function spendDesafio(db: Db, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('mfa_desafios')
    .set({ usado_en: now })
    .where('id', '=', id)
    .where('usado_en', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Until when (epoch ms) the user's second factor is locked, or null. */
export async function lockedUntil(db: Db, usuarioId: number, now: number): Promise<number | null> {
  const r = await db
    .selectFrom('mfa_fallos')
    .select('bloqueado_hasta')
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  const until = r?.bloqueado_hasta == null ? null : Number(r.bloqueado_hasta);
  return until !== null && until > now ? until : null;
}

/**
 * Counts one failed second factor. At `lockAt` consecutive failures the second factor is locked
 * until `now + lockMs` and the count starts again.
 * @returns the count after this failure and whether this failure set the lock.
 */
export async function recordMfaFailure(
  db: Db,
  usuarioId: number,
  o: { now: number; lockAt: number; lockMs: number },
): Promise<{ fallos: number; bloqueado: boolean }> {
  await db
    .insertInto('mfa_fallos')
    .values({ usuario_id: usuarioId, fallos: 1, bloqueado_hasta: null })
    .onConflict((oc) =>
      oc.column('usuario_id').doUpdateSet((eb) => ({ fallos: eb('mfa_fallos.fallos', '+', 1) })),
    )
    .execute();
  const r = await db
    .selectFrom('mfa_fallos')
    .select('fallos')
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirstOrThrow();
  const fallos = Number(r.fallos);
  if (fallos < o.lockAt) return { fallos, bloqueado: false };
  await db
    .updateTable('mfa_fallos')
    .set({ fallos: 0, bloqueado_hasta: o.now + o.lockMs })
    .where('usuario_id', '=', usuarioId)
    .execute();
  return { fallos, bloqueado: true };
}

/** Forgets the user's consecutive failures (a right second factor, a reset by an admin). */
export async function clearMfaFailures(db: Db, usuarioId: number): Promise<void> {
  await db.deleteFrom('mfa_fallos').where('usuario_id', '=', usuarioId).execute();
}

/**
 * Whether one of the user's effective roles — own or from a group (issue #17) — requires a
 * second factor (`roles.mfa_obligatorio`).
 */
export async function rolesRequireMfa(db: Db, usuarioId: number): Promise<boolean> {
  // One definition of "required" (own roles and groups' roles): `factorSummary`'s.
  return (await factorSummary(db, usuarioId)).requerido;
}

/** What a user's second step after the right password depends on (`factorSummary`). */
export interface FactorSummary {
  /** An active authenticator app. */
  totp: boolean;
  /** At least one unused recovery code. */
  recuperacion: boolean;
  /** At least one passkey. */
  passkey: boolean;
  /** One of the user's effective roles (own or from a group) has `mfa_obligatorio`. */
  requerido: boolean;
}

/**
 * The user's factors and whether their roles require one, in ONE query: every password
 * sign-in asks (mfa-login.ts `afterPassword`), so it is one round trip, not five.
 */
export async function factorSummary(db: Db, usuarioId: number): Promise<FactorSummary> {
  const r = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('mfa_totp')
            .select('usuario_id')
            .where('usuario_id', '=', usuarioId)
            .where('activo', '=', 1),
        )
        .as('totp'),
      eb
        .exists(
          eb
            .selectFrom('mfa_codigos_recuperacion')
            .select('usuario_id')
            .where('usuario_id', '=', usuarioId)
            .where('usado_en', 'is', null),
        )
        .as('recuperacion'),
      eb
        .exists(eb.selectFrom('passkeys').select('usuario_id').where('usuario_id', '=', usuarioId))
        .as('passkey'),
      eb
        .exists(
          eb
            .selectFrom('usuario_roles as ur')
            .innerJoin('roles as r', 'r.id', 'ur.rol_id')
            .select('r.id')
            .where('ur.usuario_id', '=', usuarioId)
            .where('r.mfa_obligatorio', '=', 1),
        )
        .as('propio'),
      eb
        .exists(
          eb
            .selectFrom('grupo_miembros as gm')
            .innerJoin('grupo_roles as gr', 'gr.grupo_id', 'gm.grupo_id')
            .innerJoin('roles as r', 'r.id', 'gr.rol_id')
            .select('r.id')
            .where('gm.usuario_id', '=', usuarioId)
            .where('r.mfa_obligatorio', '=', 1),
        )
        .as('grupo'),
    ])
    .executeTakeFirstOrThrow();
  // SQLite answers 0/1, PostgreSQL booleans.
  const yes = (v: unknown) => v === true || Number(v) === 1;
  return {
    totp: yes(r.totp),
    recuperacion: yes(r.recuperacion),
    passkey: yes(r.passkey),
    requerido: yes(r.propio) || yes(r.grupo),
  };
}

/** When the password or a factor was last entered in session `id` (epoch ms); undefined: gone. */
export async function sessionAuthenticatedAt(db: Db, id: number): Promise<number | undefined> {
  const r = await db
    .selectFrom('sesiones')
    .select(['creada_en', 'reautenticado_en'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r && Number(r.reautenticado_en ?? r.creada_en);
}

/** Records that the password or a factor was just entered in session `id` (step-up). */
export async function markSessionReauthenticated(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('sesiones').set({ reautenticado_en: now }).where('id', '=', id).execute();
}

/** Deletes the user's sessions but `keepId` (null: all); returns how many. */
export async function deleteOtherSesiones(
  db: Db,
  usuarioId: number,
  keepId: number | null,
): Promise<number> {
  let q = db.deleteFrom('sesiones').where('usuario_id', '=', usuarioId);
  if (keepId !== null) q = q.where('id', '<>', keepId);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}
