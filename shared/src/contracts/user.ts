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
  },
  { $id: 'User' },
);
/** A user (DESIGN.md §3): `{id, email, nombre, activo, roles}`. */
export type User = Static<typeof UserSchema>;
