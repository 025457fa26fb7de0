/**
 * Request and response schemas of /api/auth (SPEC §7, DESIGN.md §3). The api validates with
 * them (Fastify + TypeBox) and the frontends type their calls with the same `Static` types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, NOMBRE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { LoginChallengeResponseSchema, RegisterPendingResponseSchema } from './ciclo-cuenta';
import { LoginMfaResponseSchema } from './mfa';
import { UserSchema } from './user';

/**
 * Login body. The password is only bounded from above here: a too-short password at login is
 * simply wrong credentials, never a hint about the policy.
 */
export const LoginRequestSchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequestSchema>;

/**
 * Registration body (SPEC §3: email, password, nombre). Length and format rules are checked by
 * the api with Spanish per-field messages (see `validatePassword`, `normalizeEmail`).
 */
export const RegisterRequestSchema = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
    password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
    nombre: Type.String({ maxLength: NOMBRE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

/**
 * A signed-in answer: the opaque session token (returned once) and the user. 200 of
 * POST /api/auth/login, /api/auth/login/verify and /api/auth/invitation/accept.
 */
export const SignedInResponseSchema = Type.Object({ token: Type.String(), user: UserSchema });
export type SignedInResponse = Static<typeof SignedInResponseSchema>;

/**
 * 200 of POST /api/auth/login: signed in (`{token, user}`, the first member), or, when the
 * account is under attack and this address has not failed, `{verificacion: {token}}` and a
 * six-digit code by mail, to finish with POST /api/auth/login/verify (issue #15); or, for a
 * user with a second factor or whose roles require one, `{mfa: {token, metodos}}` /
 * `{mfa: {token, configurar: true}}` (issue #16, contracts/mfa.ts).
 */
export const LoginResponseSchema = Type.Union([
  SignedInResponseSchema,
  LoginChallengeResponseSchema,
  LoginMfaResponseSchema,
]);
/** Every 200 of POST /api/auth/login; tell the members apart with `'token' in res`. */
export type LoginResult = Static<typeof LoginResponseSchema>;
/**
 * The signed-in member of LoginResult (kept under its old name for callers written before
 * issue #15; new code should read LoginResult and handle `verificacion`).
 */
export type LoginResponse = SignedInResponse;

/** 201 of POST /api/auth/register: also carries `message: 'Cuenta creada correctamente'`. */
export const RegisterResponseSchema = Type.Object({
  token: Type.String(),
  user: UserSchema,
  message: Type.String(),
});
export type RegisterResponse = Static<typeof RegisterResponseSchema>;

/**
 * 201 of POST /api/auth/register when the default role of self-registration requires a second
 * factor (issue #16): the account exists, no session yet; `mfa.token` (5 minutes) enrols a factor
 * as with `{mfa: {token, configurar: true}}` of POST /api/auth/login, and the session starts then.
 */
export const RegisterMfaResponseSchema = Type.Object({
  mfa: LoginMfaResponseSchema.properties.mfa,
  message: Type.String(),
});
export type RegisterMfaResponse = Static<typeof RegisterMfaResponseSchema>;

/**
 * Every 201 of POST /api/auth/register: signed in (RegisterResponse, `verificacionEmail` off,
 * SPEC's flow) or `{message, verificacionPendiente: true}` and no session (`verificacionEmail`
 * on, issue #15; the same answer for a taken e-mail, ASVS 6.3.8), or `{message, mfa}` and no
 * session (the default role requires a second factor, issue #16).
 */
export const RegisterResultSchema = Type.Union([
  RegisterResponseSchema,
  RegisterPendingResponseSchema,
  RegisterMfaResponseSchema,
]);
export type RegisterResult = Static<typeof RegisterResultSchema>;

/**
 * 200 of POST /api/auth/invitation/accept: signed in, or — the invited user's roles require a
 * second factor (issue #16) — the password is set and `{mfa: {token, configurar: true}}` answers
 * with no session: enrol a factor with the token as bearer, as after POST /api/auth/login.
 */
export const InvitationAcceptResultSchema = Type.Union([
  SignedInResponseSchema,
  LoginMfaResponseSchema,
]);
export type InvitationAcceptResult = Static<typeof InvitationAcceptResultSchema>;

/** 200 of GET /api/auth/me. */
export const MeResponseSchema = Type.Object({ user: UserSchema });
export type MeResponse = Static<typeof MeResponseSchema>;
