/**
 * Kysely table types of SCIM provisioning (issue #17, migration 0016), kept beside database.ts
 * (which lists them in `Database`) so that file stays within its size.
 */
import type { Generated } from 'kysely';
import type { EpochMs } from './database';

/** A SCIM connection: a directory's bearer token (only its SHA-256 hash). */
export interface ScimConexionesTable {
  id: Generated<number>;
  nombre: string;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  /** The token's first characters (`gdu_scim_` + 4), to tell tokens apart. */
  prefijo: string;
  /** Whose authority the connection acts with; null once that user is deleted (then refused). */
  creado_por: number | null;
  creado_en: EpochMs;
  ultimo_uso_en: EpochMs | null;
  revocado_en: EpochMs | null;
}
