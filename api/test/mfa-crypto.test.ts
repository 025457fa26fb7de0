/**
 * Encryption at rest of TOTP secrets (issue #16): MFA_ENCRYPTION_KEY is validated at start, a
 * secret round-trips for its own user only, a tampered value fails, and without the variable
 * the key is generated once in the data directory and read back on the next start.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config';
import { dataDirKey, decryptSecret, encryptSecret, parseMfaKey } from '../src/lib/mfa-crypto';

describe('MFA secret encryption', () => {
  it('reads MFA_ENCRYPTION_KEY as 32 bytes of base64 and refuses anything else', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ MFA_ENCRYPTION_KEY: key }).mfaEncryptionKey?.toString('base64')).toBe(key);
    expect(loadConfig({}).mfaEncryptionKey).toBeUndefined();
    expect(() => loadConfig({ MFA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      /MFA_ENCRYPTION_KEY must be 32 bytes/,
    );
    expect(() => parseMfaKey('no es base64!')).toThrow(/MFA_ENCRYPTION_KEY/);
  });

  it('round-trips a secret for its user only; a tampered value or another key fails', () => {
    const key = randomBytes(32);
    const stored = encryptSecret(key, 7, 'JBSWY3DPEHPK3PXP');
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(key, 7, 'JBSWY3DPEHPK3PXP')).not.toBe(stored); // a fresh IV each time
    expect(decryptSecret(key, 7, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(key, 8, stored)).toThrow();
    expect(() => decryptSecret(randomBytes(32), 7, stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('XXXXXXXXXXXXXXXX').toString('base64url');
    expect(() => decryptSecret(key, 7, parts.join('.'))).toThrow();
  });

  it('generates the key once in the data directory (mode 0600) and reads it back', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gestion-mfa-key-'));
    try {
      const first = dataDirKey(path.join(dir, 'data'));
      const file = path.join(dir, 'data', 'mfa.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(parseMfaKey(readFileSync(file, 'utf8'))).toEqual(first);
      expect(dataDirKey(path.join(dir, 'data'))).toEqual(first);
      expect(dataDirKey(null)).toHaveLength(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
