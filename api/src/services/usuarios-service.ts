/**
 * User administration (issue #4): the use cases behind /api/usuarios. Each write runs in one
 * transaction together with its audit row (`cambios` holds the changed fields before/after,
 * never a password or hash) and throws `HttpError`s the error handler turns into the error shape.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_ROLE,
  API_MESSAGES,
  ERROR_CODES,
  NOMBRE_MAX_LENGTH,
  USUARIOS_CSV_COLUMNS,
  type CreateUsuario,
  type CreatedUsuario,
  type ErrorDetail,
  type ImportReport,
  type ImportRow,
  type UpdateUsuario,
  type Usuario,
} from '@gestion/shared';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { HttpError, isUniqueViolation, notFound, validationError } from '../lib/http-errors';
import { generatePassword, passwordProblem, type PasswordHasher } from '../lib/passwords';
import type { AuditInput } from '../plugins/app/audit';
import { deleteSesionesDeUsuario } from '../repositories/sesiones-repository';
import {
  bumpVersion,
  deleteUsuario,
  findUsuario,
  findUsuarioByEmail,
  isLastActiveAdmin,
  activeAdminIds,
  lockAdminRole,
  iterateUsuarios,
  listUsuarios,
  replaceRoles,
  roleIdsByName,
  updateUsuarioVersioned,
  userOwnsData,
  versionOf,
  type UsuarioFilter,
  type UsuarioSort,
} from '../repositories/usuarios-admin-repository';
import { insertUsuario, type Db } from '../repositories/usuarios-repository';
import { csvStream, parseCsv } from './csv';

/** Records one audit row for the current request, inside `db` (a transaction). */
export type Auditor = (entry: AuditInput, db: Db) => Promise<void>;

export interface UsuariosServiceDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  hasher: PasswordHasher;
  /** Epoch ms. */
  now: () => number;
}

/** Most rows one import may carry (a bigger directory is imported in parts). */
export const IMPORT_MAX_ROWS = 5000;

/** 409 VERSION_CONFLICT (DESIGN.md §3: two editors never silently overwrite each other). */
export function versionConflict(): HttpError {
  return new HttpError(409, ERROR_CODES.versionConflict, API_MESSAGES.versionConflict);
}

/** 409 CONFLICT with a Spanish reason. */
export function conflict(message: string): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, message);
}

function emailTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.emailTaken, API_MESSAGES.emailTaken);
}

function lastAdmin(): HttpError {
  return conflict(ADMIN_MESSAGES.lastAdmin);
}

/** True for a foreign-key violation from SQLite or PostgreSQL. */
function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Only the fields whose value changed, as `{antes, despues}` for the audit log. */
export function diff<T extends object>(antes: T, despues: Partial<T>) {
  const a: Record<string, unknown> = {};
  const d: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(despues)) {
    const before = (antes as Record<string, unknown>)[k];
    if (v !== undefined && JSON.stringify(before) !== JSON.stringify(v)) {
      a[k] = before;
      d[k] = v;
    }
  }
  return { antes: a, despues: d };
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

/** The use cases over one database. */
export function createUsuariosService(deps: UsuariosServiceDeps) {
  const { db, hasher, now } = deps;

  async function mustFind(tx: Db, id: number): Promise<Usuario> {
    const u = await findUsuario(tx, id);
    if (!u) throw notFound();
    return u;
  }

  /** Resolves role nombres to ids; 400 (field `roles`) naming the first unknown one. */
  async function resolveRoles(tx: Db, roles: readonly string[]): Promise<number[]> {
    const ids = await roleIdsByName(tx, roles);
    const unknown = roles.filter((r) => !ids.has(r));
    if (unknown.length > 0) {
      throw validationError([
        { field: 'roles', message: `${ADMIN_MESSAGES.unknownRole}: ${unknown.join(', ')}` },
      ]);
    }
    return roles.map((r) => ids.get(r)!);
  }

  return {
    list: (filter: UsuarioFilter, sort: UsuarioSort, page: number, pageSize: number) =>
      listUsuarios(db, filter, sort, page, pageSize),

    /** GET /:id. @throws 404. */
    get: (id: number) => mustFind(db, id),

    /**
     * POST /api/usuarios. Without a password a one-time one is generated and returned once.
     * @throws 400 per field, 409 EMAIL_TAKEN.
     */
    async create(body: CreateUsuario, audit: Auditor): Promise<CreatedUsuario> {
      const email = normalizeEmail(body.email);
      const nombre = body.nombre.trim();
      const details: ErrorDetail[] = [];
      if (!isValidEmail(email))
        details.push({ field: 'email', message: API_MESSAGES.invalidEmail });
      if (!nombre || nombre.length > NOMBRE_MAX_LENGTH)
        details.push({ field: 'nombre', message: API_MESSAGES.nombreRequired });
      const problem = body.password === undefined ? null : passwordProblem(body.password);
      if (problem) details.push({ field: 'password', message: problem });
      if (details.length > 0) throw validationError(details);
      const roles = [...new Set(body.roles ?? [])];
      const generated = body.password === undefined ? generatePassword() : undefined;
      const passwordHash = await hasher.hash(body.password ?? generated!);
      try {
        const usuario = await db.transaction().execute(async (tx) => {
          const rolIds = await resolveRoles(tx, roles);
          if (await findUsuarioByEmail(tx, email)) throw emailTaken();
          const id = await insertUsuario(tx, { email, nombre, passwordHash, now: now() });
          await replaceRoles(tx, id, rolIds);
          const created = await mustFind(tx, id);
          await audit(
            {
              accion: 'usuarios.crear',
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: {
                despues: { email, nombre, activo: true, roles: created.roles },
                passwordGenerada: generated !== undefined,
              },
            },
            tx,
          );
          return created;
        });
        return generated === undefined ? usuario : { ...usuario, passwordTemporal: generated };
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    /**
     * PATCH /:id. Deactivating revokes every session of the user at once.
     * @throws 400, 404, 409 VERSION_CONFLICT, 409 EMAIL_TAKEN, 409 CONFLICT (last admin).
     */
    async update(id: number, body: UpdateUsuario, audit: Auditor): Promise<Usuario> {
      const details: ErrorDetail[] = [];
      const email = body.email === undefined ? undefined : normalizeEmail(body.email);
      const nombre = body.nombre?.trim();
      if (email !== undefined && !isValidEmail(email))
        details.push({ field: 'email', message: API_MESSAGES.invalidEmail });
      if (nombre !== undefined && (!nombre || nombre.length > NOMBRE_MAX_LENGTH))
        details.push({ field: 'nombre', message: API_MESSAGES.nombreRequired });
      if (details.length > 0) throw validationError(details);
      try {
        return await db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          if (current.version !== body.version) throw versionConflict();
          if (body.activo === false && current.activo && (await isLastActiveAdmin(tx, id)))
            throw lastAdmin();
          if (email !== undefined && email !== current.email) {
            const other = await findUsuarioByEmail(tx, email);
            if (other) throw emailTaken();
          }
          const changes = { nombre, email, activo: body.activo };
          const ok = await updateUsuarioVersioned(tx, id, body.version, current, changes, now());
          if (!ok) throw versionConflict();
          if (body.activo === false) await deleteSesionesDeUsuario(tx, id);
          const cambios = diff(current, changes);
          await audit(
            {
              accion:
                body.activo === false && current.activo ? 'usuarios.desactivar' : 'usuarios.editar',
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios,
            },
            tx,
          );
          return mustFind(tx, id);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    /**
     * DELETE /:id: deletes, or deactivates a user who owns data.
     * @returns null when deleted; the deactivated user otherwise.
     * @throws 404, 409 CONFLICT (last admin).
     */
    async remove(id: number, audit: Auditor): Promise<Usuario | null> {
      const deactivate = () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          if (current.activo && (await isLastActiveAdmin(tx, id))) throw lastAdmin();
          if (current.activo) {
            await updateUsuarioVersioned(tx, id, undefined, current, { activo: false }, now());
          }
          await deleteSesionesDeUsuario(tx, id);
          await audit(
            {
              accion: 'usuarios.desactivar',
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: { ...diff(current, { activo: false }), motivo: 'tiene_datos' },
            },
            tx,
          );
          return mustFind(tx, id);
        });
      try {
        const deleted = await db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          if (current.activo && (await isLastActiveAdmin(tx, id))) throw lastAdmin();
          if (await userOwnsData(tx, id, deps.dialect)) return false;
          await deleteUsuario(tx, id);
          await audit(
            {
              accion: 'usuarios.eliminar',
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: {
                antes: { email: current.email, nombre: current.nombre, roles: current.roles },
              },
            },
            tx,
          );
          return true;
        });
        return deleted ? null : await deactivate();
      } catch (err) {
        // A table that references users without ON DELETE (an area not listed in OWNED_DATA)
        // refuses the delete: that user owns data too.
        if (isForeignKeyViolation(err)) return deactivate();
        throw err;
      }
    },

    /**
     * PUT /:id/roles: replaces the user's roles.
     * @throws 400 (unknown role), 404, 409 VERSION_CONFLICT, 409 CONFLICT (last admin).
     */
    async setRoles(
      id: number,
      body: { roles: string[]; version?: number },
      audit: Auditor,
    ): Promise<Usuario> {
      const roles = [...new Set(body.roles)];
      return db.transaction().execute(async (tx) => {
        const current = await mustFind(tx, id);
        if (body.version !== undefined && current.version !== body.version) throw versionConflict();
        const rolIds = await resolveRoles(tx, roles);
        if (
          current.roles.includes(ADMIN_ROLE) &&
          !roles.includes(ADMIN_ROLE) &&
          current.activo &&
          (await isLastActiveAdmin(tx, id))
        ) {
          throw lastAdmin();
        }
        await replaceRoles(tx, id, rolIds);
        await bumpVersion(tx, id, now());
        const updated = await mustFind(tx, id);
        await audit(
          {
            accion: 'usuarios.roles',
            objetivoTipo: 'usuario',
            objetivoId: id,
            cambios: { antes: { roles: current.roles }, despues: { roles: updated.roles } },
          },
          tx,
        );
        return updated;
      });
    },

    /** POST /:id/sessions/revoke: ends every session of the user. @throws 404. */
    async revokeSessions(id: number, audit: Auditor): Promise<number> {
      return db.transaction().execute(async (tx) => {
        await mustFind(tx, id);
        const { n } = await tx
          .selectFrom('sesiones')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('usuario_id', '=', id)
          .executeTakeFirstOrThrow();
        await deleteSesionesDeUsuario(tx, id);
        await audit(
          {
            accion: 'usuarios.revocar_sesiones',
            objetivoTipo: 'usuario',
            objetivoId: id,
            cambios: { revocadas: Number(n) },
          },
          tx,
        );
        return Number(n);
      });
    },

    /** GET /export: the CSV of every user matching the filter, streamed in batches. */
    exportCsv(filter: UsuarioFilter, sort: UsuarioSort): Readable {
      return csvStream(USUARIOS_CSV_COLUMNS, iterateUsuarios(db, filter, sort), (u) => [
        u.email,
        u.nombre,
        u.roles.join('|'),
        u.activo ? 'true' : 'false',
        u.creadoEn,
        u.ultimoAcceso,
      ]);
    },

    /**
     * POST /import: validates every row (the dry-run report); when `apply`, writes all rows in
     * one transaction or — with any rejected row — nothing (400 listing them).
     * @throws 400 for a body that is not a CSV with the email,nombre,roles header.
     */
    async importCsv(text: string, apply: boolean, audit: Auditor): Promise<ImportReport> {
      const records = parseCsvOr400(text);
      const [header, ...rows] = records;
      const col = (name: string) => header?.findIndex((h) => h.toLowerCase() === name) ?? -1;
      const iEmail = col('email');
      const iNombre = col('nombre');
      const iRoles = col('roles');
      if (iEmail < 0 || iNombre < 0 || iRoles < 0) {
        throw validationError([{ field: 'body', message: ADMIN_MESSAGES.importBadHeader }]);
      }
      if (rows.length === 0)
        throw validationError([{ field: 'body', message: ADMIN_MESSAGES.importEmpty }]);
      if (rows.length > IMPORT_MAX_ROWS)
        throw validationError([{ field: 'body', message: ADMIN_MESSAGES.importTooManyRows }]);

      interface Planned {
        report: ImportRow;
        nombre: string;
        roles: string[];
        existing?: Usuario;
      }

      const plan = async (tx: Db): Promise<Planned[]> => {
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
      };

      const summarize = (planned: Planned[], aplicado: boolean): ImportReport => {
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
      };

      if (!apply) return summarize(await plan(db), false);

      // Hash the new accounts' one-time passwords before the transaction: argon2id is slow on
      // purpose and must not hold the write lock.
      const preview = await plan(db);
      const rejected = preview.filter((p) => p.report.resultado === 'rechazado');
      if (rejected.length > 0) throw importRejected(rejected.map((p) => p.report));
      const passwords = new Map<string, { plain: string; hash: string }>();
      const nuevos = preview.filter((p) => p.report.resultado === 'creado');
      // Four at a time: argon2id runs on libuv's thread pool (4 threads by default).
      for (let i = 0; i < nuevos.length; i += 4) {
        await Promise.all(
          nuevos.slice(i, i + 4).map(async (p) => {
            const plain = generatePassword();
            passwords.set(p.report.email, { plain, hash: await hasher.hash(plain) });
          }),
        );
      }

      try {
        return await db.transaction().execute(async (tx) => {
          // Planned again inside the transaction: the database may have changed meanwhile.
          const planned = await plan(tx);
          const bad = planned.filter((p) => p.report.resultado === 'rechazado');
          if (bad.length > 0) throw importRejected(bad.map((p) => p.report));
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
            const pw = passwords.get(p.report.email);
            const hash = pw?.hash ?? (await hasher.hash(generatePassword()));
            const id = await insertUsuario(tx, {
              email: p.report.email,
              nombre: p.nombre,
              passwordHash: hash,
              now: now(),
            });
            await replaceRoles(tx, id, ids);
            if (pw) p.report.passwordTemporal = pw.plain;
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
                },
              },
              tx,
            );
          }
          return summarize(planned, true);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(API_MESSAGES.emailTaken);
        throw err;
      }
    },

    versionOf: (id: number) => versionOf(db, id),
  };
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

export type UsuariosService = ReturnType<typeof createUsuariosService>;

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
