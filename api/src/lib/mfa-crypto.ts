/**
 * Encryption at rest of TOTP secrets (issue #16): AES-256-GCM with a 32-byte key, a random
 * 96-bit IV per secret and the user id as additional data, so a ciphertext copied to another
 * user's row does not decrypt. The key is `MFA_ENCRYPTION_KEY` (32 bytes, base64) or, when that
 * is unset, a key generated once and kept in `mfa.key` next to the SQLite file (the data
 * directory; `data/` of the repository for PostgreSQL). Replicas on more than one machine must
 * all set the same MFA_ENCRYPTION_KEY (README "Security").
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Key length of AES-256, bytes. */
const KEY_BYTES = 32;
/** The stored format's version prefix: a later key rotation writes `v2.…`. */
const VERSION = 'v1';

/**
 * Parses `MFA_ENCRYPTION_KEY`: base64 (or base64url) of exactly 32 bytes.
 * @throws Error naming the variable and what it expects.
 */
export function parseMfaKey(raw: string): Buffer {
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== KEY_BYTES || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw.trim()))
    throw new Error(
      `MFA_ENCRYPTION_KEY must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32), got ${key.length} bytes`,
    );
  return key;
}

/**
 * The key when MFA_ENCRYPTION_KEY is unset: read from `<dir>/mfa.key` (base64), or generated,
 * written there (mode 0600) and returned. `dir` null (an in-memory SQLite database) → a key for
 * this process only, like the database itself.
 */
export function dataDirKey(dir: string | null): Buffer {
  if (dir === null) return randomBytes(KEY_BYTES);
  const file = path.join(dir, 'mfa.key');
  try {
    return parseMfaKey(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dir, { recursive: true });
  // `wx`: of two processes starting together, the second fails here and reads the first's key.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parseMfaKey(readFileSync(file, 'utf8'));
  }
}

/** Encrypts `plain` for user `usuarioId`: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(key: Buffer, usuarioId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`mfa_totp:${usuarioId}`));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Decrypts what `encryptSecret` wrote for the same user.
 * @throws Error on a wrong key, another user's row or a tampered value (GCM authentication).
 */
export function decryptSecret(key: Buffer, usuarioId: number, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('unknown format of a stored TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`mfa_totp:${usuarioId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
