/**
 * /api/roles and /api/permisos (issue #4, DESIGN.md §4). Permissions are `recurso:accion` names
 * of the shared catalogue; `admin` holds every permission implicitly and lists none of its own.
 */
import { Type, type Static } from '@sinclair/typebox';
import { pageSchema, searchTextSchema } from './listas';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX, pagedListSchema } from './usuarios';

/**
 * Who may read GET /api/roles and /api/roles/:id: besides `roles:ver`, whoever gives roles or acts
 * on users (`usuarios:crear`, `usuarios:editar`, `usuarios:eliminar`) or picks the default role
 * (`configuracion:gestionar`). The console needs each role's permissions to apply the delegation
 * rules (issue #13) — without them it would offer actions the api then refuses.
 */
export const ROLES_READ_PERMISSIONS = [
  'roles:ver',
  'usuarios:crear',
  'usuarios:editar',
  'usuarios:eliminar',
  'configuracion:gestionar',
] as const;

/** Largest role nombre. */
export const ROL_NOMBRE_MAX_LENGTH = 60;

/** A role as the administration sees it. */
export const RolSchema = Type.Object(
  {
    id: Type.Integer(),
    nombre: Type.String(),
    descripcion: Type.String(),
    /** Permission names in catalogue order; `[]` for `admin` (it holds all implicitly). */
    permisos: Type.Array(Type.String()),
    /** How many users hold the role (active or not). */
    usuarios: Type.Integer(),
    /**
     * Whether holders must sign in with a second factor (issue #16). The api always sends it;
     * optional in the type only so the console's role fixtures stay valid until its role editor
     * shows "Requiere verificación en dos pasos".
     */
    mfaObligatorio: Type.Optional(Type.Boolean()),
    /** ISO 8601. */
    creadoEn: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'Rol' },
);
export type Rol = Static<typeof RolSchema>;

/** Sort keys of GET /api/roles (default `nombre`). */
export const ROL_SORT_FIELDS = ['nombre', 'usuarios', 'creadoEn'] as const;

/** GET /api/roles (roles:ver): `q` matches nombre or descripcion, case-insensitive. */
export const RolesQuerySchema = Type.Object({
  q: Type.Optional(searchTextSchema(200)),
  sort: Type.Optional(
    Type.String({ pattern: `^-?(${ROL_SORT_FIELDS.join('|')})$`, default: 'nombre' }),
  ),
  page: pageSchema(),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ADMIN_PAGE_SIZE_MAX,
    default: ADMIN_PAGE_SIZE_DEFAULT,
  }),
});
export type RolesQuery = Static<typeof RolesQuerySchema>;

/** 200 of GET /api/roles. */
export const RolesPageSchema = pagedListSchema(RolSchema);
export type RolesPage = Static<typeof RolesPageSchema>;

/**
 * POST /api/roles (roles:gestionar) → 201 Rol. A permission outside the catalogue → 400 with
 * details field `permisos`; a permission the caller does not hold → 403 FORBIDDEN (issue #13
 * rule 3, `canWritePermissions`; details field `permisos`); a nombre taken, ignoring case (no
 * `Admin` beside `admin`) → 409 CONFLICT (ADMIN_MESSAGES.roleNameTaken).
 */
export const CreateRolSchema = Type.Object(
  {
    nombre: Type.String({ maxLength: ROL_NOMBRE_MAX_LENGTH }),
    descripcion: Type.Optional(Type.String({ maxLength: 255 })),
    permisos: Type.Array(Type.String({ maxLength: 80 }), { maxItems: 200 }),
    /** Holders must use a second factor (issue #16); default false. */
    mfaObligatorio: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateRol = Static<typeof CreateRolSchema>;

/**
 * PATCH /api/roles/:id (roles:gestionar) → 200 Rol: rename, describe, replace permissions.
 * Stale `version` → 409 VERSION_CONFLICT; renaming `admin` or changing its permissions → 409
 * CONFLICT (ADMIN_MESSAGES.adminRoleFixed); unknown permission → 400; a nombre taken ignoring
 * case → 409. 403 FORBIDDEN (issue #13 rule 3) for permissions added or removed that the caller
 * does not hold or of a role the caller holds (details field `permisos`), and for renaming or
 * describing a role carrying permissions the caller lacks (field `nombre`/`descripcion`).
 */
export const UpdateRolSchema = Type.Object(
  {
    nombre: Type.Optional(Type.String({ maxLength: ROL_NOMBRE_MAX_LENGTH })),
    descripcion: Type.Optional(Type.String({ maxLength: 255 })),
    permisos: Type.Optional(Type.Array(Type.String({ maxLength: 80 }), { maxItems: 200 })),
    /**
     * Holders must use a second factor (issue #16). Switching it off needs step-up (403
     * REAUTENTICACION_REQUERIDA) and is audited.
     */
    mfaObligatorio: Type.Optional(Type.Boolean()),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateRol = Static<typeof UpdateRolSchema>;

/**
 * DELETE /api/roles/:id?reemplazo=<nombre>&rolPorDefecto=<nombre> (roles:gestionar) → 204.
 * While users hold the role it is refused with 409 CONFLICT (ADMIN_MESSAGES.roleInUse) unless
 * `reemplazo` names another existing role, which those users are given instead. Deleting the
 * default role of self-registration needs `rolPorDefecto`, the new default, named by the caller
 * (409 CONFLICT ADMIN_MESSAGES.roleIsDefault without it): the default never moves silently.
 * `admin` is never deletable, a replacement nor a default; both roles obey the delegation rules
 * (403 FORBIDDEN).
 */
export const DeleteRolQuerySchema = Type.Object({
  reemplazo: Type.Optional(
    Type.String({
      maxLength: ROL_NOMBRE_MAX_LENGTH,
      description: 'Rol que reciben quienes tenían el rol eliminado',
    }),
  ),
  rolPorDefecto: Type.Optional(
    Type.String({
      maxLength: ROL_NOMBRE_MAX_LENGTH,
      description: 'Nuevo rol por defecto del registro, si se elimina el actual',
    }),
  ),
});
export type DeleteRolQuery = Static<typeof DeleteRolQuerySchema>;

/** One permission of the catalogue (GET /api/permisos). */
export const PermisoSchema = Type.Object({
  /** `recurso:accion`, e.g. `usuarios:ver`. */
  nombre: Type.String(),
  /** Spanish, e.g. `Ver usuarios`. */
  descripcion: Type.String(),
  /** The resource part, e.g. `usuarios`: the role editor groups by it. */
  grupo: Type.String(),
});
export type Permiso = Static<typeof PermisoSchema>;

/**
 * 200 of GET /api/permisos (roles:ver): the whole catalogue in one page, catalogue order
 * (`page` 1, `pageSize` = `total`).
 */
export const PermisosPageSchema = pagedListSchema(PermisoSchema);
export type PermisosPage = Static<typeof PermisosPageSchema>;
