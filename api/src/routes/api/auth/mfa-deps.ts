/**
 * The deps of the second-factor services (issue #16) from the app: the lifecycle deps plus the
 * AES-256-GCM key of the stored TOTP secrets — `MFA_ENCRYPTION_KEY`, or the key kept in the data
 * directory (lib/mfa-crypto.ts), read or generated once per configuration.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT, type AppConfig } from '../../../config';
import { dataDirKey } from '../../../lib/mfa-crypto';
import type { MfaDeps } from '../../../services/mfa-common';
import { cicloDeps } from './ciclo-deps';

const keys = new WeakMap<AppConfig, Buffer>();

/**
 * The key of `config`: MFA_ENCRYPTION_KEY, else `mfa.key` beside the SQLite file (`data/` of the
 * repository for PostgreSQL; a per-process key for an in-memory SQLite database).
 */
export function mfaKeyOf(config: AppConfig): Buffer {
  let key = keys.get(config) ?? config.mfaEncryptionKey;
  if (!key) {
    const db = config.database;
    const dir =
      db.kind === 'sqlite'
        ? db.path === ':memory:'
          ? null
          : path.dirname(db.path)
        : path.join(REPO_ROOT, 'data');
    key = dataDirKey(dir);
  }
  keys.set(config, key);
  return key;
}

/** The second-factor deps of `app`. */
export function mfaDeps(app: FastifyInstance): MfaDeps {
  return { ...cicloDeps(app), mfaKey: mfaKeyOf(app.config) };
}
