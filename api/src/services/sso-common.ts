/**
 * What the providers' administration and the sign-in round share (issue #18): the redirect URI,
 * the JSON columns, a row as the administration sees it, and the checks of a provider's fields.
 */
import {
  SSO_MESSAGES,
  isValidDominio,
  normalizeDominio,
  type ErrorDetail,
  type MapeoGrupo,
  type ProveedorSso,
  type RoleGrant,
} from '@gestion/shared';
import type { Db } from '../db/types';
import { permisosByRolNombre } from '../repositories/roles-admin-repository';
import { mapeoOf, type ProveedorRow } from '../repositories/sso-repository';

/** `<APP_URL>/api/auth/sso/<id>/callback`: the redirect URI to register at the provider. */
export function redirectUriOf(appUrl: string, id: number): string {
  return `${appUrl.replace(/\/+$/, '')}/api/auth/sso/${id}/callback`;
}

/** The JSON array column `raw`, as strings. */
export function jsonList(raw: string): string[] {
  const v: unknown = JSON.parse(raw);
  return Array.isArray(v) ? v.map(String) : [];
}

/** A row as the administration sees it. */
export async function toDto(db: Db, appUrl: string, r: ProveedorRow): Promise<ProveedorSso> {
  return {
    id: r.id,
    nombre: r.nombre,
    issuer: r.issuer,
    clientId: r.client_id,
    clientSecretConfigurado: r.client_secret_cifrado !== '',
    scopes: jsonList(r.scopes),
    dominios: jsonList(r.dominios),
    crearUsuarios: r.crear_usuarios === 1,
    rolPorDefecto: r.rol_por_defecto,
    mapeoGrupos: await mapeoOf(db, r.id),
    claimGrupos: r.claim_grupos,
    obligatorio: r.obligatorio === 1,
    activo: r.activo === 1,
    redirectUri: redirectUriOf(appUrl, r.id),
    creadoEn: new Date(Number(r.creado_en)).toISOString(),
    version: r.version,
  };
}

/** Trimmed, lower-cased, `@`-less domains, or 400 details naming the bad ones. */
export function checkDominios(dominios: readonly string[], details: ErrorDetail[]): string[] {
  const out = [...new Set(dominios.map(normalizeDominio))];
  const bad = out.filter((d) => !isValidDominio(d));
  if (bad.length > 0)
    details.push({
      field: 'dominios',
      message: `${SSO_MESSAGES.dominioInvalido}: ${bad.join(', ')}`,
    });
  return out;
}

/** `scopes` with `openid` first and no repeats. */
export function withOpenid(scopes: readonly string[]): string[] {
  return ['openid', ...new Set(scopes.filter((s) => s !== 'openid'))];
}

/** The role grants of `nombres` (unknown ones left out), for the delegation rule. */
export async function grantsOf(db: Db, nombres: readonly string[]): Promise<RoleGrant[]> {
  const permisos = await permisosByRolNombre(db, nombres);
  return [...new Set(nombres)].flatMap((nombre) => {
    const p = permisos.get(nombre);
    return p ? [{ nombre, permisos: p }] : [];
  });
}

/** Role nombres a provider's fields name. */
export function rolesNamed(rolPorDefecto: string | null | undefined, mapeo: readonly MapeoGrupo[]) {
  return [...new Set([...(rolPorDefecto ? [rolPorDefecto] : []), ...mapeo.map((m) => m.rol)])];
}
