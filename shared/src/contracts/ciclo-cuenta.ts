/**
 * Account lifecycle over e-mail (issue #15): password recovery, invitations, e-mail
 * verification and change, the forced password change and the mailed code of a challenged
 * sign-in. Rules from OWASP ASVS 5.0 V6 and the OWASP Forgot Password Cheat Sheet.
 *
 * Tokens travel only in links (`APP_URL/<page>?token=…`) and request bodies: 32 random bytes,
 * base64url, of which only the SHA-256 is stored; single use; a newer one voids older ones.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';

/** Longest token string accepted in a body (base64url of 32 bytes is 43 characters). */
export const LIFECYCLE_TOKEN_MAX_LENGTH = 200;

/** Lifetimes of the mailed tokens, in ms (issue #15). */
export const LIFECYCLE_TTL_MS = {
  /** Password reset link: 30 minutes. */
  reset: 30 * 60_000,
  /** Invitation link: 72 hours. */
  invitation: 72 * 3_600_000,
  /** E-mail verification link (registration): 24 hours. */
  verification: 24 * 3_600_000,
  /** E-mail change confirmation link: 24 hours. */
  emailChange: 24 * 3_600_000,
  /** Code of a challenged sign-in: 10 minutes. */
  loginCode: 10 * 60_000,
} as const;

/** Pages of remote-auth that mailed links open (under `APP_URL`), layout `auth`. */
export const LIFECYCLE_PAGES = {
  recuperar: '/recuperar',
  restablecer: '/restablecer',
  invitacion: '/invitacion',
  verificar: '/verificar',
  /** Confirms a new e-mail address (link sent to the new address). */
  confirmarCorreo: '/confirmar-correo',
  /** The forced password change after an admin-set password (`debeCambiarPassword`). */
  cambiarPassword: '/cambiar-password',
  /** The mailed-code step of a challenged sign-in (`verificacion`). */
  verificarAcceso: '/verificar-acceso',
} as const;

const token = () => Type.String({ minLength: 1, maxLength: LIFECYCLE_TOKEN_MAX_LENGTH });

/** POST /api/auth/password/forgot → 202 AcceptedMessage, the same for any e-mail. */
export const ForgotPasswordRequestSchema = Type.Object(
  { email: Type.String({ maxLength: EMAIL_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequestSchema>;

/** 202 body of the calls that mail something and must not tell whether an account exists. */
export const AcceptedMessageSchema = Type.Object({ message: Type.String() });
export type AcceptedMessage = Static<typeof AcceptedMessageSchema>;

/**
 * POST /api/auth/password/reset → 204. Policy failures → 400 VALIDATION_ERROR (details field
 * `password`); used, expired or unknown token → 400 TOKEN_INVALIDO. Revokes every session.
 */
export const ResetPasswordRequestSchema = Type.Object(
  { token: token(), password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type ResetPasswordRequest = Static<typeof ResetPasswordRequestSchema>;

/** POST /api/auth/invitation/accept → 200 LoginResponse (signed in, e-mail verified). */
export const AcceptInvitationRequestSchema = ResetPasswordRequestSchema;
export type AcceptInvitationRequest = ResetPasswordRequest;

/** POST /api/auth/email/verify and POST /api/auth/email/confirm → 204. */
export const TokenRequestSchema = Type.Object({ token: token() }, { additionalProperties: false });
export type TokenRequest = Static<typeof TokenRequestSchema>;

/** POST /api/auth/email/resend → 202 AcceptedMessage, the same for any e-mail. */
export const ResendVerificationRequestSchema = ForgotPasswordRequestSchema;
export type ResendVerificationRequest = ForgotPasswordRequest;

/**
 * POST /api/auth/email (signed in) → 202 AcceptedMessage: a confirmation link goes to the new
 * address (`/confirmar-correo?token=…`), the old address is told. Wrong password → 400
 * VALIDATION_ERROR (details field `password`); a taken address still answers 202 (the owner of
 * the taken one is told by mail instead).
 */
export const ChangeEmailRequestSchema = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
    password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type ChangeEmailRequest = Static<typeof ChangeEmailRequestSchema>;

/** POST /api/auth/login/verify → 200 LoginResponse; wrong/expired code → 401 INVALID_CREDENTIALS. */
export const LoginVerifyRequestSchema = Type.Object(
  { token: token(), codigo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
export type LoginVerifyRequest = Static<typeof LoginVerifyRequestSchema>;

/**
 * 200 of POST /api/auth/login when the account is under attack and the address has not failed:
 * a six-digit code was mailed; no session yet.
 */
export const LoginChallengeResponseSchema = Type.Object({
  verificacion: Type.Object({ token: Type.String() }),
});
export type LoginChallengeResponse = Static<typeof LoginChallengeResponseSchema>;

/** 201 of POST /api/auth/register while `verificacionEmail` is on: no session. */
export const RegisterPendingResponseSchema = Type.Object({
  message: Type.String(),
  verificacionPendiente: Type.Literal(true),
});
export type RegisterPendingResponse = Static<typeof RegisterPendingResponseSchema>;

/** One row of Ajustes › Correo (GET /api/configuracion/correo). */
export const EnvioCorreoSchema = Type.Object({
  id: Type.Integer(),
  destinatario: Type.String(),
  asunto: Type.String(),
  /** `pendiente` (waiting or retrying), `enviado`, `fallido` (gave up after the last retry). */
  estado: Type.Union([
    Type.Literal('pendiente'),
    Type.Literal('enviado'),
    Type.Literal('fallido'),
  ]),
  intentos: Type.Integer(),
  ultimoError: Type.Union([Type.String(), Type.Null()]),
  creadoEn: Type.String({ format: 'date-time' }),
  enviadoEn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type EnvioCorreo = Static<typeof EnvioCorreoSchema>;

/**
 * 200 of GET /api/configuracion/correo (configuracion:gestionar): how mail leaves
 * (`smtp` with SMTP_URL, `log` without: mails are written to the log, nothing is sent) and the
 * 50 most recent deliveries, newest first.
 */
export const CorreoEstadoSchema = Type.Object({
  transporte: Type.Union([Type.Literal('smtp'), Type.Literal('log')]),
  remitente: Type.String(),
  envios: Type.Array(EnvioCorreoSchema),
});
export type CorreoEstado = Static<typeof CorreoEstadoSchema>;

/** POST /api/configuracion/correo/prueba {destinatario?} → 202 AcceptedMessage (default: caller). */
export const CorreoPruebaRequestSchema = Type.Object(
  { destinatario: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })) },
  { additionalProperties: false },
);
export type CorreoPruebaRequest = Static<typeof CorreoPruebaRequestSchema>;

/** `message` of the 202 of POST /api/configuracion/correo/prueba. */
export function correoPruebaMessage(destinatario: string): string {
  return `Correo de prueba puesto en cola para ${destinatario}; su estado aparece en la lista de envíos`;
}
