/**
 * POST /api/usuarios/import (issue #4): a CSV of users, checked row by row (the dry-run report)
 * and, when applied, written in one transaction — every row or none.
 *
 * Every row obeys the delegation rules of issue #13 like the single-user endpoints: a new user's
 * roles (rule 1), an existing user's roles and the user themselves (rules 1 and 2), and nobody
 * drops `admin` from their own account (rule 5). A refused row is `rechazado` with the rule's
 * Spanish `motivo`; an apply with such rows writes nothing (400) and is audited as one
 * `seguridad.escalada_rechazada` row listing them.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
  API_MESSAGES,
  ERROR_CODES,
  NOMBRE_MAX_LENGTH,
  canActOnUser,
  canChangeOwnRoles,
  canChangeRoles,
  type ImportReport,
  type ImportRow,
  type Refusal,
  type Usuario,
} from '@gestion/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { HttpError, isUniqueViolation, validationError } from '../lib/http-errors';
import { permisosByRolNombre } from '../repositories/roles-admin-repository';
import {
  activeAdminIds,
  findUsuarioByEmail,
  lockAdminRole,
  replaceRoles,
  roleIdsByName,
  updateUsuarioVersioned,
} from '../repositories/usuarios-admin-repository';
import { insertUsuario, type Db } from '../repositories/usuarios-repository';
import { NO_PASSWORD_HASH } from './ciclo-cuenta-common';
import { inviterName, sendInvitation } from './invitation-service';
import { conflict, diff, type Auditor } from './admin-common';
import { parseCsv } from './csv';
import { ESCALATION_AUDIT_ACTION, holderFrom, type Actor } from './delegation-guard';

/** Most rows one import may carry (a bigger directory is imported in parts). */
export const IMPORT_MAX_ROWS = 5000;

/** One row as planned: its report line, what it would write, and a delegation refusal if any. */
interface Planned {
  report: ImportRow;
  nombre: string;
  roles: string[];
  existing?: Usuario;
  refusal?: Refusal;
}

/** The columns of the CSV that matter, and its data rows. */
interface ParsedCsv {
  rows: string[][];
  iEmail: number;
  iNombre: number;
  iRoles: number;
}

/** Splits an import's roles cell on `|` or `;`. */
function splitRoles(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[|;]/)
        .map((r) => r.trim())
        .filter(Boolean),
    ),
  ];
}

/** parseCsv, with malformed CSV as a 400 rather than a 500. */
function parseCsvOr400(text: string): string[][] {
  try {
    return parseCsv(text);
  } catch (err) {
    const line = (err as { lines?: unknown }).lines;
    const where = typeof line === 'number' ? ` (línea ${line})` : '';
    throw validationError([{ field: 'body', message: `El CSV no es válido${where}` }]);
  }
}

/** The header's columns and the rows; 400 for a bad header, no rows, or too many. */
function parseImport(text: string): ParsedCsv {
  const [header, ...rows] = parseCsvOr400(text);
  const col = (name: string) => header?.findIndex((h) => h.toLowerCase() === name) ?? -1;
  const parsed = { rows, iEmail: col('email'), iNombre: col('nombre'), iRoles: col('roles') };
  if (parsed.iEmail < 0 || parsed.iNombre < 0 || parsed.iRoles < 0)
    throw validationError([{ field: 'body', message: ADMIN_MESSAGES.importBadHeader }]);
  if (rows.length === 0)
    throw validationError([{ field: 'body', message: ADMIN_MESSAGES.importEmpty }]);
  if (rows.length > IMPORT_MAX_ROWS)
    throw validationError([{ field: 'body', message: ADMIN_MESSAGES.importTooManyRows }]);
  return parsed;
}

/** 400 of an apply with rejected rows: one detail per row, nothing written. */
function importRejected(rows: ImportRow[]): HttpError {
  return new HttpError(
    400,
    ERROR_CODES.validation,
    ADMIN_MESSAGES.importRejected,
    rows.map((r) => ({ field: `fila ${r.fila}`, message: r.motivo ?? '' })),
  );
}

/**
 * Rules 1, 2 and 5 for one row that passed the other checks: the refusal, or undefined. `grants`
 * holds the permissions of every role of the file and of the existing users' current roles.
 */
function rowRefusal(
  actor: Actor,
  p: Planned,
  grants: ReadonlyMap<string, readonly string[]>,
): Refusal | undefined {
  const before = p.existing?.roles ?? [];
  if (p.existing) {
    const holder = holderFrom(p.existing, grants);
    const self = p.existing.id === actor.id;
    const refused =
      canActOnUser(actor, holder, 'editar', self) ??
      (self ? canChangeOwnRoles(before, p.roles) : null);
    if (refused) return refused;
  }
  return canChangeRoles(actor, before, p.roles, grants) ?? undefined;
}

/** Every row checked against the database `tx` as it is now. */
async function plan(tx: Db, csv: ParsedCsv, actor: Actor): Promise<Planned[]> {
  const { rows, iEmail, iNombre, iRoles } = csv;
  const allRoles = [...new Set(rows.flatMap((r) => splitRoles(r[iRoles] ?? '')))];
  const roleIds = await roleIdsByName(tx, allRoles);
  const seen = new Set<string>();
  const planned: Planned[] = [];
  for (const [i, r] of rows.entries()) {
    const email = normalizeEmail(r[iEmail] ?? '');
    const nombre = (r[iNombre] ?? '').trim();
    const roles = splitRoles(r[iRoles] ?? '');
    const report: ImportRow = { fila: i + 2, email, resultado: 'creado' };
    const reject = (motivo: string) => {
      report.resultado = 'rechazado';
      report.motivo = motivo;
    };
    const unknown = roles.filter((x) => !roleIds.has(x));
    if (!isValidEmail(email)) reject(ADMIN_MESSAGES.importInvalidEmail);
    else if (seen.has(email)) reject(ADMIN_MESSAGES.importDuplicateEmail);
    else if (!nombre || nombre.length > NOMBRE_MAX_LENGTH)
      reject(ADMIN_MESSAGES.importNombreRequired);
    else if (unknown.length > 0)
      reject(`${ADMIN_MESSAGES.importUnknownRole}: ${unknown.join(', ')}`);
    seen.add(email);
    const existing =
      report.resultado === 'rechazado' ? undefined : await findUsuarioByEmail(tx, email);
    if (existing) report.resultado = 'actualizado';
    planned.push({ report, nombre, roles, existing });
  }
  // The delegation rules (issue #13), per row.
  const grants = await permisosByRolNombre(tx, [
    ...allRoles,
    ...planned.flatMap((p) => p.existing?.roles ?? []),
  ]);
  for (const p of planned) {
    if (p.report.resultado === 'rechazado') continue;
    p.refusal = rowRefusal(actor, p, grants);
    if (p.refusal) {
      p.report.resultado = 'rechazado';
      p.report.motivo = p.refusal.message;
    }
  }
  // The last-admin rule over the whole file: the active admins that would keep `admin`.
  await lockAdminRole(tx);
  const admins = new Set(await activeAdminIds(tx));
  const losing = planned.filter(
    (p) =>
      p.report.resultado === 'actualizado' &&
      p.existing &&
      admins.has(p.existing.id) &&
      !p.roles.includes(ADMIN_ROLE),
  );
  const gaining = planned.some(
    (p) => p.report.resultado === 'creado' && p.roles.includes(ADMIN_ROLE),
  );
  if (!gaining && losing.length > 0 && losing.length >= admins.size) {
    for (const p of losing) {
      p.report.resultado = 'rechazado';
      p.report.motivo = ADMIN_MESSAGES.importLastAdmin;
    }
  }
  return planned;
}

function summarize(planned: Planned[], aplicado: boolean): ImportReport {
  const count = (r: ImportRow['resultado']) =>
    planned.filter((p) => p.report.resultado === r).length;
  return {
    aplicado,
    filas: planned.map((p) => p.report),
    resumen: {
      creados: count('creado'),
      actualizados: count('actualizado'),
      rechazados: count('rechazado'),
    },
  };
}

/** The import over one database. */
export function createUsuariosImportService(deps: {
  db: Kysely<Database>;
  /** Epoch ms. */
  now: () => number;
  /** `APP_URL`, the base of invitation links (issue #15). */
  appUrl: string;
  /** Asks the mail outbox to deliver now (after a commit that wrote mails). */
  kickMail: () => void;
}) {
  const { db, now } = deps;

  /**
   * 400 when any planned row is rejected; the rows refused by a delegation rule are audited
   * first (on `db`, outside any transaction, since the 400 rolls back the one that planned).
   */
  async function rejectIfAny(planned: Planned[], audit: Auditor): Promise<void> {
    const rejected = planned.filter((p) => p.report.resultado === 'rechazado');
    if (rejected.length === 0) return;
    const escalations = rejected.filter((p) => p.refusal);
    if (escalations.length > 0) {
      await audit(
        {
          accion: ESCALATION_AUDIT_ACTION,
          objetivoTipo: 'usuario',
          cambios: {
            intento: {
              importacion: escalations.map((p) => ({
                fila: p.report.fila,
                email: p.report.email,
                roles: p.roles,
              })),
            },
            campo: 'roles',
            motivo: escalations[0]!.refusal!.reason,
            mensaje: escalations[0]!.refusal!.message,
          },
        },
        db,
      );
    }
    throw importRejected(rejected.map((p) => p.report));
  }

  return {
    /**
     * POST /import: validates every row (the dry-run report); when `apply`, writes all rows in
     * one transaction or — with any rejected row, delegation refusals included — nothing (400
     * listing them). Refused escalations of an apply are audited.
     * @throws 400 for a body that is not a CSV with the email,nombre,roles header, or an apply
     *   with rejected rows; 409 when an e-mail was taken meanwhile.
     */
    async importCsv(
      text: string,
      apply: boolean,
      actor: Actor,
      audit: Auditor,
    ): Promise<ImportReport> {
      const csv = parseImport(text);
      if (!apply) return summarize(await plan(db, csv, actor), false);

      // Validated outside first, so a rejected apply audits its refusals without a write.
      const preview = await plan(db, csv, actor);
      await rejectIfAny(preview, audit);
      let invited = 0;

      let replanned: Planned[] | undefined;
      try {
        let inviter: string | undefined;
        const report = await db.transaction().execute(async (tx) => {
          // Planned again inside the transaction: the database may have changed meanwhile.
          const planned = await plan(tx, csv, actor);
          if (planned.some((p) => p.report.resultado === 'rechazado')) {
            replanned = planned;
            throw importRejected([]);
          }
          const roleIds = await roleIdsByName(tx, [...new Set(planned.flatMap((p) => p.roles))]);
          for (const p of planned) {
            const ids = p.roles.map((r) => roleIds.get(r)!);
            if (p.existing) {
              const u = p.existing;
              await updateUsuarioVersioned(tx, u.id, undefined, u, { nombre: p.nombre }, now());
              await replaceRoles(tx, u.id, ids);
              await audit(
                {
                  accion: 'usuarios.editar',
                  objetivoTipo: 'usuario',
                  objetivoId: u.id,
                  cambios: {
                    ...diff(u, { nombre: p.nombre, roles: [...p.roles].sort() }),
                    origen: 'importacion',
                  },
                },
                tx,
              );
              continue;
            }
            // Created pending and invited by mail (issue #15): no password to hand over.
            const id = await insertUsuario(tx, {
              email: p.report.email,
              nombre: p.nombre,
              passwordHash: NO_PASSWORD_HASH,
              now: now(),
              invitacionPendiente: true,
              emailVerificado: false,
            });
            await replaceRoles(tx, id, ids);
            inviter ??= await inviterName(tx, actor);
            await sendInvitation(
              tx,
              deps,
              { id, email: p.report.email, nombre: p.nombre, idioma: 'es' },
              inviter,
            );
            invited += 1;
            await audit(
              {
                accion: 'usuarios.crear',
                objetivoTipo: 'usuario',
                objetivoId: id,
                cambios: {
                  despues: {
                    email: p.report.email,
                    nombre: p.nombre,
                    activo: true,
                    roles: p.roles,
                  },
                  origen: 'importacion',
                  invitado: true,
                },
              },
              tx,
            );
          }
          return summarize(planned, true);
        });
        if (invited > 0) deps.kickMail();
        return report;
      } catch (err) {
        // The transaction is rolled back: the refusals found inside it are audited now.
        if (replanned) await rejectIfAny(replanned, audit);
        if (isUniqueViolation(err)) throw conflict(API_MESSAGES.emailTaken);
        throw err;
      }
    },
  };
}

export type UsuariosImportService = ReturnType<typeof createUsuariosImportService>;
