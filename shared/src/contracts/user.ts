/**
 * The user as every call returns it (DESIGN.md §3): exactly the fields SPEC §7 reads
 * (`roles[].nombre`, `roles[].permisos[].nombre`) plus ids and the basic profile.
 */
import { Type, type Static } from '@sinclair/typebox';

export const PermissionSchema = Type.Object({ nombre: Type.String() }, { $id: 'Permission' });
/** A permission as carried on a role: `{nombre}` (SPEC §3). */
export type Permission = Static<typeof PermissionSchema>;

export const RoleSchema = Type.Object(
  { nombre: Type.String(), permisos: Type.Array(PermissionSchema) },
  { $id: 'Role' },
);
/** A role: `nombre` and its `permisos` (SPEC §3). */
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
