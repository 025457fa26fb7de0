/**
 * A software WebAuthn authenticator for api tests (issue #16): what a browser and a platform
 * authenticator would answer to the options of POST /api/auth/passkeys/registration-options and
 * /authentication-options, built for real — an ES256 (P-256) key pair from node:crypto,
 * authenticator data (RP ID hash, flags, signature counter, attested credential data with the
 * COSE key), a CBOR attestation object of format `none` and a clientDataJSON — so the server's
 * verification runs unchanged. The browser tests use Chromium's virtual authenticator instead.
 *
 * Each call can bend one rule (another origin or RP ID, no user verification, a given counter,
 * another challenge) to test that the server refuses it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { cose, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** Authenticator data flags (WebAuthn §6.1). */
const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** What one ceremony may bend. */
export interface CeremonyOptions {
  /** The page's origin; default the authenticator's. */
  origin?: string;
  /** The RP ID hashed into the authenticator data; default the options' (or the authenticator's). */
  rpId?: string;
  /** User verification performed; default true. */
  uv?: boolean;
  /** The challenge signed; default the options'. */
  challenge?: string;
  /** Signature counter to report (authentication); default the stored one plus one. */
  counter?: number;
  /** The credential to use (authentication), by id; default the first one the options allow. */
  credentialId?: string;
  /** Report the credential as not discoverable (`credProps.rk: false`). */
  notDiscoverable?: boolean;
}

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: string;
  rpId: string;
  /** base64url, as the registration options gave it. */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

function clientData(type: string, challenge: string, origin: string): string {
  return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const c = Buffer.alloc(4);
  c.writeUInt32BE(counter >>> 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
}

/** The COSE_Key of a P-256 public key (kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
    [cose.COSEKEYS.alg, cose.COSEALG.ES256],
    [cose.COSEKEYS.crv, cose.COSECRV.P256],
    [cose.COSEKEYS.x, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [cose.COSEKEYS.y, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

/** A platform authenticator with resident keys and user verification, in software. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** @param origin the page the ceremonies run on (APP_URL's origin in the tests). */
  constructor(readonly origin: string) {}

  private get defaultRpId(): string {
    return new URL(this.origin).hostname;
  }

  /** navigator.credentials.create(): a new resident credential, answered as JSON. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    o: CeremonyOptions = {},
  ): RegistrationResponseJSON {
    const rpId = o.rpId ?? options.rp.id ?? this.defaultRpId;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
    const flags = FLAGS.up | FLAGS.at | (o.uv === false ? 0 : FLAGS.uv);
    const attestation: Parameters<typeof isoCBOR.encode>[0] = new Map<
      string,
      string | Uint8Array | Map<string, string>
    >([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData(rpId, flags, 0, attested))],
    ]);
    const attestationObject = isoCBOR.encode(attestation);
    this.credentials.push({
      id: b64url(id),
      rpId,
      userHandle: options.user.id,
      privateKey,
      counter: 0,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: clientData(
          'webauthn.create',
          o.challenge ?? options.challenge,
          o.origin ?? this.origin,
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: !o.notDiscoverable } },
    };
  }

  /** navigator.credentials.get(): an assertion by a credential the options allow. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    o: CeremonyOptions = {},
  ): AuthenticationResponseJSON {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const cred = this.credentials.find((c) =>
      o.credentialId
        ? c.id === o.credentialId
        : allowed.length > 0
          ? allowed.includes(c.id)
          : c.rpId === (options.rpId ?? this.defaultRpId),
    );
    if (!cred) throw new Error('the soft authenticator holds no credential the options allow');
    cred.counter = o.counter ?? cred.counter + 1;
    const data = authData(
      o.rpId ?? cred.rpId,
      FLAGS.up | (o.uv === false ? 0 : FLAGS.uv),
      cred.counter,
    );
    const clientDataJSON = clientData(
      'webauthn.get',
      o.challenge ?? options.challenge,
      o.origin ?? this.origin,
    );
    // ES256 signatures are DER-encoded ECDSA over authData ‖ SHA-256(clientDataJSON).
    const signature = sign(
      'sha256',
      Buffer.concat([data, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      cred.privateKey,
    );
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(data),
        signature: b64url(signature),
        userHandle: cred.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
