/**
 * /api/usuarios and "Mi cuenta" (/api/auth/me PATCH, /api/auth/password): request and response
 * schemas (issue #4, DESIGN.md §3). The api validates with them; remote-auth types its RTK Query
 * endpoints with the `Static` types.
 *
 * Conventions of every admin list (DESIGN.md §3): `?q=&page=&pageSize=&sort=` where `sort` is
 * `campo` (ascending) or `-campo` (descending); the answer is `{items, total, page, pageSize}`.
 * Every stored object carries an integer `version`; a PATCH sends the `version` it was based on
 * and a stale one gets 409 `VERSION_CONFLICT` with `API_MESSAGES.versionConflict`.
 * Timestamps are ISO 8601 strings (UTC, e.g. `2026-01-15T09:00:00.000Z`).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, NOMBRE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { UserSchema } from './user';
import { idSchema, pageSchema, searchTextSchema } from './listas';

/** Default and largest `pageSize` of every admin list. */
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;

/**
 * GET /api/usuarios counts the matches of a `q` or `activo` filter only up to this many (issue #4:
 * an exact count over a million users cost more than the 50 ms target); at the cap `total` says
 * "at least this many" and the grid shows "más de 2000". Unfiltered and role-only totals are
 * exact at any size (trigger-kept counters).
 */
export const USUARIOS_TOTAL_MAX = 2000;

/** `page` (1-based) and `pageSize` (1..100, default 25) of every admin list query. */
export const PagingQuerySchema = Type.Object({
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});

/** `{items, total, page, pageSize}` of `item` — the answer of every admin list. */
export function pagedListSchema<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    /** Rows matching the filter, over all pages. */
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

/** Spanish texts of the administration's refusals, shared so the UI can match or reuse them. */
export const ADMIN_MESSAGES = {
  /** 409 CONFLICT: deactivating, deleting or removing `admin` from the last active admin. */
  lastAdmin: 'No se puede dejar el sistema sin ningún administrador activo',
  /** 200 of DELETE /api/usuarios/:id when the user owns data (`desactivado: true`). */
  deactivatedInstead:
    'El usuario tiene datos asociados y no se puede eliminar; se ha desactivado en su lugar',
  /** 400 detail of `roles` naming a role that does not exist. */
  unknownRole: 'El rol no existe',
  /** 400 detail of `permisos` naming a permission outside the catalogue. */
  unknownPermission: 'El permiso no existe',
  /** 409 CONFLICT: `admin` cannot be deleted, renamed or have its permissions changed. */
  adminRoleFixed: 'El rol admin no se puede eliminar, renombrar ni cambiar sus permisos',
  /** 409 CONFLICT: DELETE /api/roles/:id while users hold it and no `?reemplazo=`. */
  roleInUse: 'Hay usuarios con este rol; indique un rol de reemplazo para eliminarlo',
  /** 409 CONFLICT: the role is the default role of self-registration. */
  roleIsDefault:
    'Es el rol por defecto del registro; indique el nuevo rol por defecto para eliminarlo',
  /** 400 detail of `reemplazo`: the replacement must be another existing role. */
  invalidReplacement: 'El rol de reemplazo debe ser otro rol existente',
  /** 409 EMAIL_TAKEN-like: a role with that nombre exists. */
  roleNameTaken: 'Ya existe un rol con ese nombre',
  /** 400 detail of `nombre` of a role. */
  roleNameInvalid:
    'El nombre del rol es obligatorio (hasta 60 caracteres: letras, números, espacios, - o _)',
  /** 400 detail of `actual` in POST /api/auth/password. */
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  /** 400 detail of `nueva` when it equals the current one. */
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  /** 400 of POST /api/usuarios/import with rejected rows (nothing was written). */
  importRejected: 'La importación tiene filas rechazadas; no se ha guardado ninguna',
  /** 400 of an import body that is not a CSV with the header email,nombre,roles. */
  importBadHeader: 'El CSV debe tener la cabecera email,nombre,roles',
  importEmpty: 'El CSV no contiene filas',
  importTooManyRows: 'El CSV supera el máximo de 5000 filas',
  /** Per-row `motivo` values of the import report. */
  importInvalidEmail: 'Correo electrónico no válido',
  importNombreRequired: 'El nombre es obligatorio',
  importDuplicateEmail: 'Correo electrónico repetido en el archivo',
  importUnknownRole: 'Rol inexistente',
  importLastAdmin: 'Quitaría el rol admin al último administrador activo',
  /** 400 detail of `desde`/`hasta` of the audit filter. */
  invalidDate: 'Fecha no válida (use el formato ISO 8601, p. ej. 2026-01-31)',
  /** 400 detail of `rolPorDefecto`. */
  defaultRoleUnknown: 'El rol por defecto debe ser un rol existente',
  /**
   * Former 400 detail of `rolPorDefecto` = admin. Since issue #13 the api answers 403 FORBIDDEN
   * with DELEGATION_MESSAGES.adminNeverDefault instead; kept for clients that still match it.
   */
  defaultRoleAdmin: 'El registro abierto no puede dar el rol admin',
  /**
   * 400 detail of `rolPorDefecto` of DELETE /api/roles/:id naming the role being deleted
   * (issue #13: the caller names the new default; it cannot be the one that goes).
   */
  defaultRoleDeleted: 'El nuevo rol por defecto debe ser otro rol, no el que se elimina',
  /** `motivo` of the caller's own id in POST /api/usuarios/bulk (issue #13, rule 5). */
  bulkSelf: 'Las acciones masivas no se aplican a su propia cuenta',
  /** 400 detail of `rol` of POST /api/usuarios/bulk for asignarRol and quitarRol. */
  bulkRolRequired: 'Indique el rol que se asigna o se quita',
  /** 202 of POST /api/usuarios/:id/password-reset (issue #15). */
  resetSent: 'Se ha enviado al usuario un enlace para restablecer la contraseña',
  /** 202 of POST /api/usuarios/:id/invitation (issue #15). */
  invitationSent: 'Se ha enviado una nueva invitación; el enlace anterior ya no sirve',
  /** 409 CONFLICT of POST and DELETE /api/usuarios/:id/invitation for a user not pending. */
  invitationNotPending: 'El usuario no tiene una invitación pendiente',
  /** 409 CONFLICT of POST /api/usuarios/:id/password-reset for a user still invited. */
  resetWhileInvited: 'El usuario aún no ha aceptado su invitación; reenvíela en su lugar',
} as const;

/** Sort keys of GET /api/usuarios. */
export const USUARIO_SORT_FIELDS = ['nombre', 'email', 'creadoEn', 'ultimoAcceso'] as const;
export type UsuarioSortField = (typeof USUARIO_SORT_FIELDS)[number];

/**
 * GET /api/usuarios and GET /api/usuarios/export query. `q` matches e-mail or nombre, case- and
 * accent-insensitive, anywhere in the text ("jose" finds "José"; with several words each must
 * appear, in any order: "nunez jose" finds "José Núñez"); `rol` a role nombre; `activo`
 * `true`/`false`; `sort` one of USUARIO_SORT_FIELDS, `-` for descending (default `nombre`).
 * Export ignores `page`/`pageSize` and streams every matching row.
 */
export const UsuariosQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  rol: Type.Optional(searchTextSchema(60)),
  activo: Type.Optional(Type.Boolean()),
  /** `true`: only users with a pending invitation; `false`: only the others (issue #15). */
  invitacionPendiente: Type.Optional(Type.Boolean()),
  sort: Type.Optional(
    Type.String({ pattern: `^-?(${USUARIO_SORT_FIELDS.join('|')})$`, default: 'nombre' }),
  ),
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});
export type UsuariosQuery = Static<typeof UsuariosQuerySchema>;

/** A user as the administration sees it (list item, GET /:id, and every write's answer). */
export const UsuarioSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    nombre: Type.String(),
    activo: Type.Boolean(),
    /** Role nombres, alphabetical. */
    roles: Type.Array(Type.String()),
    /** ISO 8601. */
    creadoEn: Type.String({ format: 'date-time' }),
    /** Last successful sign-in, ISO 8601; null until the first one. */
    ultimoAcceso: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /**
     * `true` while the user was invited and has not yet set a password (cannot sign in); the
     * api always sends it (optional only for clients built before issue #15).
     */
    invitacionPendiente: Type.Optional(Type.Boolean()),
    version: Type.Integer(),
  },
  { $id: 'Usuario' },
);
export type Usuario = Static<typeof UsuarioSchema>;

/** 200 of GET /api/usuarios. */
export const UsuariosPageSchema = pagedListSchema(UsuarioSchema);
export type UsuariosPage = Static<typeof UsuariosPageSchema>;

/** `:id` of /api/usuarios/:id, /api/roles/:id, /api/sesiones/:id. */
export const IdParamsSchema = Type.Object({ id: idSchema() });
export type IdParams = Static<typeof IdParamsSchema>;

/**
 * POST /api/usuarios (issue #15). Without `password` nor `generarPassword` the user is created
 * pending (`invitacionPendiente: true`, cannot sign in) and mailed an invitation link
 * (APP_URL/invitacion?token=…, 72 h). With `generarPassword: true` a temporary password (no
 * ambiguous characters O 0 l 1 I) is generated and returned once as `passwordTemporal`; with an
 * explicit `password` (api clients) that one is set. In both cases the account must change it
 * at its first sign-in (`debeCambiarPassword`, ASVS 6.4.6). `roles` are role nombres (default:
 * none). 400 with `details` per field
 * (email, nombre, password, roles); 403 FORBIDDEN (details field `roles`) for a role the caller
 * may not give (issue #13 rule 1: `canChangeRoles`); 409 EMAIL_TAKEN.
 */
export const CreateUsuarioSchema = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
    nombre: Type.String({ maxLength: NOMBRE_MAX_LENGTH }),
    password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
    generarPassword: Type.Optional(Type.Boolean()),
    roles: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type CreateUsuario = Static<typeof CreateUsuarioSchema>;

/** 201 of POST /api/usuarios: the stored user, plus `passwordTemporal` when `generarPassword`. */
export const CreatedUsuarioSchema = Type.Composite([
  UsuarioSchema,
  Type.Object({ passwordTemporal: Type.Optional(Type.String()) }),
]);
export type CreatedUsuario = Static<typeof CreatedUsuarioSchema>;

/**
 * PATCH /api/usuarios/:id → 200 Usuario. 403 FORBIDDEN for a user more powerful than the caller
 * (details field `id`) or deactivating one's own account (field `activo`) — issue #13 rules 2
 * and 5, `canActOnUser`; 409 VERSION_CONFLICT when `version` is stale; 409 CONFLICT
 * (ADMIN_MESSAGES.lastAdmin) for deactivating the last active admin; deactivating revokes every
 * session of the user at once.
 */
export const UpdateUsuarioSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: NOMBRE_MAX_LENGTH })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
    activo: Type.Optional(Type.Boolean()),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateUsuario = Static<typeof UpdateUsuarioSchema>;

/**
 * PUT /api/usuarios/:id/roles → 200 Usuario. Replaces the user's roles. `version` optional:
 * when sent, a stale one gets 409 VERSION_CONFLICT. Unknown role → 400 (details field `roles`);
 * a role given or taken that the caller may not, a more powerful user, or `admin` dropped from
 * one's own account → 403 FORBIDDEN (issue #13 rules 1, 2, 5; details field `roles` or `id`);
 * removing `admin` from the last active admin → 409 CONFLICT.
 */
export const SetRolesSchema = Type.Object(
  {
    roles: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50 }),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type SetRoles = Static<typeof SetRolesSchema>;

/**
 * DELETE /api/usuarios/:id: 204 when deleted; 200 with this body when the user owns data and
 * was deactivated instead (`message` is ADMIN_MESSAGES.deactivatedInstead). 403 FORBIDDEN for
 * one's own account or a more powerful user (issue #13); 409 CONFLICT for the last active admin.
 */
export const DeleteUsuarioResponseSchema = Type.Object({
  desactivado: Type.Literal(true),
  usuario: UsuarioSchema,
  message: Type.String(),
});
export type DeleteUsuarioResponse = Static<typeof DeleteUsuarioResponseSchema>;

/** 200 of POST /api/usuarios/:id/sessions/revoke and POST /api/sesiones/revocar-otras. */
export const RevokedSchema = Type.Object({ revocadas: Type.Integer() });
export type Revoked = Static<typeof RevokedSchema>;

/** Columns of the users CSV (export header; the import needs email, nombre, roles). */
export const USUARIOS_CSV_COLUMNS = [
  'email',
  'nombre',
  'roles',
  'activo',
  'creadoEn',
  'ultimoAcceso',
] as const;

/**
 * One row of the import report. `fila` is the 1-based line number in the file counting the
 * header as line 1 (so the first data row is 2). `passwordTemporal` is no longer sent (issue #15:
 * created rows are invited by mail); kept optional for older clients.
 */
export const ImportRowSchema = Type.Object({
  fila: Type.Integer(),
  email: Type.String(),
  resultado: Type.Union([
    Type.Literal('creado'),
    Type.Literal('actualizado'),
    Type.Literal('rechazado'),
  ]),
  motivo: Type.Optional(Type.String()),
  passwordTemporal: Type.Optional(Type.String()),
});
export type ImportRow = Static<typeof ImportRowSchema>;

/**
 * 200 of POST /api/usuarios/import?dryRun=1 (nothing written, `aplicado: false`) and of
 * POST /api/usuarios/import (every row written, `aplicado: true`). Body: `text/csv` with the
 * header `email,nombre,roles` (any order, extra columns ignored), roles separated by `|` or `;`,
 * at most 5000 rows, 2 MiB. An existing e-mail is `actualizado` (nombre and roles replaced); a
 * new one `creado` (pending, mailed an invitation: issue #15). An apply with any rejected row
 * writes nothing and answers 400 VALIDATION_ERROR (ADMIN_MESSAGES.importRejected) with one
 * `details` entry per rejected row: `{field: 'fila 3', message: motivo}`.
 */
export const ImportReportSchema = Type.Object({
  aplicado: Type.Boolean(),
  filas: Type.Array(ImportRowSchema),
  resumen: Type.Object({
    creados: Type.Integer(),
    actualizados: Type.Integer(),
    rechazados: Type.Integer(),
  }),
});
export type ImportReport = Static<typeof ImportReportSchema>;

/** `?dryRun=1` (or `true`) of POST /api/usuarios/import. */
export const ImportQuerySchema = Type.Object({
  dryRun: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')]),
  ),
});
export type ImportQuery = Static<typeof ImportQuerySchema>;

/**
 * PATCH /api/auth/me ("Mi cuenta", signed in, no permission) → 200 `{user}` (MeResponse).
 * `idioma` is the locale of the user's mails (issue #15); the shell may send it when the user
 * switches language.
 */
export const UpdateMeSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: NOMBRE_MAX_LENGTH })),
    idioma: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')])),
  },
  { additionalProperties: false },
);
export type UpdateMe = Static<typeof UpdateMeSchema>;

/** 200 of PATCH /api/auth/me. */
export const UpdateMeResponseSchema = Type.Object({ user: UserSchema });

/**
 * POST /api/auth/password → 204. Wrong `actual` → 400 VALIDATION_ERROR with details
 * `[{field: 'actual', message: ADMIN_MESSAGES.wrongCurrentPassword}]`; `nueva` obeys the
 * password policy (details field `nueva`). Every other session of the user is revoked; the
 * current one stays signed in.
 */
export const ChangePasswordSchema = Type.Object(
  {
    actual: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
    nueva: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type ChangePassword = Static<typeof ChangePasswordSchema>;
