/**
 * Table type of personal API tokens (issue #17, migration 0015), apart from database.ts so the
 * areas adding tables in parallel touch that shared file with one line each.
 */
import type { ColumnType, Generated } from 'kysely';

/** A personal API token: only the SHA-256 of the secret is stored. */
export interface ApiTokensTable {
  id: Generated<number>;
  /** Hex SHA-256 of the whole token (`gdu_pat_…`); unique. */
  token_hash: string;
  /** The first characters of the token (`gdu_pat_` + 4), shown in lists. */
  prefijo: string;
  usuario_id: number;
  nombre: string;
  /** Permission nombres asked for at creation, comma-separated (names never hold a comma). */
  permisos: string;
  /** Epoch ms. */
  creado_en: number;
  /** Epoch ms; the token answers 401 from then on. */
  expira_en: number;
  /** Epoch ms of the last use, written at most every API_TOKEN_USO_GRANULARIDAD_MS; null: never. */
  ultimo_uso: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 once the expiry reminder was queued (set by a conditional UPDATE: once across replicas). */
  recordatorio_enviado: ColumnType<number, number | undefined, number>;
}
