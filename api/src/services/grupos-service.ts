/**
 * Groups (issue #17): create, rename, change roles, add and remove members, delete. A member
 * holds the group's roles (the session lookup and `findUserWithRoles` add them to the user's
 * own), so every write is a grant and follows the delegation rules (issue #13, DESIGN.md §8):
 *
 * - rule 1 (`canManageGroup`): a non-admin writes a group only when they may give every role it
 *   carries before and after the change — adding a member grants them, removing one or deleting
 *   the group takes them, changing the roles gives or takes them from every member;
 * - rule 2 (`canActOnUser`): members are added or removed only when the actor may act on them;
 * - rule 5: nobody loses `admin` by their own hand — removing oneself from, deleting, or
 *   dropping `admin` from the one group that makes oneself admin is refused (`selfRemoveAdmin`).
 *
 * Refusals are 403 FORBIDDEN, audited outside the rolled-back transaction; each write is audited
 * in its transaction (`grupos.crear`, `grupos.editar`, `grupos.miembros`, `grupos.eliminar`).
 */
import {
  ADMIN_ROLE,
  DELEGATION_MESSAGES,
  GRUPOS_ERROR_CODES,
  GRUPOS_MESSAGES,
  canActOnUser,
  canManageGroup,
  type CreateGrupo,
  type ErrorDetail,
  type Grupo,
  type GruposQuery,
  type MiembrosGrupo,
  type MiembrosQuery,
  type RoleGrant,
  type UpdateGrupo,
  type User,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { HttpError, isUniqueViolation, notFound, validationError } from '../lib/http-errors';
import {
  deleteGrupo,
  deleteMiembros,
  existingUserIds,
  findGrupo,
  grupoIdByExternalId,
  grupoIdByNombreCi,
  insertGrupo,
  insertMiembros,
  listGrupos,
  listMiembros,
  memberIdsAmong,
  replaceGrupoRoles,
  rolIdsByNombre,
  updateGrupoVersioned,
} from '../repositories/grupos-repository';
import { permisosByRolNombre } from '../repositories/roles-admin-repository';
import { findUsuario } from '../repositories/usuarios-admin-repository';
import { diff, versionConflict } from './admin-common';
import { auditingRefusals, effectiveHolderOf, refuseIf, type Attempt } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';

const nombreEnUso = () =>
  new HttpError(409, GRUPOS_ERROR_CODES.nombreEnUso, GRUPOS_MESSAGES.nombreEnUso);
const externalIdEnUso = () =>
  new HttpError(409, GRUPOS_ERROR_CODES.externalIdEnUso, GRUPOS_MESSAGES.externalIdEnUso);

function attemptOn(id: number | undefined, intento: Record<string, unknown>): Attempt {
  return { objetivoTipo: 'grupo', objetivoId: id, intento };
}

/** The role grants (nombre + permissions) of `nombres`, for the rules; unknown ones are left out. */
async function grantsOf(db: Db, nombres: readonly string[]): Promise<RoleGrant[]> {
  const permisos = await permisosByRolNombre(db, nombres);
  return [...new Set(nombres)].flatMap((nombre) => {
    const p = permisos.get(nombre);
    return p ? [{ nombre, permisos: p }] : [];
  });
}

/**
 * Rule 5 for groups: would `actor` stop being admin if group `grupo` stopped giving them its
 * roles? True when their `admin` comes from that group alone (`origen` of /me, issue #17).
 */
function onlyAdminThrough(actor: User, grupo: string): boolean {
  const admin = actor.roles.find((r) => r.nombre === ADMIN_ROLE);
  if (!admin?.origen || admin.origen.directo) return false;
  return admin.origen.grupos.every((g) => g === grupo);
}

/** 403 `selfRemoveAdmin` (rule 5) when the change would take `admin` from the actor. */
function refuseSelfAdminLoss(actor: User, grupo: string, field: string, attempt: Attempt) {
  if (onlyAdminThrough(actor, grupo))
    refuseIf(
      { reason: 'selfRemoveAdmin', message: DELEGATION_MESSAGES.selfRemoveAdmin },
      field,
      attempt,
    );
}

/** The trimmed nombre, or a 400 detail. */
function checkNombre(nombre: string, details: ErrorDetail[]): string {
  const trimmed = nombre.trim();
  if (trimmed === '') details.push({ field: 'nombre', message: GRUPOS_MESSAGES.nombreObligatorio });
  return trimmed;
}

/** Role ids of `roles` (all must exist: else a 400 detail naming the unknown ones). */
async function roleIds(db: Db, roles: readonly string[], details: ErrorDetail[]) {
  const ids = await rolIdsByNombre(db, roles);
  const unknown = [...new Set(roles)].filter((r) => !ids.has(r));
  if (unknown.length > 0)
    details.push({
      field: 'roles',
      message: `${GRUPOS_MESSAGES.rolDesconocido}: ${unknown.join(', ')}`,
    });
  return [...ids.values()];
}

/** The group use cases over one database; writes act for a signed-in caller. */
export function createGruposService(deps: ServiceDeps) {
  const { db, now } = deps;

  async function mustFind(tx: Db, id: number): Promise<Grupo> {
    const g = await findGrupo(tx, id);
    if (!g) throw notFound();
    return g;
  }

  /** 409 when another group has the nombre (ignoring case) or the externalId. */
  async function checkUnique(tx: Db, id: number | undefined, nombre?: string, externalId?: string) {
    if (nombre !== undefined) {
      const other = await grupoIdByNombreCi(tx, nombre);
      if (other !== undefined && other !== id) throw nombreEnUso();
    }
    if (externalId !== undefined) {
      const other = await grupoIdByExternalId(tx, externalId);
      if (other !== undefined && other !== id) throw externalIdEnUso();
    }
  }

  /** A unique violation the checks raced with, as the right 409. */
  function asConflict(err: unknown): unknown {
    if (!isUniqueViolation(err)) return err;
    return /external/i.test(String((err as Error).message)) ? externalIdEnUso() : nombreEnUso();
  }

  return {
    list: (q: GruposQuery) => listGrupos(db, q),

    get: (id: number) => mustFind(db, id),

    async miembros(id: number, q: MiembrosQuery) {
      await mustFind(db, id);
      return listMiembros(db, id, q);
    },

    /**
     * POST /api/grupos.
     * @throws 400 (nombre empty, unknown role), 403 (a role the actor may not give), 409
     *   (nombre or externalId taken).
     */
    async create(body: CreateGrupo, caller: SignedInCaller): Promise<Grupo> {
      const audit = auditorFor(deps.audit, caller);
      const details: ErrorDetail[] = [];
      const nombre = checkNombre(body.nombre, details);
      const roles = [...new Set(body.roles ?? [])];
      const ids = await roleIds(db, roles, details);
      if (details.length > 0) throw validationError(details);
      const attempt = attemptOn(undefined, { nombre, roles });
      await auditingRefusals(db, audit, async () =>
        refuseIf(canManageGroup(caller.user, await grantsOf(db, roles)), 'roles', attempt),
      );
      try {
        return await db.transaction().execute(async (tx) => {
          await checkUnique(tx, undefined, nombre, body.externalId);
          const id = await insertGrupo(tx, {
            nombre,
            descripcion: body.descripcion?.trim() ?? '',
            externalId: body.externalId ?? null,
            now: now(),
          });
          await replaceGrupoRoles(tx, id, ids);
          const grupo = await mustFind(tx, id);
          const { nombre: n, descripcion, roles: r, externalId } = grupo;
          await audit(
            {
              accion: 'grupos.crear',
              objetivoTipo: 'grupo',
              objetivoId: id,
              cambios: { despues: { nombre: n, descripcion, roles: r, externalId } },
            },
            tx,
          );
          return grupo;
        });
      } catch (err) {
        throw asConflict(err);
      }
    },

    /**
     * PATCH /api/grupos/:id: rename, describe, replace roles, set the externalId.
     * @throws 400, 403 (rule 1 over the roles before and after; rule 5), 404, 409
     *   VERSION_CONFLICT, 409 (nombre or externalId taken).
     */
    async update(id: number, body: UpdateGrupo, caller: SignedInCaller): Promise<Grupo> {
      const audit = auditorFor(deps.audit, caller);
      const details: ErrorDetail[] = [];
      const nombre = body.nombre !== undefined ? checkNombre(body.nombre, details) : undefined;
      const roles = body.roles && [...new Set(body.roles)];
      const ids = roles ? await roleIds(db, roles, details) : undefined;
      if (details.length > 0) throw validationError(details);
      try {
        return await auditingRefusals(db, audit, () =>
          db.transaction().execute(async (tx) => {
            const current = await mustFind(tx, id);
            const changes = {
              nombre,
              descripcion: body.descripcion?.trim(),
              roles,
              externalId: body.externalId,
            };
            const attempt = attemptOn(id, diff(current, changes).despues);
            const involved = [...current.roles, ...(roles ?? [])];
            refuseIf(canManageGroup(caller.user, await grantsOf(tx, involved)), 'roles', attempt);
            if (roles && current.roles.includes(ADMIN_ROLE) && !roles.includes(ADMIN_ROLE))
              refuseSelfAdminLoss(caller.user, current.nombre, 'roles', attempt);
            if (current.version !== body.version) throw versionConflict();
            await checkUnique(tx, id, nombre, body.externalId);
            const next = {
              nombre: nombre ?? current.nombre,
              descripcion: changes.descripcion ?? current.descripcion,
              externalId: body.externalId ?? current.externalId ?? null,
            };
            if (!(await updateGrupoVersioned(tx, id, body.version, next))) throw versionConflict();
            if (ids) await replaceGrupoRoles(tx, id, ids);
            const updated = await mustFind(tx, id);
            await audit(
              {
                accion: 'grupos.editar',
                objetivoTipo: 'grupo',
                objetivoId: id,
                cambios: diff(current, {
                  nombre: updated.nombre,
                  descripcion: updated.descripcion,
                  roles: updated.roles,
                  externalId: updated.externalId,
                }),
              },
              tx,
            );
            return updated;
          }),
        );
      } catch (err) {
        throw asConflict(err);
      }
    },

    /**
     * PUT /api/grupos/:id/miembros: adds `añadir`, removes `quitar` (a user in both is added).
     * Users already in (or not in) the group are skipped.
     * @throws 400 (unknown user ids), 403 (rule 1 over the group's roles; rule 2 over each user
     *   added or removed; rule 5), 404.
     */
    async setMiembros(id: number, body: MiembrosGrupo, caller: SignedInCaller): Promise<Grupo> {
      const actor = caller.user;
      const audit = auditorFor(deps.audit, caller);
      const añadir = [...new Set(body.añadir ?? [])];
      const quitar = [...new Set(body.quitar ?? [])].filter((u) => !añadir.includes(u));
      const known = await existingUserIds(db, [...añadir, ...quitar]);
      const details: ErrorDetail[] = [];
      for (const [field, ids] of [
        ['añadir', añadir],
        ['quitar', quitar],
      ] as const) {
        const unknown = ids.filter((u) => !known.has(u));
        if (unknown.length > 0)
          details.push({
            field,
            message: `${GRUPOS_MESSAGES.usuarioDesconocido}: ${unknown.join(', ')}`,
          });
      }
      if (details.length > 0) throw validationError(details);
      return auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          const attempt = attemptOn(id, { añadir, quitar });
          const present = await memberIdsAmong(tx, id, [...añadir, ...quitar]);
          const added = añadir.filter((u) => !present.has(u));
          const removed = quitar.filter((u) => present.has(u));
          if (added.length === 0 && removed.length === 0) return current;
          refuseIf(canManageGroup(actor, await grantsOf(tx, current.roles)), 'id', attempt);
          for (const [field, ids] of [
            ['añadir', added],
            ['quitar', removed],
          ] as const) {
            for (const u of ids) {
              const target = await findUsuario(tx, u);
              if (!target) continue;
              const holder = await effectiveHolderOf(tx, target);
              refuseIf(canActOnUser(actor, holder, 'editar', u === actor.id), field, attempt);
            }
          }
          if (removed.includes(actor.id) && current.roles.includes(ADMIN_ROLE))
            refuseSelfAdminLoss(actor, current.nombre, 'quitar', attempt);
          await insertMiembros(tx, id, added);
          await deleteMiembros(tx, id, removed);
          await audit(
            {
              accion: 'grupos.miembros',
              objetivoTipo: 'grupo',
              objetivoId: id,
              cambios: {
                grupo: current.nombre,
                ...(added.length > 0 ? { añadidos: added } : {}),
                ...(removed.length > 0 ? { quitados: removed } : {}),
              },
            },
            tx,
          );
          return mustFind(tx, id);
        }),
      );
    },

    /**
     * DELETE /api/grupos/:id: members lose the group's roles.
     * @throws 403 (rule 1 over its roles; rule 5), 404.
     */
    async remove(id: number, caller: SignedInCaller): Promise<void> {
      const audit = auditorFor(deps.audit, caller);
      await auditingRefusals(db, audit, () =>
        db.transaction().execute(async (tx) => {
          const current = await mustFind(tx, id);
          const attempt = attemptOn(id, { eliminar: current.nombre });
          refuseIf(canManageGroup(caller.user, await grantsOf(tx, current.roles)), 'id', attempt);
          if (current.roles.includes(ADMIN_ROLE))
            refuseSelfAdminLoss(caller.user, current.nombre, 'id', attempt);
          await deleteGrupo(tx, id);
          const { nombre, descripcion, roles, miembros, externalId } = current;
          await audit(
            {
              accion: 'grupos.eliminar',
              objetivoTipo: 'grupo',
              objetivoId: id,
              cambios: { antes: { nombre, descripcion, roles, miembros, externalId } },
            },
            tx,
          );
        }),
      );
    },
  };
}

/** The group service's type (routes). */
export type GruposService = ReturnType<typeof createGruposService>;
