/**
 * The user as every call returns it (DESIGN.md §3): exactly the fields SPEC §7 reads
 * (`roles[].nombre`, `roles[].permisos[].nombre`) plus ids and the basic profile.
 */
import { Type, type Static } from '@sinclair/typebox';

export const PermissionSchema = Type.Object({ nombre: Type.String() }, { $id: 'Permission' });
/** A permission as carried on a role: `{nombre}` (SPEC §3). */
export type Permission = Static<typeof PermissionSchema>;

/**
 * Where an effective role comes from (issue #17): present only on a role the user holds through
 * at least one group, so a user without groups gets exactly SPEC's shape. `directo`: also held
 * as an own role; `grupos`: nombres of the groups giving it.
 */
export const RoleOrigenSchema = Type.Object({
  directo: Type.Boolean(),
  grupos: Type.Array(Type.String()),
});
export type RoleOrigen = Static<typeof RoleOrigenSchema>;

export const RoleSchema = Type.Object(
  {
    nombre: Type.String(),
    permisos: Type.Array(PermissionSchema),
    origen: Type.Optional(RoleOrigenSchema),
  },
  { $id: 'Role' },
);
/**
 * An effective role: `nombre` and its `permisos` (SPEC §3), with `origen` when a group gives it
 * (issue #17).
 */
export type Role = Static<typeof RoleSchema>;

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    nombre: Type.String(),
    activo: Type.Boolean(),
    roles: Type.Array(RoleSchema),
    /**
     * `true` while the account signs in with a password an admin set or generated: every call
     * but GET /api/auth/me, POST /api/auth/password and POST /api/auth/logout is refused 403
     * PASSWORD_CHANGE_REQUIRED until it is changed (issue #15, OWASP ASVS 5.0 V6.4.6). Absent
     * or `false` otherwise.
     */
    debeCambiarPassword: Type.Optional(Type.Boolean()),
    /** The locale mails are written in (`es`, `en`; issue #15). Absent: `es`. */
    idioma: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')])),
  },
  { $id: 'User' },
);
/**
 * A user (DESIGN.md §3): `{id, email, nombre, activo, roles}`, plus `debeCambiarPassword` and
 * `idioma` (issue #15).
 */
export type User = Static<typeof UserSchema>;
