/**
 * The second factor (issue #16): TOTP authenticator codes and recovery codes, the two-step
 * sign-in, the per-role requirement and step-up. Request and response schemas of
 * /api/auth/mfa/*, /api/auth/login/mfa, /api/auth/reautenticar and /api/usuarios/:id/mfa/reset,
 * with their error codes and Spanish messages.
 *
 * The codes and messages live in their own objects, not in ERROR_CODES / API_MESSAGES: the shell
 * takes those whole on the first visit to /login (its 200 KiB budget), and nothing here is
 * needed before the code step, which loads with the pages that use it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { PasskeyAuthenticationResponseJsonSchema } from './passkeys';
import { UserSchema } from './user';

/** The ways a second step can be completed; `passkey` arrives with the WebAuthn round. */
export const MFA_METODOS = ['totp', 'recuperacion', 'passkey'] as const;
export type MfaMetodo = (typeof MFA_METODOS)[number];

/** The numbers of issue #16, one place for the api, its tests and the console. */
export const MFA_LIMITS = {
  /** Recovery codes in a set. */
  recoveryCodes: 10,
  /** The console warns when this many or fewer recovery codes are left. */
  recoveryWarnAt: 3,
  /** Life of a second-step (or enrolment) token, ms. */
  challengeTtlMs: 5 * 60_000,
  /** Wrong codes one second-step token takes before it is spent. */
  challengeTries: 5,
  /** Consecutive failed second factors of a user that lock the second factor… */
  lockFailures: 10,
  /** …for this long, ms. */
  lockMs: 15 * 60_000,
  /** Step-up: the password or a factor must have been entered this recently, ms. */
  stepUpMs: 10 * 60_000,
  /** TOTP time step, seconds (RFC 6238). */
  totpPeriodS: 30,
} as const;

/** Machine-readable codes of the second-factor answers (carried in the error body's `code`). */
export const MFA_ERROR_CODES = {
  /** 403: the password or a factor was not entered in the last 10 minutes (step-up). */
  reauthRequired: 'REAUTENTICACION_REQUERIDA',
  /** 429: 10 consecutive failed second factors; the second factor is locked 15 minutes. */
  locked: 'MFA_BLOQUEADO',
  /** 409: enrolling TOTP while an active one exists (remove it first). */
  totpActive: 'TOTP_YA_ACTIVO',
  /** 409: activating without a pending enrolment; or a call that needs a factor without one. */
  totpNotPending: 'TOTP_NO_PENDIENTE',
  /** 409: regenerating recovery codes (or removing TOTP) without an active factor. */
  notEnrolled: 'MFA_NO_CONFIGURADO',
} as const;
export type MfaErrorCode = (typeof MFA_ERROR_CODES)[keyof typeof MFA_ERROR_CODES];

/** Spanish messages of the second-factor answers and fields. */
export const MFA_MESSAGES = {
  reauthRequired: 'Vuelva a introducir su contraseña o un código para continuar',
  locked:
    'Verificación en dos pasos bloqueada temporalmente por demasiados intentos fallidos. Inténtelo de nuevo más tarde',
  totpActive: 'Ya tiene una aplicación de autenticación activa; elimínela antes de configurar otra',
  totpNotPending: 'No hay ninguna aplicación de autenticación pendiente de activar',
  notEnrolled: 'No tiene la verificación en dos pasos configurada',
  wrongCode: 'El código no es correcto',
  motivoRequired: 'Indique el motivo',
} as const;

const codigo = () => Type.String({ minLength: 1, maxLength: 40 });
const password = () => Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });

/**
 * `{password}`: POST /api/auth/mfa/totp (not with an enrolment token), DELETE
 * /api/auth/mfa/totp, POST /api/auth/mfa/recovery-codes. A wrong password → 400
 * VALIDATION_ERROR (details field `password`), counted like a failed sign-in.
 */
export const MfaPasswordRequestSchema = Type.Object(
  { password: password() },
  { additionalProperties: false },
);
export type MfaPasswordRequest = Static<typeof MfaPasswordRequestSchema>;

/**
 * Body of POST /api/auth/mfa/totp: `{password}` with a session; `{}` (or no body) with the
 * enrolment token of `{mfa: {token, configurar: true}}` as bearer.
 */
export const TotpEnrolRequestSchema = Type.Object(
  { password: Type.Optional(password()) },
  { additionalProperties: false },
);
export type TotpEnrolRequest = Static<typeof TotpEnrolRequestSchema>;

/**
 * 200 of POST /api/auth/mfa/totp: the base32 secret (the manual key) and its `otpauth://totp/…`
 * URL (drawn as a QR in the browser). Pending until activated; a new call replaces it.
 */
export const TotpEnrolResponseSchema = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
});
export type TotpEnrolResponse = Static<typeof TotpEnrolResponseSchema>;

/** POST /api/auth/mfa/totp/activate: a current code of the pending secret. */
export const TotpActivateRequestSchema = Type.Object(
  { codigo: codigo() },
  { additionalProperties: false },
);
export type TotpActivateRequest = Static<typeof TotpActivateRequestSchema>;

/**
 * 200 of POST /api/auth/mfa/totp/activate: the 10 recovery codes, shown once. With the
 * enrolment token as bearer the session starts only now, so `token` and `user` come too.
 */
export const TotpActivateResponseSchema = Type.Object({
  codigosRecuperacion: Type.Array(Type.String()),
  token: Type.Optional(Type.String()),
  user: Type.Optional(UserSchema),
});
export type TotpActivateResponse = Static<typeof TotpActivateResponseSchema>;

/** 200 of POST /api/auth/mfa/recovery-codes: a new set; the old one no longer works. */
export const RecoveryCodesResponseSchema = Type.Object({
  codigosRecuperacion: Type.Array(Type.String()),
});
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponseSchema>;

/**
 * 200 of GET /api/auth/mfa: the caller's second factor. `metodos` are the active factors
 * (`totp`; `passkey` later); `totp.pendiente` an enrolment not yet activated;
 * `codigosRecuperacionRestantes` the unused recovery codes (the console warns at 3 or fewer);
 * `obligatorio` whether one of the caller's roles requires a second factor.
 */
export const MfaEstadoSchema = Type.Object({
  metodos: Type.Array(Type.Union(MFA_METODOS.map((m) => Type.Literal(m)))),
  totp: Type.Object({
    activo: Type.Boolean(),
    pendiente: Type.Boolean(),
    /** ISO 8601, or null when not active. */
    activadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  codigosRecuperacionRestantes: Type.Integer(),
  obligatorio: Type.Boolean(),
});
export type MfaEstado = Static<typeof MfaEstadoSchema>;

/**
 * 200 of POST /api/auth/login after the right password, with no session yet:
 * `{mfa: {token, metodos}}` for a user with a factor (finish with POST /api/auth/login/mfa), or
 * `{mfa: {token, configurar: true}}` for a user whose roles require a second factor and who has
 * none (enrol with the token as bearer). The token lives 5 minutes.
 */
export const LoginMfaResponseSchema = Type.Object({
  mfa: Type.Object({
    token: Type.String(),
    metodos: Type.Optional(Type.Array(Type.Union(MFA_METODOS.map((m) => Type.Literal(m))))),
    configurar: Type.Optional(Type.Literal(true)),
  }),
});
export type LoginMfaResponse = Static<typeof LoginMfaResponseSchema>;

/**
 * POST /api/auth/login/mfa → 200 `{token, user}`. `codigo`: six digits of the authenticator or
 * one recovery code. Wrong, replayed or expired → 401 INVALID_CREDENTIALS; locked → 429
 * MFA_BLOQUEADO.
 */
export const LoginMfaRequestSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 100 }), codigo: codigo() },
  { additionalProperties: false },
);
export type LoginMfaRequest = Static<typeof LoginMfaRequestSchema>;

/**
 * POST /api/auth/reautenticar → 204 (step-up): exactly one of the password, a current
 * second-factor code, or `respuesta` — what `startAuthentication()` answered to the options of
 * POST /api/auth/passkeys/authentication-options `{reautenticacion: true}` with this session (one
 * of the caller's own passkeys, user-verified) — stamped on the session for the next 10 minutes.
 */
export const ReautenticarRequestSchema = Type.Object(
  {
    password: Type.Optional(password()),
    codigo: Type.Optional(codigo()),
    respuesta: Type.Optional(PasskeyAuthenticationResponseJsonSchema),
  },
  { additionalProperties: false },
);
export type ReautenticarRequest = Static<typeof ReautenticarRequestSchema>;

/** POST /api/usuarios/:id/mfa/reset → 204: the reason is audited and told to the user. */
export const MfaResetRequestSchema = Type.Object(
  { motivo: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type MfaResetRequest = Static<typeof MfaResetRequestSchema>;
