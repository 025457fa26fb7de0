/**
 * Encryption at rest of the providers' client secrets (issue #18): AES-256-GCM with the key of
 * the TOTP secrets (`MFA_ENCRYPTION_KEY`, or the data directory's `mfa.key`; lib/mfa-crypto.ts,
 * routes/api/auth/mfa-deps.ts `mfaKeyOf`), a random 96-bit IV per value and the provider id as
 * additional data, so a ciphertext copied to another provider's row does not decrypt (nor a TOTP
 * secret's, whose additional data differs).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const aad = (proveedorId: number) => Buffer.from(`sso_proveedor:${proveedorId}`);

/** `v1.<iv>.<tag>.<ciphertext>` (base64url parts) of `plain` for provider `proveedorId`. */
export function encryptClientSecret(key: Buffer, proveedorId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(proveedorId));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/**
 * What `encryptClientSecret` wrote for the same provider.
 * @throws Error on a wrong key, another provider's row or a tampered value.
 */
export function decryptClientSecret(key: Buffer, proveedorId: number, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('unknown format of a stored client secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(proveedorId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
