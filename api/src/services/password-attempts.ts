/**
 * The one place that guards a password check with the lock-out counters (lockout-store.ts,
 * README "Security"): sign-in (`POST /api/auth/login`) and the current-password check of
 * `POST /api/auth/password` share it, and share the counters too, so a stolen session is no
 * second, unthrottled oracle for the same password (issue #13; OWASP ASVS 5.0 V6.3.1).
 */
import { API_MESSAGES, ERROR_CODES } from '@gestion/shared';
import { tooManyRequests } from '../lib/http-errors';
import {
  ACCOUNT_CEILING,
  type FailureOutcome,
  type LockoutKey,
  type LockoutStore,
} from '../lib/lockout-store';
import { AUDIT_ACTIONS } from '../repositories/auditoria-repository';

/** Writes one audit row for the failure being recorded (the caller knows actor and request). */
export type FailureAuditWriter = (
  accion: string,
  cambios: Record<string, unknown>,
) => Promise<void>;

export interface PasswordAttemptsDeps {
  lockout: LockoutStore;
  /** Epoch ms. */
  now: () => number;
  warn: (obj: object, msg: string) => void;
}

/** Lock-out checks around one password verification. */
export function createPasswordAttempts(deps: PasswordAttemptsDeps) {
  const { lockout, now } = deps;
  return {
    /**
     * Call before verifying the password, so a locked address gets no answer about it.
     * @throws HttpError 429 ACCOUNT_LOCKED with `Retry-After` (seconds, rounded up) while this
     *   address must wait for this account.
     */
    async refuseWhileLocked(key: LockoutKey): Promise<void> {
      const lockedMs = await lockout.lockedFor(key, now());
      if (lockedMs > 0)
        throw tooManyRequests(ERROR_CODES.accountLocked, API_MESSAGES.accountLocked, lockedMs);
    },

    /**
     * Counts one wrong password from `key.address` on `key.account` and audits it as `accion`
     * with `{motivo, fallos, fallosCuenta}` (per-address and account-wide counts), plus an
     * `auth.bloqueo` row `{ambito: 'direccion' | 'cuenta', fallos, segundos}` when the failure
     * starts this address's lock or brings the account to its ceiling (once per window, not
     * for every failure beyond it).
     */
    async recordFailure(
      key: LockoutKey,
      accion: string,
      motivo: string,
      write: FailureAuditWriter,
    ): Promise<FailureOutcome> {
      const out = await lockout.registerFailure(key, now());
      await write(accion, { motivo, fallos: out.failures, fallosCuenta: out.accountFailures });
      if (out.lockMs > 0) {
        deps.warn(
          { email: key.account, failures: out.failures, lockMs: out.lockMs },
          'address locked out of an account after failed passwords',
        );
        await write(AUDIT_ACTIONS.lockout, {
          ambito: 'direccion',
          fallos: out.failures,
          segundos: Math.ceil(out.lockMs / 1000),
        });
      }
      if (out.accountFailures === ACCOUNT_CEILING) {
        deps.warn(
          { email: key.account, accountFailures: out.accountFailures },
          'account-wide failure ceiling reached; failing addresses wait for the window',
        );
        await write(AUDIT_ACTIONS.lockout, {
          ambito: 'cuenta',
          fallos: out.accountFailures,
          segundos: Math.ceil(out.accountWindowMs / 1000),
        });
      }
      return out;
    },

    /** Forgets this address's failures on this account after a right password. */
    async succeeded(key: LockoutKey): Promise<void> {
      await lockout.reset(key);
    },
  };
}

export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
