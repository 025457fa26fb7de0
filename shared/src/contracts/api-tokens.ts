/**
 * /api/tokens (issue #17 "Personal API tokens"): a person's own bearer tokens for scripts.
 *
 * - `POST /api/tokens {nombre, permisos, expiraEn}` → 201 `{token, apiToken}`. `token` is shown
 *   ONCE: `gdu_pat_` + 256 random bits in base64url (43 characters); only its SHA-256 is stored.
 *   `expiraEn` is required, in the future and at most `API_TOKEN_MAX_DIAS` (365) days ahead (400
 *   TOKEN_EXPIRACION_NO_VALIDA); `permisos` a non-empty list of catalogue permissions the owner
 *   holds now (own roles and groups'; `admin` holds them all) — 400 TOKEN_PERMISOS_NO_VALIDOS
 *   otherwise, `details` naming each permission not held. 409 TOKEN_LIMITE_ALCANZADO past
 *   `API_TOKENS_POR_USUARIO_MAX` live tokens.
 * - `GET /api/tokens` → 200 the caller's own tokens (paged, newest first).
 * - `DELETE /api/tokens/:id` → 204 for the caller's own token (404 NOT_FOUND otherwise).
 *
 * Administration (decision recorded here, issue #17 "Admins list and revoke anyone's tokens"):
 * - `GET /api/tokens?usuarioId=<id>` → one user's tokens. For someone else it needs
 *   `usuarios:editar` AND the delegation rules (issue #13 rule 2, DESIGN.md §8): the caller may act
 *   on that user (a non-admin only on users holding nothing the caller lacks, never on an admin);
 *   403 FORBIDDEN otherwise, 404 for an unknown user.
 * - `GET /api/tokens?todos=true` → every user's tokens, paged, each with `usuario`; only for the
 *   `admin` role (signed in with a session — a token never counts as admin), since only an admin
 *   may act on every user. 403 FORBIDDEN otherwise.
 * - `DELETE /api/tokens/:id` of someone else's token: same rule as listing that user's (audited
 *   `tokens.revocado` with the owner as target).
 *
 * Using a token: `Authorization: Bearer gdu_pat_…` on any api route. The caller acts as the owner
 * holding only `permisos` ∩ the owner's CURRENT effective permissions (re-read at every request:
 * a role taken from the owner is taken from the token at once); never as `admin`. 403 FORBIDDEN
 * outside them. Refused with 403 TOKEN_NO_PERMITIDO on credentials and sign-out (password, e-mail,
 * second factors, passkeys, step-up, sessions, /api/tokens itself, logout). An expired token,
 * a revoked one, or one whose owner is deactivated answers 401 UNAUTHENTICATED. `ultimoUso` is
 * written at most every `API_TOKEN_USO_GRANULARIDAD_MS`. A mail reminds the owner once, a week
 * (`API_TOKEN_RECORDATORIO_DIAS`) before expiry.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ALL_PERMISSIONS, type PermissionName } from '../auth/permissions';
import { idSchema, pageSchema } from './listas';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, pagedListSchema } from './usuarios';

/** Every personal API token starts with this (secret scanners and the api recognise it). */
export const API_TOKEN_PREFIX = 'gdu_pat_';
/** Longest lifetime of a token, in days (issue #17). */
export const API_TOKEN_MAX_DIAS = 365;
/** The reminder mail goes this many days before expiry (issue #17). */
export const API_TOKEN_RECORDATORIO_DIAS = 7;
/** `ultimoUso` is written at most once per this many ms per token. */
export const API_TOKEN_USO_GRANULARIDAD_MS = 5 * 60_000;
/** Most live (unexpired) tokens one user may hold. */
export const API_TOKENS_POR_USUARIO_MAX = 50;
/** Longest token nombre. */
export const API_TOKEN_NOMBRE_MAX_LENGTH = 100;
/** Characters of the token shown in lists (`prefijo`): `gdu_pat_` and 4 of the secret. */
export const API_TOKEN_PREFIJO_LENGTH = API_TOKEN_PREFIX.length + 4;

/** Codes of the api's refusals particular to API tokens (the UI translates by them). */
export const API_TOKENS_ERROR_CODES = {
  /** 400: `permisos` holds a permission the owner does not hold now (details name each). */
  permisosNoValidos: 'TOKEN_PERMISOS_NO_VALIDOS',
  /** 400: `expiraEn` in the past or more than 365 days ahead. */
  expiracionNoValida: 'TOKEN_EXPIRACION_NO_VALIDA',
  /** 409: the owner already has API_TOKENS_POR_USUARIO_MAX live tokens. */
  limiteAlcanzado: 'TOKEN_LIMITE_ALCANZADO',
  /** 403: the route is never open to an API token (credentials, sessions, tokens, sign-out). */
  noPermitido: 'TOKEN_NO_PERMITIDO',
} as const;
/** One of `API_TOKENS_ERROR_CODES`. */
export type ApiTokenErrorCode =
  (typeof API_TOKENS_ERROR_CODES)[keyof typeof API_TOKENS_ERROR_CODES];

/** Spanish texts of those refusals. */
export const API_TOKENS_MESSAGES = {
  permisosNoValidos: 'El token solo puede llevar permisos que usted tiene',
  /** `details[].message` for each permission not held. */
  permisoNoTenido: 'No tiene este permiso',
  permisosVacios: 'Elija al menos un permiso',
  expiracionPasada: 'La fecha de caducidad debe ser futura',
  expiracionLejana: `La fecha de caducidad no puede superar ${API_TOKEN_MAX_DIAS} días`,
  limiteAlcanzado: `No puede tener más de ${API_TOKENS_POR_USUARIO_MAX} tokens activos`,
  nombreObligatorio: 'El nombre del token es obligatorio',
  noPermitido: 'Esta operación no se puede hacer con un token de API; inicie sesión',
} as const;

/** A permission of the catalogue, as a schema (unknown names are a 400 VALIDATION_ERROR). */
const permisoSchema = Type.Unsafe<PermissionName>(
  Type.String({ enum: [...ALL_PERMISSIONS] as string[] }),
);

/** A token as lists show it (never the secret). */
export const ApiTokenSchema = Type.Object(
  {
    id: Type.Integer(),
    nombre: Type.String(),
    /** The permissions asked for at creation (the effective ones are ∩ the owner's current). */
    permisos: Type.Array(permisoSchema),
    /** ISO 8601. */
    creadoEn: Type.String({ format: 'date-time' }),
    /** ISO 8601; a token past it answers 401 (lists keep it, shown as expired). */
    expiraEn: Type.String({ format: 'date-time' }),
    /** ISO 8601, precise to API_TOKEN_USO_GRANULARIDAD_MS; null while never used. */
    ultimoUso: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** The first API_TOKEN_PREFIJO_LENGTH characters of the token, e.g. `gdu_pat_Ab3x`. */
    prefijo: Type.String(),
    /** The owner — present only in `?todos=true` lists. */
    usuario: Type.Optional(
      Type.Object({ id: Type.Integer(), nombre: Type.String(), email: Type.String() }),
    ),
  },
  { $id: 'ApiToken' },
);
/** `{id, nombre, permisos, creadoEn, expiraEn, ultimoUso, prefijo, usuario?}`. */
export type ApiToken = Static<typeof ApiTokenSchema>;

/** Body of POST /api/tokens. */
export const CreateApiTokenSchema = Type.Object(
  {
    nombre: Type.String({ minLength: 1, maxLength: API_TOKEN_NOMBRE_MAX_LENGTH }),
    permisos: Type.Array(permisoSchema, { minItems: 1, maxItems: ALL_PERMISSIONS.length }),
    /** ISO 8601 date-time, future, at most API_TOKEN_MAX_DIAS days ahead. */
    expiraEn: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type CreateApiToken = Static<typeof CreateApiTokenSchema>;

/** 201 of POST /api/tokens: the secret (shown once) and the token as lists show it. */
export const ApiTokenCreadoSchema = Type.Object({
  token: Type.String(),
  apiToken: ApiTokenSchema,
});
export type ApiTokenCreado = Static<typeof ApiTokenCreadoSchema>;

/** Query of GET /api/tokens: own by default; `usuarioId` or `todos` for administration. */
export const ApiTokensQuerySchema = Type.Object({
  usuarioId: Type.Optional(idSchema('Los tokens de este usuario (usuarios:editar)')),
  todos: Type.Optional(Type.Boolean({ description: 'Todos los tokens (solo admin)' })),
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});
export type ApiTokensQuery = Static<typeof ApiTokensQuerySchema>;

/** 200 of GET /api/tokens: `{items, total, page, pageSize}`, newest first. */
export const ApiTokensPageSchema = pagedListSchema(ApiTokenSchema);
export type ApiTokensPage = Static<typeof ApiTokensPageSchema>;
