/**
 * /api/grupos (issue #17 "Groups"): a group carries roles, and every member holds them. A user's
 * effective roles are their own roles plus the roles of their groups; GET /api/auth/me returns
 * them in SPEC's shape (`roles[].nombre`, `roles[].permisos[].nombre`), each role inherited from
 * a group carrying `origen` (see `RoleOrigenSchema` in ./user).
 *
 * Delegation (issue #13 rule 1, DESIGN.md §8): adding a user to a group grants its roles, so a
 * non-admin writes a group (creates it, renames it, changes its roles, adds or removes members,
 * deletes it) only when they may give every role it carries before and after the change; and
 * adds or removes only users they may act on (rule 2). Refusals are 403 FORBIDDEN, audited.
 *
 * The Spanish texts of the refusals particular to groups are in `GRUPOS_MESSAGES`, with their
 * codes in `GRUPOS_ERROR_CODES` (own objects: the shell bundles ERROR_CODES/API_MESSAGES whole).
 */
import { Type, type Static } from '@sinclair/typebox';
import { pageSchema, searchTextSchema, idSchema } from './listas';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, pagedListSchema } from './usuarios';

/** Largest group nombre (SCIM `displayName`s of directories run longer than role nombres). */
export const GRUPO_NOMBRE_MAX_LENGTH = 120;
/** Largest group descripcion. */
export const GRUPO_DESCRIPCION_MAX_LENGTH = 255;
/** Largest `externalId` (the directory's own id of the group, e.g. an Entra object id). */
export const GRUPO_EXTERNAL_ID_MAX_LENGTH = 255;
/** Most users added or removed by one PUT /api/grupos/:id/miembros. */
export const GRUPO_MIEMBROS_POR_PETICION_MAX = 500;

/** Codes of the api's refusals particular to groups (the UI translates by them). */
export const GRUPOS_ERROR_CODES = {
  /** 409: another group has that nombre (ignoring case). */
  nombreEnUso: 'GRUPO_NOMBRE_EN_USO',
  /** 409: another group has that externalId. */
  externalIdEnUso: 'GRUPO_EXTERNAL_ID_EN_USO',
} as const;
/** One of `GRUPOS_ERROR_CODES`. */
export type GrupoErrorCode = (typeof GRUPOS_ERROR_CODES)[keyof typeof GRUPOS_ERROR_CODES];

/** Spanish texts of the refusals particular to groups. */
export const GRUPOS_MESSAGES = {
  /** 409 GRUPO_NOMBRE_EN_USO. */
  nombreEnUso: 'Ya existe un grupo con ese nombre',
  /** 409 GRUPO_EXTERNAL_ID_EN_USO. */
  externalIdEnUso: 'Ya existe un grupo con ese identificador externo',
  /** 400 detail of `nombre`: empty after trimming. */
  nombreObligatorio: 'El nombre del grupo es obligatorio',
  /** 400 detail of `roles`: a role that does not exist (the unknown nombres follow). */
  rolDesconocido: 'El rol no existe',
  /** 400 detail of `añadir`/`quitar`: a user id that does not exist (the ids follow). */
  usuarioDesconocido: 'El usuario no existe',
} as const;

/** A group as the administration sees it. */
export const GrupoSchema = Type.Object(
  {
    id: Type.Integer(),
    nombre: Type.String(),
    descripcion: Type.String(),
    /** Role nombres every member holds through the group, by nombre. */
    roles: Type.Array(Type.String()),
    /** The organisation directory's id of the group (SCIM `externalId`); absent when none. */
    externalId: Type.Optional(Type.String()),
    /** How many users are members. */
    miembros: Type.Integer(),
    /** ISO 8601. */
    creadoEn: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'Grupo' },
);
/** A group: `{id, nombre, descripcion, roles, externalId?, miembros, creadoEn, version}`. */
export type Grupo = Static<typeof GrupoSchema>;

/** Sort keys of GET /api/grupos (default `nombre`). */
export const GRUPO_SORT_FIELDS = ['nombre', 'miembros', 'creadoEn'] as const;

/**
 * GET /api/grupos (grupos:ver): `q` matches nombre or descripcion, case-insensitive; `usuarioId`
 * lists only the groups that user belongs to (the user page). Paged and sorted like every admin
 * list: `?page=&pageSize=&sort=campo|-campo`.
 */
export const GruposQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  usuarioId: Type.Optional(idSchema('Solo los grupos de este usuario')),
  sort: Type.Optional(
    Type.String({ pattern: `^-?(${GRUPO_SORT_FIELDS.join('|')})$`, default: 'nombre' }),
  ),
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});
export type GruposQuery = Static<typeof GruposQuerySchema>;

/** 200 of GET /api/grupos. */
export const GruposPageSchema = pagedListSchema(GrupoSchema);
export type GruposPage = Static<typeof GruposPageSchema>;

const rolesField = Type.Array(Type.String({ maxLength: 60 }), { maxItems: 100 });
const externalIdField = Type.String({ minLength: 1, maxLength: GRUPO_EXTERNAL_ID_MAX_LENGTH });

/**
 * POST /api/grupos (grupos:gestionar) → 201 Grupo. 400: nombre empty, unknown role (details
 * `roles`); 403: a role the caller may not give (details `roles`); 409 GRUPO_NOMBRE_EN_USO or
 * GRUPO_EXTERNAL_ID_EN_USO.
 */
export const CreateGrupoSchema = Type.Object(
  {
    nombre: Type.String({ maxLength: GRUPO_NOMBRE_MAX_LENGTH }),
    descripcion: Type.Optional(Type.String({ maxLength: GRUPO_DESCRIPCION_MAX_LENGTH })),
    roles: Type.Optional(rolesField),
    externalId: Type.Optional(externalIdField),
  },
  { additionalProperties: false },
);
export type CreateGrupo = Static<typeof CreateGrupoSchema>;

/**
 * PATCH /api/grupos/:id (grupos:gestionar) → 200 Grupo: rename, describe, replace roles, set the
 * externalId. Stale `version` → 409 VERSION_CONFLICT; other refusals as POST.
 */
export const UpdateGrupoSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: GRUPO_NOMBRE_MAX_LENGTH })),
    descripcion: Type.Optional(Type.String({ maxLength: GRUPO_DESCRIPCION_MAX_LENGTH })),
    roles: Type.Optional(rolesField),
    externalId: Type.Optional(externalIdField),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateGrupo = Static<typeof UpdateGrupoSchema>;

const userIds = Type.Array(idSchema('Id de usuario'), {
  maxItems: GRUPO_MIEMBROS_POR_PETICION_MAX,
});

/**
 * PUT /api/grupos/:id/miembros (grupos:gestionar) → 200 Grupo (with the new `miembros` count).
 * Adding a member already in the group, or removing one who is not, changes nothing. 400 for an
 * unknown user id (details `añadir`/`quitar`); 403 when the caller may not give the group's
 * roles, or may not act on one of the users (rule 2); 404 for an unknown group.
 */
export const MiembrosGrupoSchema = Type.Object(
  { añadir: Type.Optional(userIds), quitar: Type.Optional(userIds) },
  { additionalProperties: false },
);
export type MiembrosGrupo = Static<typeof MiembrosGrupoSchema>;

/** One member of a group (GET /api/grupos/:id/miembros). */
export const MiembroGrupoSchema = Type.Object(
  { id: Type.Integer(), email: Type.String(), nombre: Type.String(), activo: Type.Boolean() },
  { $id: 'MiembroGrupo' },
);
export type MiembroGrupo = Static<typeof MiembroGrupoSchema>;

/** GET /api/grupos/:id/miembros (grupos:ver): `q` in e-mail or nombre; by nombre, then id. */
export const MiembrosQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});
export type MiembrosQuery = Static<typeof MiembrosQuerySchema>;

/** 200 of GET /api/grupos/:id/miembros. */
export const MiembrosPageSchema = pagedListSchema(MiembroGrupoSchema);
export type MiembrosPage = Static<typeof MiembrosPageSchema>;
