/**
 * Password policy and hashing (DESIGN.md §3, OWASP Password Storage Cheat Sheet).
 * argon2id with m=19 MiB, t=2, p=1 (the OWASP minimum) through `@node-rs/argon2`, whose hashing
 * runs on libuv's thread pool so it never blocks the event loop.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { API_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@gestion/shared';

/** argon2id cost parameters. */
export interface HashingParams {
  /** Memory in KiB. */
  memoryCost: number;
  /** Iterations. */
  timeCost: number;
  /** Lanes. */
  parallelism: number;
}

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID: HashingParams = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes and verifies with fixed parameters; the unknown-user path verifies a dummy hash. */
export interface PasswordHasher {
  readonly params: HashingParams;
  /** PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
  hash(password: string): Promise<string>;
  /** False (never throws) for a mismatch or a malformed hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification and returns false: used when the e-mail is
   * unknown so that response time does not reveal which accounts exist (OWASP Authentication
   * Cheat Sheet, "Authentication responses").
   */
  verifyDummy(password: string): Promise<false>;
}

/** Builds a hasher; precomputes the dummy hash with the same parameters. */
export async function createPasswordHasher(
  params: HashingParams = OWASP_ARGON2ID,
): Promise<PasswordHasher> {
  // algorithm defaults to argon2id in @node-rs/argon2 (its const enum cannot be read under
  // isolatedModules); a test checks the PHC prefix.
  const doHash = (password: string) => hash(password, { ...params, outputLen: 32 });
  const dummy = await doHash(randomBytes(24).toString('base64url'));
  const doVerify = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    params,
    hash: doHash,
    verify: doVerify,
    verifyDummy: async (password) => {
      await doVerify(dummy, password);
      return false;
    },
  };
}

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * The ~49 000 most common passwords of `@zxcvbn-ts/language-common` (a maintained list), loaded
 * once, lowercased, so the check is case-insensitive (OWASP ASVS 2.1.7).
 */
function common(): ReadonlySet<string> {
  if (!commonPasswords) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pkg = require('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, readonly string[]>;
    };
    commonPasswords = new Set(
      (pkg.dictionary['passwords-common'] ?? []).map((p) => p.toLowerCase()),
    );
  }
  return commonPasswords;
}

/** True when the password (any case) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return common().has(password.toLowerCase());
}

/** Who the password is for, so it can be compared with their own e-mail and nombre. */
export interface PasswordOwner {
  email?: string | null;
  nombre?: string | null;
}

/** Lower-cased, Unicode-normalised (NFC) and trimmed, for comparing a password with names. */
function fold(s: string): string {
  return s.normalize('NFC').trim().toLowerCase();
}

/**
 * True when the password is, in any case, the owner's e-mail, the e-mail's local part (before
 * the last `@`), or their nombre (as written or without spaces): the first things a guesser
 * tries (OWASP ASVS 5.0 V6.2.11: no context-specific words such as user names; issue #13).
 */
export function passwordMatchesOwner(password: string, owner: PasswordOwner): boolean {
  const p = fold(password);
  const candidates: string[] = [];
  if (owner.email) {
    const email = fold(owner.email);
    candidates.push(email);
    const at = email.lastIndexOf('@');
    if (at > 0) candidates.push(email.slice(0, at));
  }
  if (owner.nombre) {
    const nombre = fold(owner.nombre);
    candidates.push(nombre, nombre.replace(/\s+/gu, ''));
  }
  return candidates.some((c) => c.length > 0 && c === p);
}

/**
 * The Spanish reason a new password is refused, or null when acceptable: 8..128 characters
 * (counted as Unicode code points), not equal to the owner's e-mail, its local part or their
 * nombre (when `owner` is given; every caller that knows them should pass them), and not a
 * common password (OWASP ASVS 5.0 V6.2).
 */
export function passwordProblem(password: string, owner?: PasswordOwner): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return API_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return API_MESSAGES.passwordTooLong;
  if (owner && passwordMatchesOwner(password, owner)) return API_MESSAGES.passwordMatchesOwner;
  if (isCommonPassword(password)) return API_MESSAGES.passwordCommon;
  return null;
}

/** A strong random password for the first administrator: 24 base64url characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
