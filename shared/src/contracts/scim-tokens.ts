/**
 * /api/scim/tokens (issue #17 "SCIM 2.0 service provider", Auth): the bearer tokens with which an
 * organisation's directory (Microsoft Entra ID, Okta, …) calls the SCIM service provider at
 * `<APP_URL>/scim/v2`. The console manages them in Ajustes › Aprovisionamiento.
 *
 * - Every route needs the permission `configuracion:gestionar` (a connection provisions users and
 *   groups with full authority — see the README's "Provisioning (SCIM 2.0)" — so only who manages
 *   the configuration creates one).
 * - `POST /api/scim/tokens {nombre}` → 201 `{token, conexion}`: `token` is shown this once (only
 *   its SHA-256 hash is stored, so it can never be shown again); `conexion` is the new row.
 * - `GET /api/scim/tokens` → 200 `{items, total, page, pageSize}`: every live (not revoked)
 *   connection in one page, newest first. The token itself is never listed; `prefijo` (its first
 *   characters) lets an administrator tell which token a directory holds.
 * - `DELETE /api/scim/tokens/:id` → 204: revokes it at once (the next SCIM call with it gets
 *   401). 404 `SCIM_CONEXION_NO_ENCONTRADA` for an unknown or already revoked id.
 * - Rotation: several connections may be live at the same time (at most
 *   `SCIM_CONEXIONES_MAX`), so a new token is created, pasted into the directory, and the old one
 *   revoked afterwards with no gap.
 * - Every create and revoke is audited (`scim.conexion_creada`, `scim.conexion_revocada`).
 *
 * Errors carry a `code` from `SCIM_TOKENS_ERROR_CODES` (the UI translates by it) and the Spanish
 * `message` of `SCIM_TOKENS_MESSAGES`; a missing or empty `nombre` is the usual 400
 * VALIDATION_ERROR with details `nombre`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { pagedListSchema } from './usuarios';

/** Largest nombre of a connection (it is written in the audit as `scim:<nombre>`). */
export const SCIM_CONEXION_NOMBRE_MAX_LENGTH = 60;
/** Most connections live at the same time (two suffice to rotate; a few directories more). */
export const SCIM_CONEXIONES_MAX = 10;
/** Every token starts with this, so secret scanners and people recognise one. */
export const SCIM_TOKEN_PREFIX = 'gdu_scim_';
/** Base path of the SCIM service provider, under APP_URL (RFC 7644 §3). */
export const SCIM_BASE_PATH = '/scim/v2';

/** Codes of the refusals of /api/scim/tokens. */
export const SCIM_TOKENS_ERROR_CODES = {
  /** 404: no live connection has that id (unknown, or already revoked). */
  noEncontrada: 'SCIM_CONEXION_NO_ENCONTRADA',
  /** 409: `SCIM_CONEXIONES_MAX` connections are already live; revoke one first. */
  limite: 'SCIM_CONEXIONES_LIMITE',
} as const;
/** One of `SCIM_TOKENS_ERROR_CODES`. */
export type ScimTokensErrorCode =
  (typeof SCIM_TOKENS_ERROR_CODES)[keyof typeof SCIM_TOKENS_ERROR_CODES];

/** Spanish texts of the refusals of /api/scim/tokens. */
export const SCIM_TOKENS_MESSAGES = {
  /** 404 SCIM_CONEXION_NO_ENCONTRADA. */
  noEncontrada: 'La conexión de aprovisionamiento no existe o ya fue revocada',
  /** 409 SCIM_CONEXIONES_LIMITE. */
  limite: `Ya hay ${SCIM_CONEXIONES_MAX} conexiones de aprovisionamiento activas; revoque una antes de crear otra`,
  /** 400 detail of `nombre`: empty after trimming. */
  nombreObligatorio: 'El nombre de la conexión es obligatorio',
} as const;

/** A live SCIM connection, as the console lists it. */
export const ConexionScimSchema = Type.Object(
  {
    id: Type.Integer(),
    /** Who the directory is, e.g. `Entra ID`; the audit's actor is `scim:<nombre>`. */
    nombre: Type.String(),
    /** ISO 8601. */
    creadoEn: Type.String({ format: 'date-time' }),
    /** Last SCIM call with this token, ISO 8601 (updated at most every 5 minutes); null: never. */
    ultimoUso: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** The token's first characters (`gdu_scim_` and 4 more), to tell tokens apart. */
    prefijo: Type.Optional(Type.String()),
  },
  { $id: 'ConexionScim' },
);
/** A live SCIM connection: `{id, nombre, creadoEn, ultimoUso, prefijo?}`. */
export type ConexionScim = Static<typeof ConexionScimSchema>;

/** Body of POST /api/scim/tokens. `nombre` is trimmed; empty → 400 (details `nombre`). */
export const CreateScimTokenSchema = Type.Object(
  { nombre: Type.String({ minLength: 1, maxLength: SCIM_CONEXION_NOMBRE_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type CreateScimToken = Static<typeof CreateScimTokenSchema>;

/**
 * 201 of POST /api/scim/tokens: `token` (`gdu_scim_` + 43 base64url characters, 256 random bits)
 * is the Secret Token to paste into the directory, shown only in this answer.
 */
export const ScimTokenCreadoSchema = Type.Object({
  token: Type.String(),
  conexion: ConexionScimSchema,
});
export type ScimTokenCreado = Static<typeof ScimTokenCreadoSchema>;

/** 200 of GET /api/scim/tokens: every live connection, newest first, in one page. */
export const ConexionesScimPageSchema = pagedListSchema(ConexionScimSchema);
export type ConexionesScimPage = Static<typeof ConexionesScimPageSchema>;
