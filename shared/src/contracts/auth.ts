/**
 * Request and response schemas of /api/auth (SPEC §7, DESIGN.md §3). The api validates with
 * them (Fastify + TypeBox) and the frontends type their calls with the same `Static` types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, NOMBRE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
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

/** 200 of POST /api/auth/login. */
export const LoginResponseSchema = Type.Object({ token: Type.String(), user: UserSchema });
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** 201 of POST /api/auth/register: also carries `message: 'Cuenta creada correctamente'`. */
export const RegisterResponseSchema = Type.Object({
  token: Type.String(),
  user: UserSchema,
  message: Type.String(),
});
export type RegisterResponse = Static<typeof RegisterResponseSchema>;

/** 200 of GET /api/auth/me. */
export const MeResponseSchema = Type.Object({ user: UserSchema });
export type MeResponse = Static<typeof MeResponseSchema>;
