/**
 * Kysely table types of the passkeys (issue #16, migration 0012), kept beside database.ts (which
 * lists them in `Database`) so that file stays within its size.
 */
import type { ColumnType, Generated } from 'kysely';
import type { EpochMs } from './database';

/** A registered WebAuthn credential of a user. */
export interface PasskeysTable {
  id: Generated<number>;
  usuario_id: number;
  /** The credential id, base64url; unique across every account. */
  credencial_id: string;
  /** The COSE public key, base64url. */
  clave_publica: string;
  /** Last signature counter seen (0 for authenticators that keep none). */
  contador: ColumnType<number, number | undefined, number>;
  /** Transports reported by the browser, comma-separated ('' when none). */
  transportes: ColumnType<string, string | undefined, string>;
  nombre: string;
  /** WebAuthn's backup-state flag, 0/1. */
  sincronizada: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  ultimo_uso_en: EpochMs | null;
}

/** A registration or authentication challenge: random, 5 minutes, spent once. */
export interface PasskeyDesafiosTable {
  id: Generated<number>;
  /** The challenge as sent (base64url of 32 random bytes). */
  desafio: string;
  tipo: 'registro' | 'autenticacion';
  /** The user it was issued for; null for a sign-in without a password. */
  usuario_id: number | null;
  /** The second-step or enrolment token it belongs to, if any. */
  mfa_desafio_id: number | null;
  creado_en: EpochMs;
  expira_en: EpochMs;
  usado_en: EpochMs | null;
}
