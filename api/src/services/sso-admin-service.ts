/**
 * The providers of single sign-on (issue #18): /api/sso/proveedores, permission
 * `configuracion:gestionar`.
 *
 * - The issuer must answer discovery and name itself (lib/oidc.ts) before anything is stored;
 *   `http://` only on loopback.
 * - The client secret is write-only, AES-256-GCM encrypted (lib/sso-crypto.ts); never returned.
 * - Delegation (issue #13 rule 1, as for groups): a provider's mapping and default role give
 *   roles to whoever signs in, so the writer must be allowed to give every role it names before
 *   and after the change (`canManageGroup`), else 403 FORBIDDEN, audited outside the
 *   transaction. Unknown roles are 400.
 * - Writes are audited `sso.proveedor_crear`, `sso.proveedor_editar`, `sso.proveedor_eliminar`
 *   (never the secret; `clientSecretCambiado: true` when it changed).
 */
import {
  SSO_CLAIM_GRUPOS_DEFECTO,
  SSO_ERROR_CODES,
  SSO_MESSAGES,
  SSO_SCOPES_DEFECTO,
  canManageGroup,
  type CreateProveedorSso,
  type ErrorDetail,
  type MapeoGrupo,
  type ProveedorSso,
  type ProveedoresSsoQuery,
  type UpdateProveedorSso,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { HttpError, isUniqueViolation, notFound, validationError } from '../lib/http-errors';
import { checkIssuerUrl, discoverIssuer } from '../lib/oidc';
import { encryptClientSecret } from '../lib/sso-crypto';
import { rolIdsByNombre } from '../repositories/grupos-repository';
import {
  deleteProveedor,
  findProveedor,
  insertProveedor,
  listProveedores,
  proveedorIdByNombreCi,
  replaceMapeo,
  setClientSecret,
  updateProveedorVersioned,
  type ProveedorRow,
  type ProveedorValues,
} from '../repositories/sso-repository';
import { diff, versionConflict } from './admin-common';
import { checkDominios, grantsOf, rolesNamed, toDto, withOpenid } from './sso-common';
import { auditingRefusals, refuseIf } from './delegation-guard';
import { auditorFor, type ServiceDeps, type SignedInCaller } from './service-deps';

/** What the service needs besides the usual deps: links' base and the encryption key. */
export interface SsoDeps extends ServiceDeps {
  /** APP_URL, without a trailing `/`: the redirect URIs are built on it. */
  appUrl: string;
  /** The AES-256 key of the stored secrets (mfaKeyOf). */
  key: Buffer;
}

const nombreEnUso = () => new HttpError(409, SSO_ERROR_CODES.nombreEnUso, SSO_MESSAGES.nombreEnUso);

/** The provider use cases over one database; writes act for a signed-in caller. */
export function createSsoAdminService(deps: SsoDeps) {
  const { db, now, appUrl, key } = deps;

  async function mustFind(tx: Db, id: number): Promise<ProveedorRow> {
    const r = await findProveedor(tx, id);
    if (!r) throw notFound();
    return r;
  }

  /** Role ids of the mapping and default role; unknown ones are 400 details. */
  async function resolveRoles(
    rolPorDefecto: string | null | undefined,
    mapeo: readonly MapeoGrupo[] | undefined,
    details: ErrorDetail[],
  ) {
    const ids = await rolIdsByNombre(db, rolesNamed(rolPorDefecto, mapeo ?? []));
    if (rolPorDefecto && !ids.has(rolPorDefecto))
      details.push({
        field: 'rolPorDefecto',
        message: `${SSO_MESSAGES.rolDesconocido}: ${rolPorDefecto}`,
      });
    const unknown = [...new Set((mapeo ?? []).map((m) => m.rol))].filter((r) => !ids.has(r));
    if (unknown.length > 0)
      details.push({
        field: 'mapeoGrupos',
        message: `${SSO_MESSAGES.rolDesconocido}: ${unknown.join(', ')}`,
      });
    return ids;
  }

  /** 403 (audited) unless `caller` may give every role of `nombres`. */
  async function guardRoles(
    caller: SignedInCaller,
    nombres: string[],
    id: number | undefined,
    intento: Record<string, unknown>,
  ) {
    const audit = auditorFor(deps.audit, caller);
    await auditingRefusals(db, audit, async () =>
      refuseIf(canManageGroup(caller.user, await grantsOf(db, nombres)), 'mapeoGrupos', {
        objetivoTipo: 'configuracion',
        objetivoId: id,
        intento,
      }),
    );
  }

  async function checkUnique(tx: Db, id: number | undefined, nombre: string | undefined) {
    if (nombre === undefined) return;
    const other = await proveedorIdByNombreCi(tx, nombre);
    if (other !== undefined && other !== id) throw nombreEnUso();
  }

  return {
    /** GET /api/sso/proveedores. */
    async list(q: ProveedoresSsoQuery) {
      const { rows, total } = await listProveedores(db, q.pageSize, (q.page - 1) * q.pageSize);
      const items = await Promise.all(rows.map((r) => toDto(db, appUrl, r)));
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    /** GET /api/sso/proveedores/:id. @throws 404. */
    get: async (id: number) => toDto(db, appUrl, await mustFind(db, id)),

    /**
     * POST /api/sso/proveedores.
     * @throws 400 (fields; SSO_ISSUER_*), 403 (a role the caller may not give), 409
     *   SSO_NOMBRE_EN_USO.
     */
    async create(body: CreateProveedorSso, caller: SignedInCaller): Promise<ProveedorSso> {
      const audit = auditorFor(deps.audit, caller);
      const details: ErrorDetail[] = [];
      const nombre = body.nombre.trim();
      const issuerUrl = checkIssuerUrl(body.issuer);
      const dominios = checkDominios(body.dominios ?? [], details);
      const crearUsuarios = body.crearUsuarios ?? false;
      const rolPorDefecto = body.rolPorDefecto ?? null;
      if (crearUsuarios && !rolPorDefecto)
        details.push({ field: 'rolPorDefecto', message: SSO_MESSAGES.rolPorDefectoObligatorio });
      const mapeo = body.mapeoGrupos ?? [];
      const ids = await resolveRoles(rolPorDefecto, mapeo, details);
      if (details.length > 0) throw validationError(details);
      await guardRoles(caller, rolesNamed(rolPorDefecto, mapeo), undefined, {
        nombre,
        rolPorDefecto,
        mapeoGrupos: mapeo,
      });
      const metadata = await discoverIssuer(issuerUrl);
      const values: ProveedorValues = {
        nombre,
        issuer: String(metadata.issuer),
        client_id: body.clientId.trim(),
        client_secret_cifrado: '',
        metadatos: JSON.stringify(metadata),
        scopes: JSON.stringify(withOpenid(body.scopes ?? [...SSO_SCOPES_DEFECTO])),
        dominios: JSON.stringify(dominios),
        crear_usuarios: crearUsuarios ? 1 : 0,
        rol_por_defecto_id: rolPorDefecto ? (ids.get(rolPorDefecto) ?? null) : null,
        claim_grupos: body.claimGrupos?.trim() || SSO_CLAIM_GRUPOS_DEFECTO,
        obligatorio: body.obligatorio ? 1 : 0,
        activo: body.activo === false ? 0 : 1,
      };
      try {
        return await db.transaction().execute(async (tx) => {
          await checkUnique(tx, undefined, nombre);
          const id = await insertProveedor(tx, values, now());
          await setClientSecret(tx, id, encryptClientSecret(key, id, body.clientSecret));
          await replaceMapeo(
            tx,
            id,
            mapeo.map((m) => ({ grupo: m.grupo, rolId: ids.get(m.rol)! })),
          );
          const dto = await toDto(tx, appUrl, await mustFind(tx, id));
          const { version: _v, creadoEn: _c, redirectUri: _r, ...despues } = dto;
          await audit(
            {
              accion: 'sso.proveedor_crear',
              objetivoTipo: 'sso_proveedor',
              objetivoId: id,
              cambios: { despues },
            },
            tx,
          );
          return dto;
        });
      } catch (err) {
        throw isUniqueViolation(err) ? nombreEnUso() : err;
      }
    },

    /**
     * PATCH /api/sso/proveedores/:id. Discovery runs again only when `issuer` changes.
     * @throws as create, 404, 409 VERSION_CONFLICT.
     */
    async update(
      id: number,
      body: UpdateProveedorSso,
      caller: SignedInCaller,
    ): Promise<ProveedorSso> {
      const audit = auditorFor(deps.audit, caller);
      const current = await toDto(db, appUrl, await mustFind(db, id));
      const details: ErrorDetail[] = [];
      const nombre = body.nombre?.trim();
      const issuerUrl = body.issuer !== undefined ? checkIssuerUrl(body.issuer) : undefined;
      const dominios = body.dominios && checkDominios(body.dominios, details);
      const rolPorDefecto =
        body.rolPorDefecto !== undefined ? body.rolPorDefecto : current.rolPorDefecto;
      const mapeo = body.mapeoGrupos ?? current.mapeoGrupos;
      if ((body.crearUsuarios ?? current.crearUsuarios) && !rolPorDefecto)
        details.push({ field: 'rolPorDefecto', message: SSO_MESSAGES.rolPorDefectoObligatorio });
      const ids = await resolveRoles(rolPorDefecto, mapeo, details);
      if (details.length > 0) throw validationError(details);
      if (body.rolPorDefecto !== undefined || body.mapeoGrupos !== undefined)
        await guardRoles(
          caller,
          [
            ...rolesNamed(current.rolPorDefecto, current.mapeoGrupos),
            ...rolesNamed(rolPorDefecto, mapeo),
          ],
          id,
          { rolPorDefecto, mapeoGrupos: mapeo },
        );
      const metadata =
        issuerUrl && issuerUrl.href.replace(/\/+$/, '') !== current.issuer.replace(/\/+$/, '')
          ? await discoverIssuer(issuerUrl)
          : undefined;
      const values: Partial<ProveedorValues> = {
        ...(nombre !== undefined ? { nombre } : {}),
        ...(metadata
          ? { issuer: String(metadata.issuer), metadatos: JSON.stringify(metadata) }
          : {}),
        ...(body.clientId !== undefined ? { client_id: body.clientId.trim() } : {}),
        ...(body.scopes ? { scopes: JSON.stringify(withOpenid(body.scopes)) } : {}),
        ...(dominios ? { dominios: JSON.stringify(dominios) } : {}),
        ...(body.crearUsuarios !== undefined ? { crear_usuarios: body.crearUsuarios ? 1 : 0 } : {}),
        ...(body.rolPorDefecto !== undefined
          ? { rol_por_defecto_id: rolPorDefecto ? (ids.get(rolPorDefecto) ?? null) : null }
          : {}),
        ...(body.claimGrupos !== undefined
          ? { claim_grupos: body.claimGrupos.trim() || SSO_CLAIM_GRUPOS_DEFECTO }
          : {}),
        ...(body.obligatorio !== undefined ? { obligatorio: body.obligatorio ? 1 : 0 } : {}),
        ...(body.activo !== undefined ? { activo: body.activo ? 1 : 0 } : {}),
      };
      try {
        return await db.transaction().execute(async (tx) => {
          await checkUnique(tx, id, nombre);
          if (!(await updateProveedorVersioned(tx, id, body.version, values))) {
            await mustFind(tx, id);
            throw versionConflict();
          }
          if (body.clientSecret !== undefined)
            await setClientSecret(tx, id, encryptClientSecret(key, id, body.clientSecret));
          if (body.mapeoGrupos)
            await replaceMapeo(
              tx,
              id,
              mapeo.map((m) => ({ grupo: m.grupo, rolId: ids.get(m.rol)! })),
            );
          const dto = await toDto(tx, appUrl, await mustFind(tx, id));
          const { version: _v1, creadoEn: _c1, redirectUri: _r1, ...antes } = current;
          const { version: _v2, creadoEn: _c2, redirectUri: _r2, ...despues } = dto;
          await audit(
            {
              accion: 'sso.proveedor_editar',
              objetivoTipo: 'sso_proveedor',
              objetivoId: id,
              cambios: {
                ...diff(antes, despues),
                ...(body.clientSecret !== undefined ? { clientSecretCambiado: true } : {}),
              },
            },
            tx,
          );
          return dto;
        });
      } catch (err) {
        throw isUniqueViolation(err) ? nombreEnUso() : err;
      }
    },

    /** DELETE /api/sso/proveedores/:id. @throws 403 (its roles), 404. */
    async remove(id: number, caller: SignedInCaller): Promise<void> {
      const audit = auditorFor(deps.audit, caller);
      const current = await toDto(db, appUrl, await mustFind(db, id));
      await guardRoles(caller, rolesNamed(current.rolPorDefecto, current.mapeoGrupos), id, {
        eliminar: current.nombre,
      });
      await db.transaction().execute(async (tx) => {
        await deleteProveedor(tx, id);
        await audit(
          {
            accion: 'sso.proveedor_eliminar',
            objetivoTipo: 'sso_proveedor',
            objetivoId: id,
            cambios: { antes: { nombre: current.nombre, issuer: current.issuer } },
          },
          tx,
        );
      });
    },
  };
}
