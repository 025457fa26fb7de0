/**
 * The checks of POST /api/usuarios/import (issue #4), apart from the writes of
 * usuarios-import-service.ts: the CSV read into rows (400 for a bad header, no rows or too
 * many), every row planned against the database as it is now — e-mail, nombre, roles, the
 * delegation rules of issue #13 (rules 1, 2 and 5) and the last-admin rule over the whole file —
 * and the report the dry run answers.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
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
import type { Db } from '../db/types';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { HttpError, validationError } from '../lib/http-errors';
import { permisosByRolNombre } from '../repositories/roles-admin-repository';
import {
  activeAdminIds,
  findUsuarioByEmail,
  lockAdminRole,
  roleIdsByName,
} from '../repositories/usuarios-admin-repository';
import { parseCsv } from './csv';
import { holderFrom, type Actor } from './delegation-guard';

/** Most rows one import may carry (a bigger directory is imported in parts). */
export const IMPORT_MAX_ROWS = 5000;

/** One row as planned: its report line, what it would write, and a delegation refusal if any. */
export interface Planned {
  report: ImportRow;
  nombre: string;
  roles: string[];
  existing?: Usuario;
  refusal?: Refusal;
}

/** The columns of the CSV that matter, and its data rows. */
export interface ParsedCsv {
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
export function parseImport(text: string): ParsedCsv {
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
export function importRejected(rows: ImportRow[]): HttpError {
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
export async function plan(tx: Db, csv: ParsedCsv, actor: Actor): Promise<Planned[]> {
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

export /** The report of `planned`: every row's line and the counts. */
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
