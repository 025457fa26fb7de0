/**
 * SCIM `/Groups` (issue #17): our groups (displayName ↔ nombre, members ↔ memberships,
 * externalId). Writes go through the grupos service, so a directory's group changes obey the
 * delegation rules of the connection's creator and are audited (actor `scim:<nombre>`). A SCIM
 * group is created without roles; roles are given to a group in the console only.
 *
 * A SCIM connection never adds members to a group that carries `admin` (403): membership of such
 * a group makes an administrator, and that is decided by a person in the console, never by a
 * directory's long-lived token. Removing members from it is allowed (the last-admin and
 * self rules of the grupos service still apply).
 */
import { ADMIN_ROLE, GRUPO_MIEMBROS_POR_PETICION_MAX } from '@gestion/shared';
import { invalidValue, ScimError, scimNotFound } from '../lib/scim/errors';
import type { FilterCondition } from '../lib/scim/filter';
import { applyPatch, type MembersDelta } from '../lib/scim/patch';
import { fromScimGroup, toScimGroup } from '../lib/scim/resources';
import { findGrupo, grupoIdByExternalId } from '../repositories/grupos-repository';
import {
  findScimGrupo,
  listScimGrupos,
  touchGrupo,
  type PageRequest,
  type ScimGrupoRow,
} from '../repositories/scim-repository';
import { createGruposService } from './grupos-service';
import type { ScimCaller } from './scim-auth';
import type { ServiceDeps } from './service-deps';
import { uniqueness } from './scim-usuarios-service';

type Obj = Record<string, unknown>;

/** Member ids as integers. @throws 400 invalidValue for one that is not an id. */
function ids(values: readonly string[]): number[] {
  return values.map((v) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw invalidValue(`Miembro no válido: ${v}`);
    return n;
  });
}

/** The SCIM group use cases; `base` is `<APP_URL>/scim/v2`. */
export function createScimGruposService(deps: ServiceDeps, base: string) {
  const { db, now } = deps;
  const grupos = createGruposService(deps);

  async function mustFind(id: number, withMembers = true): Promise<ScimGrupoRow> {
    const g = await findScimGrupo(db, id, withMembers);
    if (!g) throw scimNotFound(`Grupo ${id} no encontrado`);
    return g;
  }

  /** Adds and removes members (in the grupos service's batches). */
  async function applyMembers(id: number, delta: MembersDelta, caller: ScimCaller) {
    let add = ids(delta.add);
    let remove = ids(delta.remove);
    if (delta.replace) {
      const wanted = new Set([...ids(delta.replace), ...add]);
      const current = (await mustFind(id)).miembros!.map((m) => m.id);
      add = [...wanted].filter((u) => !current.includes(u));
      remove = [...current.filter((u) => !wanted.has(u)), ...remove];
    }
    if (add.length > 0 && (await findGrupo(db, id))?.roles.includes(ADMIN_ROLE))
      throw new ScimError(
        403,
        undefined,
        'Una conexión SCIM no puede añadir miembros a un grupo con el rol «admin»',
      );
    const step = GRUPO_MIEMBROS_POR_PETICION_MAX;
    for (let i = 0; i < Math.max(add.length, remove.length); i += step) {
      const body = { añadir: add.slice(i, i + step), quitar: remove.slice(i, i + step) };
      try {
        await grupos.setMiembros(id, body, caller);
      } catch (err) {
        const e = err as { statusCode?: number; message?: string };
        if (e.statusCode === 400) throw invalidValue(e.message ?? 'Miembro desconocido');
        throw err;
      }
    }
  }

  async function checkExternalId(externalId: string | null, id: number | undefined) {
    if (externalId === null) return;
    const other = await grupoIdByExternalId(db, externalId);
    if (other !== undefined && other !== id)
      throw uniqueness('Ya existe un grupo con ese externalId');
  }

  /** Renames / re-identifies, then applies the members delta; stamps lastModified. */
  async function write(
    id: number,
    next: { nombre: string; externalId: string | null },
    delta: MembersDelta,
    caller: ScimCaller,
  ): Promise<Obj> {
    const current = await mustFind(id, false);
    if (next.nombre !== current.nombre || next.externalId !== current.externalId) {
      await checkExternalId(next.externalId, id);
      await grupos.update(
        id,
        {
          ...(next.nombre !== current.nombre ? { nombre: next.nombre } : {}),
          ...(next.externalId !== null && next.externalId !== current.externalId
            ? { externalId: next.externalId }
            : {}),
          version: current.version,
        },
        caller,
      );
    }
    await applyMembers(id, delta, caller);
    await touchGrupo(db, id, now());
    return toScimGroup(await mustFind(id), base);
  }

  return {
    /** GET /Groups/:id (members unless excluded). @throws 404. */
    get: async (id: number, withMembers: boolean): Promise<Obj> =>
      toScimGroup(await mustFind(id, withMembers), base),

    /** GET /Groups?filter=… */
    async list(conds: readonly FilterCondition[], page: PageRequest, withMembers: boolean) {
      const { items, total } = await listScimGrupos(db, conds, page, withMembers);
      return { resources: items.map((g) => toScimGroup(g, base)), total };
    },

    /** POST /Groups. @throws 400, 403, 409 uniqueness (displayName or externalId taken). */
    async create(body: Obj, caller: ScimCaller): Promise<Obj> {
      const f = fromScimGroup(body);
      await checkExternalId(f.externalId, undefined);
      const g = await grupos.create(
        { nombre: f.nombre, ...(f.externalId !== null ? { externalId: f.externalId } : {}) },
        caller,
      );
      return write(g.id, f, { add: f.members ?? [], remove: [] }, caller);
    },

    /** PUT /Groups/:id: the whole resource; members replaced when given. */
    async replace(id: number, body: Obj, caller: ScimCaller): Promise<Obj> {
      const f = fromScimGroup(body);
      await mustFind(id, false);
      const delta: MembersDelta = f.members
        ? { add: [], remove: [], replace: f.members }
        : { add: [], remove: [] };
      return write(id, f, delta, caller);
    },

    /** PATCH /Groups/:id: displayName/externalId changes and member adds/removes. */
    async patch(id: number, operations: unknown, caller: ScimCaller): Promise<Obj> {
      const current = toScimGroup(await mustFind(id, false), base);
      const { resource, members } = applyPatch(current, operations);
      return write(id, fromScimGroup(resource), members, caller);
    },

    /** DELETE /Groups/:id: its members lose its roles. */
    async remove(id: number, caller: ScimCaller): Promise<void> {
      await mustFind(id, false);
      await grupos.remove(id, caller);
    },
  };
}
