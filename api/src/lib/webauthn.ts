/**
 * WebAuthn ceremonies through @simplewebauthn/server 14 (issue #16), with this product's rules
 * fixed in one place: the Relying Party is APP_URL (its host name is the RP ID, its origin the
 * only expected origin), credentials are discoverable (`residentKey: 'required'`) and user
 * verification is required on both ceremonies, attestation is not asked for (`none`: we trust
 * the user's choice of authenticator, not a vendor list), and a ceremony may take as long as its
 * challenge lives (5 minutes).
 *
 * The verify functions answer null for any refusal (the library throws an Error naming the
 * check that failed; the reason goes to the caller's log, the client learns only "not valid").
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { createHmac } from 'node:crypto';

/** The Relying Party of one configuration. */
export interface RelyingParty {
  /** Shown by the authenticator next to the passkey. */
  name: string;
  /** APP_URL's host name (no port): passkeys are bound to it. */
  id: string;
  /** APP_URL's origin (scheme, host and port): the one origin a ceremony may come from. */
  origin: string;
}

/** The Relying Party of `appUrl` (APP_URL, validated by config.ts). */
export function relyingParty(appUrl: string, name: string): RelyingParty {
  const url = new URL(appUrl);
  return { name, id: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of user `usuarioId`: HMAC-SHA-256 under `key` — stable (an
 * authenticator keeps one passkey per account and site) and opaque (WebAuthn §14.6.1: no
 * personal data, not even the database id, goes to the authenticator).
 */
export function userHandle(key: Buffer, usuarioId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', key).update(`webauthn-user:${usuarioId}`).digest());
}

/** What both verifications expect: this challenge, APP_URL's origin and RP ID, UV required. */
const expected = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

/** The reason of a refusal the library threw. */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A challenge stored as base64url, as the bytes the options carry. */
const bytesOf = (b64url: string) => new Uint8Array(Buffer.from(b64url, 'base64url'));

/** The challenge inside a ceremony's clientDataJSON, or undefined when it cannot be read. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Registration options for `startRegistration()`. */
export function registrationOptions(
  rp: RelyingParty,
  o: {
    challenge: string;
    userHandle: Uint8Array<ArrayBuffer>;
    email: string;
    nombre: string;
    exclude: { id: string; transports: string[] }[];
    timeoutMs: number;
  },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: o.email,
    userID: o.userHandle,
    userDisplayName: o.nombre,
    challenge: bytesOf(o.challenge),
    timeout: o.timeoutMs,
    attestationType: 'none',
    excludeCredentials: o.exclude,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Authentication options for `startAuthentication()`; `allow` empty: any discoverable one. */
export function authenticationOptions(
  rp: RelyingParty,
  o: { challenge: string; allow: { id: string; transports: string[] }[]; timeoutMs: number },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: bytesOf(o.challenge),
    allowCredentials: o.allow,
    timeout: o.timeoutMs,
    userVerification: 'required',
  });
}

/** What a verified registration yields to store. */
export interface NewCredential {
  /** base64url. */
  id: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/**
 * Verifies a registration answer against `challenge`. Refuses a credential the browser reports
 * as not discoverable (`credProps.rk === false`), besides the library's checks (type, challenge,
 * origin, RP ID hash, user presence and verification, algorithm, attestation `none`).
 * @param log receives the reason of a refusal.
 */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
  log: (reason: string) => void,
): Promise<NewCredential | null> {
  const rk = (response.clientExtensionResults as { credProps?: { rk?: unknown } }).credProps?.rk;
  if (rk === false) {
    log('credential is not discoverable (credProps.rk false)');
    return null;
  }
  try {
    const v = await verifyRegistrationResponse({ response, ...expected(rp, challenge) });
    if (!v.verified) return null;
    const { credential, credentialBackedUp } = v.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)),
      backedUp: credentialBackedUp,
    };
  } catch (err) {
    log(reasonOf(err));
    return null;
  }
}

/**
 * Verifies an authentication answer against `challenge` and the stored credential; when the
 * answer carries a user handle it must be the owner's. Answers the new signature counter (the
 * caller stores it only if it grew — passkeys-repository `acceptPasskeyUse`), or null.
 * @param log receives the reason of a refusal.
 */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  credential: { id: string; publicKey: string; counter: number; transports: string[] },
  ownerHandle: Uint8Array,
  log: (reason: string) => void,
): Promise<{ counter: number; backedUp: boolean } | null> {
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(ownerHandle).toString('base64url')) {
    log('user handle is not the credential owner’s');
    return null;
  }
  try {
    const v = await verifyAuthenticationResponse({
      response,
      ...expected(rp, challenge),
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: credential.transports,
      },
    });
    if (!v.verified) return null;
    return {
      counter: v.authenticationInfo.newCounter,
      backedUp: v.authenticationInfo.credentialBackedUp,
    };
  } catch (err) {
    log(reasonOf(err));
    return null;
  }
}
