/**
 * User administration (issue #4): the use cases behind /api/usuarios. Each write runs in one
 * transaction together with its audit row (`cambios` holds the changed fields before/after,
 * never a password or hash) and throws `HttpError`s the error handler turns into the error shape.
 *
 * Every write takes the `SignedInCaller` (service-deps.ts) and audits through `deps.audit`; it
 * obeys the delegation rules of issue #13
 * (`shared/src/auth/delegation.ts`): rule 1 for the roles given or taken, rule 2 for the user
 * acted on, rule 5 for one's own account. A refusal is a 403 `DelegationRefused`, thrown inside
 * the transaction (nothing is written) and audited after it (`auditingRefusals`).
 * The CSV import lives in usuarios-import-service.ts, bulk actions in usuarios-bulk-service.ts.
 */
import {
  ADMIN_ROLE,
  API_MESSAGES,
  ADMIN_MESSAGES,
  NOMBRE_MAX_LENGTH,
  USUARIOS_CSV_COLUMNS,
  type CreateUsuario,
  type CreatedUsuario,
  type ErrorDetail,
  type UpdateUsuario,
  type Usuario,
} from '@gestion/shared';
import type { Readable } from 'node:stream';
import type { Db } from '../db/types';
import { isValidEmail, normalizeEmail } from '../lib/email';
import { isUniqueViolation, validationError } from '../lib/http-errors';
import type { PasswordHasher } from '../lib/passwords';
import { closeSessionsLackingFactor } from '../repositories/mfa-enforcement-repository';
import { deleteSesionesDeUsuario } from '../repositories/sesiones-repository';
import { deleteApiTokensDeUsuario } from '../repositories/api-tokens-repository';
import {
  bumpVersion,
  deleteUsuario,
  findUsuarioByEmail,
  isLastActiveAdmin,
  replaceRoles,
  roleIdsByName,
  updateUsuarioVersioned,
  userOwnsData,
  versionOf,
} from '../repositories/usuarios-admin-repository';
import {
  iterateUsuarios,
  listUsuarios,
  type UsuarioFilter,
  type UsuarioSort,
} from '../repositories/usuarios-list-repository';
import {
  diff,
  emailTaken,
  isForeignKeyViolation,
  lastAdmin,
  versionConflict,
  type Auditor,
} from './admin-common';
import { csvStream } from './csv';
import { auditingRefusals, guardActOn, guardRoleChange, type Actor } from './delegation-guard';
import { mustFindUsuario } from './usuarios-lookup';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';
import { createUsuario } from './usuarios-alta-service';

// Kept importable from here: other services and routes took them from this file before #13.
export { conflict, diff, versionConflict, type Auditor } from './admin-common';

export interface UsuariosServiceDeps extends ServiceDeps {
  hasher: PasswordHasher;
  /** `APP_URL`, the base of invitation links (issue #15). */
  appUrl: string;
  /** Asks the mail outbox to deliver now (after a commit that wrote a mail). */
  kickMail: () => void;
}

export { mustFindUsuario } from './usuarios-lookup';

/** Resolves role nombres to ids; 400 (field `roles`) naming the first unknown one. */
export async function resolveRoles(tx: Db, roles: readonly string[]): Promise<number[]> {
  const ids = await roleIdsByName(tx, roles);
  const unknown = roles.filter((r) => !ids.has(r));
  if (unknown.length > 0) {
    throw validationError([
      { field: 'roles', message: `${ADMIN_MESSAGES.unknownRole}: ${unknown.join(', ')}` },
    ]);
  }
  return roles.map((r) => ids.get(r)!);
}

/** The use cases over one database. */
export function createUsuariosService(deps: UsuariosServiceDeps) {
  const { db, now } = deps;
  const mustFind = mustFindUsuario;
  /** The caller as the delegation rules take it, and the audit log bound to them. */
  const acting = (caller: SignedInCaller): { actor: Actor; audit: Auditor } => ({
    actor: caller.user,
    audit: auditorFor(deps.audit, caller),
  });

  return {
    list: (filter: UsuarioFilter, sort: UsuarioSort, page: number, pageSize: number) =>
      listUsuarios(db, filter, sort, page, pageSize),

    /** GET /:id. @throws 404. */
    get: (id: number) => mustFind(db, id),

    /** POST /api/usuarios: see usuarios-alta-service.ts (issue #15). */
    create: (body: CreateUsuario, caller: SignedInCaller): Promise<CreatedUsuario> => {
      const { actor, audit } = acting(caller);
      return createUsuario(deps, body, actor, audit);
    },

    /**
     * PATCH /:id. Deactivating revokes every session of the user at once.
     * @throws 400, 403 (rule 2: a more powerful user; rule 5: deactivating oneself), 404,
     *   409 VERSION_CONFLICT, 409 EMAIL_TAKEN, 409 CONFLICT (last admin).
     */
    async update(id: number, body: UpdateUsuario, caller: SignedInCaller): Promise<Usuario> {
      const { actor, audit } = acting(caller);
      const details: ErrorDetail[] = [];
      const email = body.email === undefined ? undefined : normalizeEmail(body.email);
      const nombre = body.nombre?.trim();
      if (email !== undefined && !isValidEmail(email))
        details.push({ field: 'email', message: API_MESSAGES.invalidEmail });
      if (nombre !== undefined && (!nombre || nombre.length > NOMBRE_MAX_LENGTH))
        details.push({ field: 'nombre', message: API_MESSAGES.nombreRequired });
      if (details.length > 0) throw validationError(details);
      const changes = { nombre, email, activo: body.activo };
      try {
        return await auditingRefusals(db, audit, () =>
          db.transaction().execute(async (tx) => {
            const current = await mustFind(tx, id);
            const action = body.activo === false ? 'desactivar' : 'editar';
            await guardActOn(tx, actor, current, action, diff(current, changes).despues);
            if (current.version !== body.version) throw versionConflict();
            if (body.activo === false && current.activo && (await isLastActiveAdmin(tx, id)))
              throw lastAdmin();
            if (email !== undefined && email !== current.email) {
              const other = await findUsuarioByEmail(tx, email);
              if (other) throw emailTaken();
            }
            const ok = await updateUsuarioVersioned(tx, id, body.version, current, changes, now());
            if (!ok) throw versionConflict();
            if (body.activo === false) {
              await deleteSesionesDeUsuario(tx, id);
              await deleteApiTokensDeUsuario(tx, id); // issue #17: a reactivation revives none
            }
            await audit(
              {
                accion:
                  body.activo === false && current.activo
                    ? 'usuarios.desactivar'
                    : 'usuarios.editar',
                objetivoTipo: 'usuario',
                objetivoId: id,
                cambios: diff(current, changes),
              },
              tx,
            );
            return mustFind(tx, id);
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    /**
     * DELETE /:id: deletes, or deactivates a user who owns data.
     * @returns null when deleted; the deactivated user otherwise.
     * @throws 403 (rule 2; rule 5: one's own account), 404, 409 CONFLICT (last admin).
     */
    async remove(id: number, caller: SignedInCaller): Promise<Usuario | null> {
      const { actor, audit } = acting(caller);
      const intento = { eliminar: true };
      const deactivate = () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          await guardActOn(tx, actor, current, 'eliminar', intento);
          if (current.activo && (await isLastActiveAdmin(tx, id))) throw lastAdmin();
          if (current.activo) {
            await updateUsuarioVersioned(tx, id, undefined, current, { activo: false }, now());
          }
          await deleteSesionesDeUsuario(tx, id);
          await deleteApiTokensDeUsuario(tx, id);
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
      return auditingRefusals(db, audit, async () => {
        try {
          const deleted = await db.transaction().execute(async (tx) => {
            const current = await mustFind(tx, id);
            await guardActOn(tx, actor, current, 'eliminar', intento);
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
      });
    },

    /**
     * PUT /:id/roles: replaces the user's roles.
     * @throws 400 (unknown role), 403 (rule 1: a role given or taken the actor may not; rule 2;
     *   rule 5: dropping one's own `admin`), 404, 409 VERSION_CONFLICT, 409 CONFLICT (last admin).
     */
    async setRoles(
      id: number,
      body: { roles: string[]; version?: number },
      caller: SignedInCaller,
    ): Promise<Usuario> {
      const { actor, audit } = acting(caller);
      const roles = [...new Set(body.roles)];
      return auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          await guardActOn(tx, actor, current, 'editar', { roles });
          await guardRoleChange(tx, actor, current, current.roles, roles);
          if (body.version !== undefined && current.version !== body.version)
            throw versionConflict();
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
          // Issue #16: a role that requires a second factor, given to a user without one, ends
          // their sessions; the next sign-in walks them through enrolment.
          const sesionesCerradas = await closeSessionsLackingFactor(tx, id);
          await bumpVersion(tx, id, now());
          const updated = await mustFind(tx, id);
          await audit(
            {
              accion: 'usuarios.roles',
              objetivoTipo: 'usuario',
              objetivoId: id,
              cambios: {
                antes: { roles: current.roles },
                despues: { roles: updated.roles },
                ...(sesionesCerradas > 0 ? { sesionesCerradas } : {}),
              },
            },
            tx,
          );
          return updated;
        }),
      );
    },

    /**
     * POST /:id/sessions/revoke: ends every session of the user.
     * @throws 403 (rule 2: a more powerful user), 404.
     */
    async revokeSessions(id: number, caller: SignedInCaller): Promise<number> {
      const { actor, audit } = acting(caller);
      return auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          await guardActOn(tx, actor, current, 'revocarSesiones', { revocarSesiones: true });
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
        }),
      );
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

    versionOf: (id: number) => versionOf(db, id),
  };
}

export type UsuariosService = ReturnType<typeof createUsuariosService>;
