/**
 * Single sign-on with the organisation's OpenID Connect provider (issue #18): the providers'
 * administration, the public list behind /login's buttons, and the sign-in round.
 *
 * Admin routes (permission `configuracion:gestionar`, the Ajustes › Inicio de sesión único tab):
 * - `GET /api/sso/proveedores?page=&pageSize=` → 200 ProveedoresSsoPage (by nombre, then id).
 * - `GET /api/sso/proveedores/:id` → 200 ProveedorSso; 404 NOT_FOUND.
 * - `POST /api/sso/proveedores` CreateProveedorSso → 201 ProveedorSso. The issuer's discovery
 *   document is fetched before anything is stored: 400 SSO_ISSUER_NO_RESPONDE, 400
 *   SSO_ISSUER_NO_COINCIDE, 400 SSO_ISSUER_INSEGURO (`http://` off loopback); 400
 *   VALIDATION_ERROR with `details` for an unknown role in `rolPorDefecto` / `mapeoGrupos`;
 *   403 FORBIDDEN when one of those roles is one the caller may not give (delegation rule 1,
 *   api/src/services/delegation-guard.ts); 409 SSO_NOMBRE_EN_USO.
 * - `PATCH /api/sso/proveedores/:id` UpdateProveedorSso → 200 ProveedorSso; every field optional
 *   but `version`; `clientSecret` absent keeps the stored one. Stale `version` → 409
 *   VERSION_CONFLICT; otherwise the refusals of POST. Changing a mapping the caller may not give
 *   (before or after) → 403.
 * - `DELETE /api/sso/proveedores/:id` → 204: its identity links go with it; roles it gave stay
 *   with their users until removed by hand. 403 when it carries a role the caller may not give.
 *
 * The client secret is write-only: stored AES-256-GCM encrypted (MFA_ENCRYPTION_KEY's key, as
 * TOTP secrets), never returned; answers say `clientSecretConfigurado: true`.
 *
 * Public routes (no session):
 * - `GET /api/auth/sso/proveedores` → 200 `[{id, nombre}]` of the active providers, for the
 *   "Continuar con <nombre>" buttons (Cache-Control: public, max-age=60).
 * - `GET /api/auth/sso/:id/start?redirect=<same-origin path>` → 302 to the provider's
 *   authorization endpoint (code flow, PKCE S256, `state`, `nonce`; the round lives
 *   SSO_LIMITS.estadoTtlMs and is single use, kept in the database so any replica finishes it).
 *   An unknown or inactive provider → 302 to `/login/sso?error=SSO_PROVEEDOR_NO_DISPONIBLE`.
 * - `GET /api/auth/sso/:id/callback?code=&state=` (the redirect URI to register at the provider:
 *   `<APP_URL>/api/auth/sso/<id>/callback`, shown as `redirectUri`; only with the SSO_ESTADO_COOKIE
 *   `start` set in the same browser, else SSO_ESTADO_INVALIDO) → 302 to
 *   `/login/sso?redirect=<the start's redirect, or />` with a Set-Cookie SSO_RESULTADO_COOKIE
 *   (HttpOnly, SameSite=Lax, Secure when APP_URL is https, Path=SSO_RESULTADO_PATH, Max-Age 60)
 *   holding a random one-time value; on refusal 302 to `/login/sso?error=<SsoErrorCode>` (and
 *   `&redirect=` when known), no cookie. Every refusal is audited with its reason.
 * - `POST /api/auth/sso/resultado` (no body; the cookie) → 200 exactly what POST /api/auth/login
 *   answers after a right password: `{token, user}`, or `{mfa: {token, metodos}}` /
 *   `{mfa: {token, configurar: true}}` (issue #16: the second step then goes on as after a
 *   password). The value is spent (stored only as its SHA-256) and the cookie cleared. Missing,
 *   expired or spent → 401 SSO_RESULTADO_INVALIDO. So the session token travels only in a POST
 *   answer's body: never in a URL, a Location header or an access log.
 *
 * Password sign-in of an `obligatorio` provider's domain: POST /api/auth/login → 403
 * SSO_OBLIGATORIO (message naming the provider, `details: [{field: 'proveedorId', message:
 * '<id>'}]`) before the password is looked at; POST /api/auth/password/forgot → the same 403
 * (decided by the typed e-mail's domain alone, so it says nothing about whether the account
 * exists), no mail; POST /api/auth/password/reset with a token of such a user → the same 403;
 * POST /api/usuarios/:id/password-reset of such a user → the same 403, no mail.
 *
 * Linking: by (provider, `sub`); an existing account is linked only when its e-mail's domain is
 * in `dominios` and the provider vouches for the e-mail (`email_verified: true`, or Entra ID's
 * optional claim `xms_edov`). Mapped roles are re-synced at each sign-in; hand-given ones stay.
 *
 * Codes and Spanish texts live in their own objects (the shell bundles ERROR_CODES whole).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DOMINIOS_PERMITIDOS_MAX } from './configuracion';
import { pageSchema } from './listas';
import { pagedListSchema } from './usuarios';

/** The numbers of issue #18. */
export const SSO_LIMITS = {
  /** Life of a sign-in round (state, nonce, PKCE verifier), ms. */
  estadoTtlMs: 10 * 60_000,
  /** Life of the one-time result the callback hands to /login/sso, ms. */
  resultadoTtlMs: 60_000,
  /** Most group → role lines of one provider. */
  mapeoMax: 100,
} as const;

/**
 * Name of the cookie `start` sets with the round's `state` (HttpOnly, SameSite=Lax, Path the
 * provider's callback, 10 minutes): the callback accepts only a `state` that came back to the
 * browser which started the round, so a callback link made by someone else cannot sign this
 * browser in as them (login CSRF; RFC 9700 §4.7.1, OpenID Connect Core §3.1.2.1).
 */
export const SSO_ESTADO_COOKIE = 'gestion_sso_estado';
/** Name of the one-time result cookie set by the callback. */
export const SSO_RESULTADO_COOKIE = 'gestion_sso';
/** The only path the result cookie is sent to. */
export const SSO_RESULTADO_PATH = '/api/auth/sso/resultado';
/** The console page the callback sends the browser to (`?redirect=` or `?error=`). */
export const SSO_LOGIN_PAGE = '/login/sso';
/** Default name of the ID token / userinfo claim carrying the user's groups. */
export const SSO_CLAIM_GRUPOS_DEFECTO = 'groups';
/** Scopes of a provider created without `scopes`. */
export const SSO_SCOPES_DEFECTO = ['openid', 'email', 'profile'] as const;

/** Machine-readable codes of the single sign-on's answers (error bodies' `code`, `?error=`). */
export const SSO_ERROR_CODES = {
  /** 400 (admin): the issuer's discovery document could not be fetched. */
  issuerNoResponde: 'SSO_ISSUER_NO_RESPONDE',
  /** 400 (admin): the discovery document names another issuer. */
  issuerNoCoincide: 'SSO_ISSUER_NO_COINCIDE',
  /** 400 (admin): `http://` issuer outside 127.0.0.1, ::1 or localhost. */
  issuerInseguro: 'SSO_ISSUER_INSEGURO',
  /** 409 (admin): another provider has that nombre. */
  nombreEnUso: 'SSO_NOMBRE_EN_USO',
  /** ?error= : unknown or inactive provider, or its issuer does not answer. */
  proveedorNoDisponible: 'SSO_PROVEEDOR_NO_DISPONIBLE',
  /** ?error= : unknown, expired or spent `state`. */
  estadoInvalido: 'SSO_ESTADO_INVALIDO',
  /** ?error= : the provider's answer did not validate (code, PKCE, nonce, ID token). */
  respuestaInvalida: 'SSO_RESPUESTA_INVALIDA',
  /** ?error= : the provider answered an error (the person cancelled, access denied). */
  proveedorRechazo: 'SSO_PROVEEDOR_RECHAZO',
  /** ?error= : an existing account, but the provider does not say the e-mail is verified. */
  emailNoVerificado: 'SSO_EMAIL_NO_VERIFICADO',
  /** ?error= : the e-mail's domain is not one of the provider's `dominios`. */
  dominioNoPermitido: 'SSO_DOMINIO_NO_PERMITIDO',
  /** ?error= : no account for that person and the provider does not create users. */
  usuarioDesconocido: 'SSO_USUARIO_DESCONOCIDO',
  /** ?error= : the account is deactivated (or its invitation pending). */
  usuarioInactivo: 'SSO_USUARIO_INACTIVO',
  /** ?error= : the account is already linked to another identity of this provider. */
  cuentaYaVinculada: 'SSO_CUENTA_YA_VINCULADA',
  /** 401: POST /api/auth/sso/resultado without a live one-time value. */
  resultadoInvalido: 'SSO_RESULTADO_INVALIDO',
  /** 403: password sign-in or reset for a domain whose provider is `obligatorio`. */
  obligatorio: 'SSO_OBLIGATORIO',
} as const;
/** One of `SSO_ERROR_CODES`. */
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[keyof typeof SSO_ERROR_CODES];

/** Spanish texts, by the same keys as SSO_ERROR_CODES (the console shows them for `?error=`). */
export const SSO_MESSAGES = {
  issuerNoResponde:
    'El proveedor no responde en esa dirección (no se encontró su configuración OpenID)',
  issuerNoCoincide:
    'La configuración del proveedor indica otro emisor (issuer) distinto del escrito',
  issuerInseguro:
    'El emisor debe usar https:// (http:// solo se admite en 127.0.0.1, ::1 o localhost)',
  nombreEnUso: 'Ya existe un proveedor con ese nombre',
  proveedorNoDisponible: 'Ese proveedor de inicio de sesión no está disponible',
  estadoInvalido: 'El inicio de sesión caducó o no es válido. Vuelva a intentarlo',
  respuestaInvalida: 'La respuesta del proveedor no es válida. Vuelva a intentarlo',
  proveedorRechazo: 'El proveedor no completó el inicio de sesión',
  emailNoVerificado:
    'El proveedor no confirma que su correo esté verificado; no se puede vincular a su cuenta',
  dominioNoPermitido: 'El dominio de su correo no está admitido para este proveedor',
  usuarioDesconocido: 'No existe ninguna cuenta para ese correo. Pida acceso a un administrador',
  usuarioInactivo: 'Su cuenta está desactivada',
  cuentaYaVinculada: 'Su cuenta ya está vinculada a otra identidad de este proveedor',
  resultadoInvalido: 'El inicio de sesión caducó. Vuelva a intentarlo',
  /** 403 SSO_OBLIGATORIO: `{nombre}` is replaced by the provider's nombre. */
  obligatorio: 'Su organización inicia sesión con {nombre}. Use «Continuar con {nombre}»',
  /** 400 detail of `issuer`: not an absolute http(s) URL. */
  issuerNoValido: 'No es una dirección válida',
  /** 400 detail of `rolPorDefecto` / `mapeoGrupos`: the role does not exist. */
  rolDesconocido: 'El rol no existe',
  /** 400 detail of `dominios`. */
  dominioInvalido: 'No es un dominio de correo válido',
  /** 400 detail of `rolPorDefecto`: required when `crearUsuarios` is on. */
  rolPorDefectoObligatorio: 'Indique el rol de los usuarios que se crean',
  /** 400 detail of `clientSecret`: required when creating. */
  clientSecretObligatorio: 'Indique el secreto del cliente',
} as const;

/** `SSO_MESSAGES.obligatorio` for provider `nombre`. */
export function ssoObligatorioMessage(nombre: string): string {
  return SSO_MESSAGES.obligatorio.replaceAll('{nombre}', nombre);
}

/** One line of a provider's group mapping: members of `grupo` (claim value) hold `rol`. */
export const MapeoGrupoSchema = Type.Object(
  {
    grupo: Type.String({ minLength: 1, maxLength: 255, description: 'Valor del claim de grupos' }),
    rol: Type.String({ minLength: 1, maxLength: 60, description: 'Nombre del rol' }),
  },
  { additionalProperties: false },
);
export type MapeoGrupo = Static<typeof MapeoGrupoSchema>;

/** A provider as the administration sees it (the secret is never returned). */
export const ProveedorSsoSchema = Type.Object(
  {
    id: Type.Integer(),
    nombre: Type.String(),
    /** The issuer URL, exactly as discovery confirmed it. */
    issuer: Type.String(),
    clientId: Type.String(),
    /** True once a client secret is stored (it is write-only). */
    clientSecretConfigurado: Type.Boolean(),
    scopes: Type.Array(Type.String()),
    /** E-mail domains (lower-case) this provider links, creates and (obligatorio) owns. */
    dominios: Type.Array(Type.String()),
    /** An unknown person of an allowed domain is created with `rolPorDefecto`. */
    crearUsuarios: Type.Boolean(),
    /** Role nombre given to created users; null when none. */
    rolPorDefecto: Type.Union([Type.String(), Type.Null()]),
    mapeoGrupos: Type.Array(MapeoGrupoSchema),
    /** Claim read for the groups (default `groups`). */
    claimGrupos: Type.String(),
    /** Users of `dominios` may not sign in (nor reset) with a password. */
    obligatorio: Type.Boolean(),
    /** Shown on /login and usable; false keeps the configuration without offering it. */
    activo: Type.Boolean(),
    /** The redirect URI to register at the provider: `<APP_URL>/api/auth/sso/<id>/callback`. */
    redirectUri: Type.String(),
    /** ISO 8601. */
    creadoEn: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'ProveedorSso' },
);
export type ProveedorSso = Static<typeof ProveedorSsoSchema>;

/** GET /api/sso/proveedores query. */
export const ProveedoresSsoQuerySchema = Type.Object({
  page: pageSchema(),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type ProveedoresSsoQuery = Static<typeof ProveedoresSsoQuerySchema>;

/** 200 of GET /api/sso/proveedores. */
export const ProveedoresSsoPageSchema = pagedListSchema(ProveedorSsoSchema);
export type ProveedoresSsoPage = Static<typeof ProveedoresSsoPageSchema>;

const fields = {
  nombre: Type.String({ minLength: 1, maxLength: 80 }),
  issuer: Type.String({ minLength: 1, maxLength: 500 }),
  clientId: Type.String({ minLength: 1, maxLength: 255 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 1000 }),
  scopes: Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]{1,100}$' }), {
    maxItems: 30,
    description: "Siempre incluye 'openid'",
  }),
  dominios: Type.Array(Type.String({ maxLength: 253 }), { maxItems: DOMINIOS_PERMITIDOS_MAX }),
  crearUsuarios: Type.Boolean(),
  rolPorDefecto: Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Null()]),
  mapeoGrupos: Type.Array(MapeoGrupoSchema, { maxItems: SSO_LIMITS.mapeoMax }),
  claimGrupos: Type.String({ minLength: 1, maxLength: 100 }),
  obligatorio: Type.Boolean(),
  activo: Type.Boolean(),
};

/**
 * POST /api/sso/proveedores body. Defaults: scopes SSO_SCOPES_DEFECTO, dominios [],
 * crearUsuarios false, rolPorDefecto null, mapeoGrupos [], claimGrupos `groups`,
 * obligatorio false, activo true. `dominios` are normalised (trimmed, lower-case, no `@`) and
 * must match DOMINIO_PATTERN. An empty `dominios` links and creates nobody.
 */
export const CreateProveedorSsoSchema = Type.Object(
  {
    nombre: fields.nombre,
    issuer: fields.issuer,
    clientId: fields.clientId,
    clientSecret: fields.clientSecret,
    scopes: Type.Optional(fields.scopes),
    dominios: Type.Optional(fields.dominios),
    crearUsuarios: Type.Optional(fields.crearUsuarios),
    rolPorDefecto: Type.Optional(fields.rolPorDefecto),
    mapeoGrupos: Type.Optional(fields.mapeoGrupos),
    claimGrupos: Type.Optional(fields.claimGrupos),
    obligatorio: Type.Optional(fields.obligatorio),
    activo: Type.Optional(fields.activo),
  },
  { additionalProperties: false },
);
export type CreateProveedorSso = Static<typeof CreateProveedorSsoSchema>;

/** PATCH /api/sso/proveedores/:id body: any field of POST, plus the `version` read. */
export const UpdateProveedorSsoSchema = Type.Object(
  {
    nombre: Type.Optional(fields.nombre),
    issuer: Type.Optional(fields.issuer),
    clientId: Type.Optional(fields.clientId),
    clientSecret: Type.Optional(fields.clientSecret),
    scopes: Type.Optional(fields.scopes),
    dominios: Type.Optional(fields.dominios),
    crearUsuarios: Type.Optional(fields.crearUsuarios),
    rolPorDefecto: Type.Optional(fields.rolPorDefecto),
    mapeoGrupos: Type.Optional(fields.mapeoGrupos),
    claimGrupos: Type.Optional(fields.claimGrupos),
    obligatorio: Type.Optional(fields.obligatorio),
    activo: Type.Optional(fields.activo),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateProveedorSso = Static<typeof UpdateProveedorSsoSchema>;

/** One button of /login: GET /api/auth/sso/proveedores → ProveedorSsoPublico[]. */
export const ProveedorSsoPublicoSchema = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
});
export type ProveedorSsoPublico = Static<typeof ProveedorSsoPublicoSchema>;
export const ProveedoresSsoPublicosSchema = Type.Array(ProveedorSsoPublicoSchema);

/** `?redirect=` of GET /api/auth/sso/:id/start: a same-origin path (`isSafeRedirect`), else `/`. */
export const SsoStartQuerySchema = Type.Object({
  redirect: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type SsoStartQuery = Static<typeof SsoStartQuerySchema>;

/** Query of the callback, as the provider sends it (RFC 6749 §4.1.2). */
export const SsoCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  iss: Type.Optional(Type.String({ maxLength: 500 })),
  session_state: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SsoCallbackQuery = Static<typeof SsoCallbackQuerySchema>;
