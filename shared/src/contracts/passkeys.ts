/**
 * Passkeys (issue #16, WebAuthn through @simplewebauthn/server and @simplewebauthn/browser):
 * request and response schemas of /api/auth/passkeys/*, their error codes and Spanish messages.
 *
 * Rules: discoverable credentials (`residentKey: 'required'`) and user verification required; a
 * challenge is random, single use and lives 5 minutes; a signature counter that does not grow is
 * refused; the RP ID is APP_URL's host name and the expected origin APP_URL's origin. A
 * user-verified passkey counts as both factors: it signs in without a password, and it is a
 * second factor (`metodos` of GET /api/auth/mfa and of `{mfa: {token, metodos}}`).
 *
 * The browser side passes the options unchanged to @simplewebauthn/browser
 * (`startRegistration({optionsJSON})`, `startAuthentication({optionsJSON})`) and sends what those
 * answer back as `respuesta`. The codes and messages live in their own objects, not in
 * ERROR_CODES / API_MESSAGES (the shell's first-paint budget).
 */
import { Type, type Static } from '@sinclair/typebox';
import { UserSchema } from './user';

/** The numbers of the passkey rules, one place for the api, its tests and the console. */
export const PASSKEY_LIMITS = {
  /** Life of a registration or authentication challenge, ms. */
  challengeTtlMs: 5 * 60_000,
  /** Passkeys one user may hold. */
  maxPerUser: 20,
  /** Longest name of a passkey (after trimming). */
  nombreMaxLength: 60,
} as const;

/** Machine-readable codes of the passkey answers (the error body's `code`). */
export const PASSKEY_ERROR_CODES = {
  /**
   * 400 (registration) / 401 (authentication and its options): the ceremony's answer did not
   * verify — unknown, spent or expired challenge, wrong origin or RP ID, no user verification, a
   * bad signature, a counter that did not grow, an unknown or someone else's credential, a
   * deactivated user, or a second-step token that is no longer usable.
   */
  invalid: 'PASSKEY_NO_VALIDA',
  /** 409: the credential is already registered (to this or another account). */
  duplicate: 'PASSKEY_YA_REGISTRADA',
  /** 409: the user already holds PASSKEY_LIMITS.maxPerUser passkeys. */
  tooMany: 'PASSKEY_LIMITE',
} as const;
export type PasskeyErrorCode = (typeof PASSKEY_ERROR_CODES)[keyof typeof PASSKEY_ERROR_CODES];

/** Spanish messages of the passkey answers and fields. */
export const PASSKEY_MESSAGES = {
  invalid: 'No se ha podido verificar la llave de acceso. Inténtelo de nuevo',
  duplicate: 'Esta llave de acceso ya está registrada',
  tooMany: 'Ha alcanzado el número máximo de llaves de acceso; elimine alguna antes de añadir otra',
  nombreRequired: 'Indique un nombre para la llave de acceso',
  notFound: 'Llave de acceso no encontrada',
} as const;

const b64url = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const credentialDescriptor = () =>
  Type.Object({
    id: Type.String(),
    type: Type.Literal('public-key'),
    transports: Type.Optional(Type.Array(Type.String())),
  });
/** Extensions as the server asks for them (`credProps`), passed on untouched. */
const extensions = () =>
  Type.Optional(
    Type.Object({ credProps: Type.Optional(Type.Boolean()) }, { additionalProperties: true }),
  );

/**
 * 200 of POST /api/auth/passkeys/registration-options (body `{}` or none; a session with step-up,
 * or the enrolment token of `{mfa: {token, configurar: true}}` as bearer): WebAuthn's
 * PublicKeyCredentialCreationOptionsJSON, for `startRegistration({optionsJSON})`. Its
 * `challenge` is good for one POST /api/auth/passkeys within 5 minutes; `excludeCredentials`
 * lists the user's passkeys so an authenticator is not registered twice.
 */
export const PasskeyRegistrationOptionsSchema = Type.Object({
  challenge: Type.String(),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(
    Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') }),
  ),
  timeout: Type.Optional(Type.Integer()),
  excludeCredentials: Type.Optional(Type.Array(credentialDescriptor())),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Type.String()),
      requireResidentKey: Type.Optional(Type.Boolean()),
      residentKey: Type.Optional(Type.String()),
      userVerification: Type.Optional(Type.String()),
    }),
  ),
  hints: Type.Optional(Type.Array(Type.String())),
  attestation: Type.Optional(Type.String()),
  extensions: extensions(),
});
export type PasskeyRegistrationOptions = Static<typeof PasskeyRegistrationOptionsSchema>;

/**
 * 200 of POST /api/auth/passkeys/authentication-options: WebAuthn's
 * PublicKeyCredentialRequestOptionsJSON, for `startAuthentication({optionsJSON})` (also with
 * `useBrowserAutofill: true`). Without a token `allowCredentials` is empty (the browser offers
 * the discoverable passkeys it holds for this site); with the second-step token it lists that
 * user's passkeys.
 */
export const PasskeyAuthenticationOptionsSchema = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Integer()),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(credentialDescriptor())),
  userVerification: Type.Optional(Type.String()),
  hints: Type.Optional(Type.Array(Type.String())),
  extensions: extensions(),
});
export type PasskeyAuthenticationOptions = Static<typeof PasskeyAuthenticationOptionsSchema>;

/** The second-step token of `{mfa: {token, metodos}}` (POST /api/auth/login). */
const mfaToken = () => Type.String({ minLength: 1, maxLength: 100 });

/**
 * Body of POST /api/auth/passkeys/authentication-options: `{}` (or none) for a sign-in without
 * password; `{token}` — the second-step token of `{mfa: {token, metodos}}` — when the passkey is
 * the second step of that user's sign-in; `{reautenticacion: true}` with a session's bearer for
 * step-up (POST /api/auth/reautenticar `{respuesta}`): the options list the caller's passkeys.
 */
export const PasskeyAuthenticationOptionsRequestSchema = Type.Object(
  { token: Type.Optional(mfaToken()), reautenticacion: Type.Optional(Type.Literal(true)) },
  { additionalProperties: false },
);
export type PasskeyAuthenticationOptionsRequest = Static<
  typeof PasskeyAuthenticationOptionsRequestSchema
>;

const clientExtensionResults = () => Type.Object({}, { additionalProperties: true });

/**
 * What `startRegistration()` answers (RegistrationResponseJSON), sent as `respuesta`. Fields a
 * newer browser adds are accepted and ignored.
 */
export const PasskeyRegistrationResponseJsonSchema = Type.Object(
  {
    id: b64url(1400),
    rawId: b64url(1400),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: b64url(8192),
        attestationObject: b64url(65_536),
        authenticatorData: Type.Optional(b64url(65_536)),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
        publicKeyAlgorithm: Type.Optional(Type.Integer()),
        publicKey: Type.Optional(b64url(8192)),
      },
      { additionalProperties: true },
    ),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
    clientExtensionResults: clientExtensionResults(),
  },
  { additionalProperties: true },
);

/**
 * What `startAuthentication()` answers (AuthenticationResponseJSON), sent as `respuesta`. Fields
 * a newer browser adds are accepted and ignored.
 */
export const PasskeyAuthenticationResponseJsonSchema = Type.Object(
  {
    id: b64url(1400),
    rawId: b64url(1400),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: b64url(8192),
        authenticatorData: b64url(65_536),
        signature: b64url(2048),
        userHandle: Type.Optional(Type.String({ maxLength: 200 })),
      },
      { additionalProperties: true },
    ),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
    clientExtensionResults: clientExtensionResults(),
  },
  { additionalProperties: true },
);

/**
 * POST /api/auth/passkeys: the answer of the registration ceremony and the name the user gives
 * the passkey (trimmed; blank → 400 VALIDATION_ERROR, field `nombre`).
 */
export const PasskeyRegistrationRequestSchema = Type.Object(
  {
    respuesta: PasskeyRegistrationResponseJsonSchema,
    nombre: Type.String({ minLength: 1, maxLength: PASSKEY_LIMITS.nombreMaxLength }),
  },
  { additionalProperties: false },
);
export type PasskeyRegistrationRequest = Static<typeof PasskeyRegistrationRequestSchema>;

/**
 * POST /api/auth/passkeys/authenticate: the answer of the authentication ceremony, and the
 * second-step token when the passkey completes a password sign-in (then the passkey must be
 * that user's, and the token is spent).
 */
export const PasskeyAuthenticateRequestSchema = Type.Object(
  { respuesta: PasskeyAuthenticationResponseJsonSchema, token: Type.Optional(mfaToken()) },
  { additionalProperties: false },
);
export type PasskeyAuthenticateRequest = Static<typeof PasskeyAuthenticateRequestSchema>;

/** PATCH /api/auth/passkeys/:id: a new name (trimmed; blank → 400, field `nombre`). */
export const PasskeyRenameRequestSchema = Type.Object(
  { nombre: Type.String({ minLength: 1, maxLength: PASSKEY_LIMITS.nombreMaxLength }) },
  { additionalProperties: false },
);
export type PasskeyRenameRequest = Static<typeof PasskeyRenameRequestSchema>;

const passkeyProperties = {
  id: Type.Integer(),
  nombre: Type.String(),
  /** ISO 8601. */
  creadoEn: Type.String({ format: 'date-time' }),
  /** Last sign-in or second step with it, ISO 8601; null when never used. */
  ultimoUsoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /**
   * Whether the authenticator says the passkey is backed up (synced to the user's other
   * devices, WebAuthn's BS flag) — a lost phone then does not lose it.
   */
  sincronizada: Type.Boolean(),
};

/** One passkey of the caller (never its key or credential id). */
export const PasskeySchema = Type.Object(passkeyProperties);
export type Passkey = Static<typeof PasskeySchema>;

/**
 * 201 of POST /api/auth/passkeys: the new passkey; with the enrolment token of
 * `{mfa: {token, configurar: true}}` as bearer the session starts now, so `token` and `user`
 * come too.
 */
export const PasskeyRegisteredResponseSchema = Type.Object({
  ...passkeyProperties,
  token: Type.Optional(Type.String()),
  user: Type.Optional(UserSchema),
});
export type PasskeyRegisteredResponse = Static<typeof PasskeyRegisteredResponseSchema>;

/** 200 of GET /api/auth/passkeys: the caller's passkeys, oldest first. */
export const PasskeyListResponseSchema = Type.Object({ passkeys: Type.Array(PasskeySchema) });
export type PasskeyListResponse = Static<typeof PasskeyListResponseSchema>;
