/**
 * The four permission checks of SPEC §6, one pure implementation used by the api (to enforce)
 * and by every frontend (to hide what a user may not do). They read only the shape the spec
 * defines: `roles[].nombre` and `roles[].permisos[].nombre`.
 *
 * Rules (SPEC §6): the role `admin` holds every permission implicitly; otherwise a permission is
 * held when any of the user's roles lists it by `nombre`. A missing user holds nothing.
 */
import { ADMIN_ROLE } from './permissions';

/** The minimal subject the checks need: a user's roles with their permissions. */
export interface RoleHolder {
  roles: ReadonlyArray<{ nombre: string; permisos: ReadonlyArray<{ nombre: string }> }>;
}

type Subject = RoleHolder | null | undefined;

/** True when the user has a role called `role` (exact, case-sensitive match on `nombre`). */
export function hasRole(user: Subject, role: string): boolean {
  return !!user && user.roles.some((r) => r.nombre === role);
}

/** True when the user is `admin` or any of their roles lists `permission`. */
export function hasPermission(user: Subject, permission: string): boolean {
  if (!user) return false;
  return user.roles.some(
    (r) => r.nombre === ADMIN_ROLE || r.permisos.some((p) => p.nombre === permission),
  );
}

/**
 * True when the user holds every permission of the list. An empty list is vacuously held, but
 * only by a signed-in user: without a user nothing is held.
 */
export function hasAllPermissions(user: Subject, permissions: readonly string[]): boolean {
  if (!user) return false;
  return permissions.every((p) => hasPermission(user, p));
}

/** True when the user holds at least one permission of the list; an empty list is never held. */
export function hasAnyPermission(user: Subject, permissions: readonly string[]): boolean {
  if (!user) return false;
  return permissions.some((p) => hasPermission(user, p));
}
