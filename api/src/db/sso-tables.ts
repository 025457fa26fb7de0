/**
 * Kysely table types of single sign-on (issue #18, migration 0017). They are not listed in
 * database.ts's `Database` (a file every area edits); `ssoDb` views a `Db` with them added, for
 * the SSO repository only.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, EpochMs } from './database';
import type { Db } from './types';

/** 0/1 flag. */
type Flag = ColumnType<number, number | undefined, number>;

export interface SsoProveedoresTable {
  id: Generated<number>;
  nombre: string;
  issuer: string;
  client_id: string;
  /** `v1.<iv>.<tag>.<ciphertext>` (lib/sso-crypto.ts). */
  client_secret_cifrado: string;
  /** The discovery document, JSON. */
  metadatos: string;
  /** JSON array of scope strings. */
  scopes: string;
  /** JSON array of lower-case domains. */
  dominios: string;
  crear_usuarios: Flag;
  rol_por_defecto_id: number | null;
  claim_grupos: ColumnType<string, string | undefined, string>;
  obligatorio: Flag;
  activo: Flag;
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
}

export interface SsoMapeoGruposTable {
  proveedor_id: number;
  grupo: string;
  rol_id: number;
}

export interface SsoIdentidadesTable {
  id: Generated<number>;
  proveedor_id: number;
  issuer: string;
  sub: string;
  usuario_id: number;
  creado_en: EpochMs;
  ultimo_uso_en: EpochMs | null;
}

export interface SsoEstadosTable {
  id: Generated<number>;
  /** SHA-256 hex of the `state` sent to the provider. */
  estado_hash: string;
  proveedor_id: number;
  nonce: string;
  /** The PKCE code verifier (RFC 7636). */
  verificador: string;
  redirect: string;
  creado_en: EpochMs;
  expira_en: EpochMs;
  usado_en: EpochMs | null;
}

export interface SsoResultadosTable {
  id: Generated<number>;
  /** SHA-256 hex of the one-time value of the cookie. */
  valor_hash: string;
  usuario_id: number;
  proveedor_id: number;
  creado_en: EpochMs;
  expira_en: EpochMs;
  usado_en: EpochMs | null;
}

export interface SsoRolesUsuarioTable {
  usuario_id: number;
  rol_id: number;
  proveedor_id: number;
}

/** `Database` plus the SSO tables. */
export interface SsoDatabase extends Database {
  sso_proveedores: SsoProveedoresTable;
  sso_mapeo_grupos: SsoMapeoGruposTable;
  sso_identidades: SsoIdentidadesTable;
  sso_estados: SsoEstadosTable;
  sso_resultados: SsoResultadosTable;
  sso_roles_usuario: SsoRolesUsuarioTable;
}

/** `db` (or a transaction of it) seen with the SSO tables; the same connection. */
export function ssoDb(db: Db): Kysely<SsoDatabase> {
  return db as unknown as Kysely<SsoDatabase>;
}
