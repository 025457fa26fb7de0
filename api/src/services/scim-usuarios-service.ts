/**
 * SCIM `/Users` (issue #17, RFC 7644 §3): reads through scim-repository, writes through the
 * usuarios service, so a directory's create, change, deactivation and delete are exactly the
 * console's — the creator's delegation rules, the last-admin rule, sessions revoked at once on
 * deactivation (personal API tokens die with an inactive owner), an invitation mailed to a user
 * created without a password (issue #15; with single sign-on on their domain they sign in
 * through it), DELETE deleting or deactivating as DELETE /api/usuarios/:id does.
 *
 * A SCIM connection never writes a user who holds `admin` (403): a directory's token is a
 * long-lived secret held by a third party, and changing an admin's e-mail is an account takeover.
 */
import { isAdmin } from '@gestion/shared';
import { ScimError, scimNotFound } from '../lib/scim/errors';
import type { FilterCondition } from '../lib/scim/filter';
import { applyPatch } from '../lib/scim/patch';
import { fromScimUser, toScimUser, type UserFields } from '../lib/scim/resources';
import {
  findScimUsuario,
  listScimUsuarios,
  setUsuarioExternalId,
  usuarioIdByExternalId,
  type PageRequest,
  type ScimUsuarioRow,
} from '../repositories/scim-repository';
import { findUserWithRoles } from '../repositories/usuarios-repository';
import type { ScimCaller } from './scim-auth';
import { createUsuariosService, type UsuariosServiceDeps } from './usuarios-service';

type Obj = Record<string, unknown>;

/** 409 uniqueness (RFC 7644 §3.3). */
export const uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);

/** The SCIM user use cases; `base` is `<APP_URL>/scim/v2`. */
export function createScimUsuariosService(deps: UsuariosServiceDeps, base: string) {
  const { db } = deps;
  const usuarios = createUsuariosService(deps);

  async function mustFind(id: number): Promise<ScimUsuarioRow> {
    const u = await findScimUsuario(db, id);
    if (!u) throw scimNotFound(`Usuario ${id} no encontrado`);
    return u;
  }

  async function refuseAdmin(id: number) {
    if (isAdmin(await findUserWithRoles(db, id)))
      throw new ScimError(
        403,
        undefined,
        'Una conexión SCIM no puede modificar a un usuario con el rol «admin»',
      );
  }

  async function checkExternalId(externalId: string | null, id: number | undefined) {
    if (externalId === null) return;
    const other = await usuarioIdByExternalId(db, externalId);
    if (other !== undefined && other !== id)
      throw uniqueness('Ya existe un usuario con ese externalId');
  }

  /** Writes `next` over the user `current` (PUT and PATCH). */
  async function write(current: ScimUsuarioRow, next: UserFields, caller: ScimCaller) {
    const changes = {
      ...(next.email !== current.email ? { email: next.email } : {}),
      ...(next.nombre !== current.nombre ? { nombre: next.nombre } : {}),
      ...(next.activo !== current.activo ? { activo: next.activo } : {}),
    };
    const externalChanged = next.externalId !== current.externalId;
    if (Object.keys(changes).length === 0 && !externalChanged) return current;
    await refuseAdmin(current.id);
    await checkExternalId(next.externalId, current.id);
    if (Object.keys(changes).length > 0)
      await usuarios.update(current.id, { ...changes, version: current.version }, caller);
    if (externalChanged) {
      await db.transaction().execute(async (tx) => {
        await setUsuarioExternalId(tx, current.id, next.externalId);
        await deps.audit(
          caller,
          {
            accion: 'usuarios.editar',
            objetivoTipo: 'usuario',
            objetivoId: current.id,
            cambios: { antes: { externalId: current.externalId }, despues: { externalId: next.externalId } },
          },
          tx,
        );
      });
    }
    return mustFind(current.id);
  }

  return {
    /** GET /Users/:id. @throws 404. */
    get: async (id: number): Promise<Obj> => toScimUser(await mustFind(id), base),

    /** GET /Users?filter=…: a page by id and the total. */
    async list(conds: readonly FilterCondition[], page: PageRequest, withGroups: boolean) {
      const { items, total } = await listScimUsuarios(db, conds, page, withGroups);
      return { resources: items.map((u) => toScimUser(u, base)), total };
    },

    /**
     * POST /Users: created without a password and invited (or `active: false`: created, then
     * deactivated). @throws 400 invalidValue, 409 uniqueness (userName or externalId taken).
     */
    async create(body: Obj, caller: ScimCaller): Promise<Obj> {
      const f = fromScimUser(body);
      await checkExternalId(f.externalId, undefined);
      const created = await usuarios.create({ email: f.email, nombre: f.nombre }, caller);
      const row = await mustFind(created.id);
      return toScimUser(await write(row, { ...f, email: row.email, nombre: row.nombre }, caller), base);
    },

    /** PUT /Users/:id: the whole resource (Okta updates and deactivates this way). */
    async replace(id: number, body: Obj, caller: ScimCaller): Promise<Obj> {
      const current = await mustFind(id);
      return toScimUser(await write(current, fromScimUser(body), caller), base);
    },

    /** PATCH /Users/:id: operations on the current representation (patch.ts). */
    async patch(id: number, operations: unknown, caller: ScimCaller): Promise<Obj> {
      const current = await mustFind(id);
      const before = toScimUser(current, base);
      const { resource } = applyPatch(before, operations);
      return toScimUser(await write(current, fromScimUser(resource, before), caller), base);
    },

    /** DELETE /Users/:id: deleted, or deactivated when they own data (as the console does). */
    async remove(id: number, caller: ScimCaller): Promise<void> {
      await mustFind(id);
      await refuseAdmin(id);
      await usuarios.remove(id, caller);
    },
  };
}
