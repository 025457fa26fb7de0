/**
 * Kysely table types. Domain nouns are Spanish (DESIGN.md §3). Every timestamp is an integer
 * epoch in milliseconds (`bigint` in PostgreSQL, read back as a JS number); booleans are
 * stored as 0/1 integers so one set of migrations and one set of queries serve both dialects
 * (better-sqlite3 cannot bind JS booleans).
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PasskeyDesafiosTable, PasskeysTable } from './passkeys-tables';
import type { ScimConexionesTable } from './scim-tables';
import type { ApiTokensTable } from './api-tokens-tables';

/** Epoch milliseconds. */
export type EpochMs = number;
/** 0 or 1. */
export type Flag = 0 | 1;

export interface UsuariosTable {
  id: Generated<number>;
  /** Normalised: trimmed, lowercase; unique. */
  email: string;
  nombre: string;
  /** argon2id PHC string; never leaves the api. */
  password_hash: string;
  activo: ColumnType<Flag, Flag | undefined, Flag>;
  /** Optimistic-lock counter (DESIGN.md §3), starts at 1. */
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  actualizado_en: EpochMs;
  /** Last successful sign-in; null until the first one. */
  ultimo_acceso: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
  /** nombre without accents, lowercase (migration 0002): sort key; see `usuarioSearchColumns`. */
  nombre_norm: ColumnType<string, string | undefined, string>;
  /** `nombre_norm email`, normalised (migration 0002): what the list's `q` matches. */
  busqueda: ColumnType<string, string | undefined, string>;
  /** 1 while an admin-set password must be changed at the next sign-in (migration 0010). */
  debe_cambiar_password: ColumnType<Flag, Flag | undefined, Flag>;
  /** 1 while an invited user has not set a password (migration 0010). */
  invitacion_pendiente: ColumnType<Flag, Flag | undefined, Flag>;
  /** 0 for a self-registration not yet verified (migration 0010); 1 otherwise. */
  email_verificado: ColumnType<Flag, Flag | undefined, Flag>;
  /** Locale of the user's mails, `es` or `en` (migration 0010). */
  idioma: ColumnType<string, string | undefined, string>;
  /** The directory's id of the user (SCIM `externalId`, migration 0016); unique when present. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RolesTable {
  id: Generated<number>;
  nombre: string;
  descripcion: string;
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  /** 1: holders must sign in with a second factor (issue #16, migration 0011). */
  mfa_obligatorio: ColumnType<number, number | undefined, number>;
}

export interface PermisosTable {
  id: Generated<number>;
  /** `recurso:accion`, from the shared catalogue. */
  nombre: string;
  descripcion: string;
  /** The resource part, for grouping in the role editor. */
  grupo: string;
}

export interface RolPermisosTable {
  rol_id: number;
  permiso_id: number;
}

export interface UsuarioRolesTable {
  usuario_id: number;
  rol_id: number;
}

/** A group (issue #17, migration 0014): its members hold its roles. */
export interface GruposTable {
  id: Generated<number>;
  nombre: string;
  descripcion: ColumnType<string, string | undefined, string>;
  /** The directory's id of the group (SCIM `externalId`); unique when present. */
  external_id: string | null;
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  /** Last write through SCIM (migration 0016), SCIM's `meta.lastModified`; null before one. */
  actualizado_en: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

export interface GrupoRolesTable {
  grupo_id: number;
  rol_id: number;
}

export interface GrupoMiembrosTable {
  grupo_id: number;
  usuario_id: number;
}

export interface SesionesTable {
  id: Generated<number>;
  /** Hex SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  usuario_id: number;
  creada_en: EpochMs;
  /** Last use, slid at most once a minute (see the auth plugin). */
  ultimo_uso: EpochMs;
  /** Absolute expiry: creada_en + SESSION_MAX_HOURS. */
  expira_en: EpochMs;
  ip: string | null;
  user_agent: string | null;
  /** Step-up (issue #16): when the password or a factor was last entered; null = creada_en. */
  reautenticado_en: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

export interface AuditoriaTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string | null;
  /** Dotted action name, e.g. `auth.login`, `auth.login_fallido`. */
  accion: string;
  objetivo_tipo: string | null;
  objetivo_id: string | null;
  /** JSON text, or null. */
  cambios: string | null;
  ip: string | null;
  creado_en: EpochMs;
}

export interface AjustesTable {
  clave: string;
  /** JSON text. */
  valor: string;
}

export interface EventosTable {
  id: Generated<number>;
  nombre: string;
  descripcion: ColumnType<string, string | undefined, string>;
  lugar: string;
  /** `nombre lugar` lower-cased without diacritics (see `searchText`); search only. */
  busqueda: string;
  fecha_inicio: EpochMs;
  fecha_fin: EpochMs;
  /** borrador | publicado | cancelado | finalizado (check constraint). */
  estado: ColumnType<string, string | undefined, string>;
  responsable_id: number | null;
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  actualizado_en: EpochMs;
}

export interface PeriodosTable {
  id: Generated<number>;
  evento_id: number;
  nombre: string;
  descripcion: ColumnType<string, string | undefined, string>;
  fecha_inicio: EpochMs;
  fecha_fin: EpochMs;
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  actualizado_en: EpochMs;
}

/** A saved report (issue #6, migration 0005). */
export interface InformesTable {
  id: Generated<number>;
  nombre: string;
  /** nombre lower-cased without diacritics (`searchText`): the list's `q` and sort key. */
  busqueda: string;
  descripcion: ColumnType<string, string | undefined, string>;
  /** One of `INFORME_TIPOS` (check constraint). */
  tipo: string;
  /** The saved filter (`FiltroGuardado`) as JSON text, or null. */
  filtros: string | null;
  /** The author; null once the author is deleted (ON DELETE SET NULL). */
  creado_por: number | null;
  version: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  actualizado_en: EpochMs;
}

/** Periods per event, kept by triggers on `periodos` (migration 0005); no row for 0. */
export interface PeriodosPorEventoTable {
  evento_id: number;
  n: number;
}

/** The mail outbox (issue #15, migration 0009); see api/src/mail/outbox.ts. */
export interface CorreosTable {
  id: Generated<number>;
  /** Normalised e-mail address. */
  destinatario: string;
  /** The `MailTemplate` it was rendered from. */
  plantilla: string;
  asunto: string;
  /** The rendered bodies; null once sent (they carry single-use links). */
  cuerpo_html: string | null;
  cuerpo_texto: string | null;
  /** pendiente | enviado | fallido (check constraint). */
  estado: ColumnType<string, string | undefined, string>;
  /** Attempts started. */
  intentos: ColumnType<number, number | undefined, number>;
  /** When the row is next due; 0 = at once. */
  proximo_intento: ColumnType<EpochMs, EpochMs | undefined, EpochMs>;
  /** Lease of the worker delivering it; null when nobody holds it. */
  bloqueado_hasta: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
  ultimo_error: ColumnType<string | null, string | null | undefined, string | null>;
  creado_en: EpochMs;
  enviado_en: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

/** A mailed single-use token of the account lifecycle (issue #15, migration 0010). */
export interface TokensCuentaTable {
  id: Generated<number>;
  usuario_id: number;
  /** reset | invitacion | verificacion | cambio_email | login (see `TOKEN_TIPOS`). */
  tipo: string;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** What the token applies: the new e-mail of a change, the hashed code of a challenge. */
  dato: string | null;
  /** Wrong codes tried against a challenge token. */
  intentos: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  expira_en: EpochMs;
  /** When it was spent or voided; null while usable. */
  usado_en: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

/** A device (user-agent fingerprint) a user signed in from (issue #15, migration 0010). */
export interface DispositivosTable {
  usuario_id: number;
  /** Hex SHA-256 of the User-Agent header. */
  huella: string;
  visto_en: EpochMs;
}

/** TOTP of a user (issue #16, migration 0011): secret encrypted, pending or active. */
export interface MfaTotpTable {
  usuario_id: number;
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM (lib/mfa-crypto.ts). */
  secreto: string;
  activo: number;
  creado_en: EpochMs;
  activado_en: EpochMs | null;
  /** Last accepted RFC 6238 time step; -1 before any. */
  ultimo_paso: ColumnType<number, number | undefined, number>;
}

/** One recovery code (issue #16): argon2id of the code, found by its plain `selector`. */
export interface MfaCodigosRecuperacionTable {
  id: Generated<number>;
  usuario_id: number;
  selector: string;
  hash: string;
  creado_en: EpochMs;
  usado_en: EpochMs | null;
}

/** A second-step or enrolment token (issue #16): SHA-256 only, 5 minutes, 5 wrong codes. */
export interface MfaDesafiosTable {
  id: Generated<number>;
  usuario_id: number;
  token_hash: string;
  configurar: number;
  intentos: ColumnType<number, number | undefined, number>;
  creado_en: EpochMs;
  expira_en: EpochMs;
  usado_en: EpochMs | null;
}

/** Consecutive failed second factors of a user and the lock they set (issue #16). */
export interface MfaFallosTable {
  usuario_id: number;
  fallos: number;
  bloqueado_hasta: EpochMs | null;
}

export interface Database {
  usuarios: UsuariosTable;
  roles: RolesTable;
  permisos: PermisosTable;
  rol_permisos: RolPermisosTable;
  usuario_roles: UsuarioRolesTable;
  grupos: GruposTable;
  grupo_roles: GrupoRolesTable;
  grupo_miembros: GrupoMiembrosTable;
  sesiones: SesionesTable;
  auditoria: AuditoriaTable;
  ajustes: AjustesTable;
  eventos: EventosTable;
  periodos: PeriodosTable;
  informes: InformesTable;
  periodos_por_evento: PeriodosPorEventoTable;
  correos: CorreosTable;
  tokens_cuenta: TokensCuentaTable;
  dispositivos: DispositivosTable;
  mfa_totp: MfaTotpTable;
  mfa_codigos_recuperacion: MfaCodigosRecuperacionTable;
  mfa_desafios: MfaDesafiosTable;
  mfa_fallos: MfaFallosTable;
  passkeys: PasskeysTable;
  passkey_desafios: PasskeyDesafiosTable;
  scim_conexiones: ScimConexionesTable;
  api_tokens: ApiTokensTable;
}

export type UsuarioRow = Selectable<UsuariosTable>;
export type NewUsuario = Insertable<UsuariosTable>;
export type SesionRow = Selectable<SesionesTable>;
export type AuditoriaRow = Selectable<AuditoriaTable>;
