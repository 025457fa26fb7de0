/**
 * What the passkey services (issue #16) share: the Relying Party of APP_URL, the refusals, the
 * user handle and the JSON shape of a stored passkey.
 */
import {
  ERROR_CODES,
  PASSKEY_ERROR_CODES,
  PASSKEY_LIMITS,
  PASSKEY_MESSAGES,
  type Passkey,
} from '@gestion/shared';
import { HttpError, validationError } from '../lib/http-errors';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { relyingParty, userHandle, verifyAuthentication, type RelyingParty } from '../lib/webauthn';
import { PRODUCT_NAME } from '../mail/templates/layout';
import type { PasskeyRow } from '../repositories/passkeys-repository';
import type { MfaDeps } from './mfa-common';

/** A ceremony may take as long as its challenge lives. */
export const CEREMONY_TIMEOUT_MS = PASSKEY_LIMITS.challengeTtlMs;

/** 400 (registration) or 401 (authentication) PASSKEY_NO_VALIDA. */
export function passkeyInvalid(status: 400 | 401): HttpError {
  return new HttpError(status, PASSKEY_ERROR_CODES.invalid, PASSKEY_MESSAGES.invalid);
}

/** 409 PASSKEY_YA_REGISTRADA or PASSKEY_LIMITE. */
export function passkeyConflict(code: 'duplicate' | 'tooMany'): HttpError {
  return new HttpError(409, PASSKEY_ERROR_CODES[code], PASSKEY_MESSAGES[code]);
}

/** 404 NOT_FOUND: no passkey of the caller with that id. */
export function passkeyNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, PASSKEY_MESSAGES.notFound);
}

/** A passkey's name, trimmed. @throws 400 VALIDATION_ERROR (field `nombre`) when blank. */
export function passkeyName(nombre: string): string {
  const trimmed = nombre.trim();
  if (!trimmed)
    throw validationError([{ field: 'nombre', message: PASSKEY_MESSAGES.nombreRequired }]);
  return trimmed;
}

/** The JSON of a stored passkey (never its key or credential id). */
export function passkeyJson(p: PasskeyRow): Passkey {
  return {
    id: p.id,
    nombre: p.nombre,
    creadoEn: new Date(p.creadoEn).toISOString(),
    ultimoUsoEn: p.ultimoUsoEn === null ? null : new Date(p.ultimoUsoEn).toISOString(),
    sincronizada: p.sincronizada,
  };
}

/** The descriptors of stored passkeys, for `excludeCredentials` / `allowCredentials`. */
export const descriptors = (rows: PasskeyRow[]) =>
  rows.map((p) => ({ id: p.credencialId, transports: p.transportes }));

/**
 * The Relying Party and the user handles of one configuration, and `verifyAssertion`: an
 * authentication answer checked against `challenge` and stored passkey `cred` (its owner's user
 * handle), answering the new counter or null (lib/webauthn.ts `verifyAuthentication`).
 */
export function passkeyParty(deps: MfaDeps): {
  rp: RelyingParty;
  handleOf: (usuarioId: number) => Uint8Array<ArrayBuffer>;
  log: (what: string) => (reason: string) => void;
  verifyAssertion: (
    respuesta: AuthenticationResponseJSON,
    challenge: string,
    cred: PasskeyRow,
  ) => Promise<{ counter: number } | null>;
} {
  const rp = relyingParty(deps.appUrl, PRODUCT_NAME.es);
  const handleOf = (usuarioId: number) => userHandle(deps.mfaKey, usuarioId);
  const log = (what: string) => (reason: string) =>
    deps.warn({ reason }, `passkey ${what} refused`);
  return {
    rp,
    handleOf,
    log,
    verifyAssertion: (respuesta, challenge, cred) =>
      verifyAuthentication(
        rp,
        respuesta,
        challenge,
        {
          id: cred.credencialId,
          publicKey: cred.clavePublica,
          counter: cred.contador,
          transports: cred.transportes,
        },
        handleOf(cred.usuarioId),
        log('authentication'),
      ),
  };
}
