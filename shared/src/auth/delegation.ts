/**
 * Delegation without escalation (issue #13, DESIGN.md §8): one pure rule, used by the api to
 * refuse and by the console to hide or explain. Every function answers `null` when the action is
 * allowed, or a `Refusal` whose `message` is the Spanish text of the api's 403 `FORBIDDEN`.
 *
 * The rules, for a caller ("actor") who is not `admin`:
 * 1. A role is given or taken only when every permission of that role is held by the actor.
 *    `admin` is given and taken by admins only.
 * 2. A user is edited, deactivated, deleted, has their sessions revoked or credentials reset only
 *    when that user's effective permissions are a subset of the actor's. Admins are acted on by
 *    admins only.
 * 3. Permissions are written (a new role's, or a role's new list) only when the actor holds every
 *    one added and every one removed, and never on a role the actor holds themselves.
 * 4. `admin` is never a replacement role nor the default role of self-registration; otherwise
 *    those follow rule 1 (a replacement is given to every holder, a default to every newcomer).
 * 5. Nobody deactivates, deletes or strips `admin` from their own account.
 *
 * Admins pass rules 1–3 (they hold everything); rules 4 and 5 bind admins as well.
 *
 * Groups (issue #17) follow rule 1: a member holds the group's roles, so a group is written —
 * created, renamed, its roles changed, members added or removed, deleted — only by someone who
 * may give every role it carries before and after the change (`canManageGroup`).
 */
import { ADMIN_ROLE } from './permissions';
import type { RoleHolder } from './checks';

/** A role as the rules need it: its nombre and its permission names. */
export interface RoleGrant {
  nombre: string;
  permisos: readonly string[];
}

/** Why an action is refused: a stable `reason` (for the UI's texts) and the Spanish `message`. */
export interface Refusal {
  reason: RefusalReason;
  message: string;
}

/** The stable reasons of a refusal; the UI translates by them, the api audits them. */
export type RefusalReason =
  | 'adminRoleOnlyByAdmin'
  | 'roleHasUnheldPermissions'
  | 'targetMorePowerful'
  | 'permissionsNotHeld'
  | 'ownRolePermissions'
  | 'adminNeverReplacement'
  | 'adminNeverDefault'
  | 'selfDeactivate'
  | 'selfDelete'
  | 'selfRemoveAdmin';

/** The user-management actions of rule 2 (and rule 5 where they concern oneself). */
export type UserAction =
  | 'editar'
  | 'desactivar'
  | 'eliminar'
  | 'revocarSesiones'
  | 'restablecerCredenciales';

/** Spanish texts of the refusals; `{x}` is filled in by `refusal()`. */
export const DELEGATION_MESSAGES: Readonly<Record<RefusalReason, string>> = {
  adminRoleOnlyByAdmin: 'Solo un administrador puede asignar o quitar el rol «admin»',
  roleHasUnheldPermissions:
    'No puede asignar el rol «{x}»: incluye permisos que usted no tiene',
  targetMorePowerful: 'No puede actuar sobre «{x}»: tiene permisos que usted no tiene',
  permissionsNotHeld: 'No puede conceder ni quitar permisos que usted no tiene: {x}',
  ownRolePermissions: 'No puede cambiar los permisos de un rol que usted tiene («{x}»)',
  adminNeverReplacement: 'El rol «admin» no puede ser rol de reemplazo',
  adminNeverDefault: 'El rol «admin» no puede ser el rol por defecto del registro',
  selfDeactivate: 'No puede desactivar su propia cuenta',
  selfDelete: 'No puede eliminar su propia cuenta',
  selfRemoveAdmin: 'No puede quitarse el rol «admin» a sí mismo',
};

function refusal(reason: RefusalReason, x = ''): Refusal {
  return { reason, message: DELEGATION_MESSAGES[reason].replace('{x}', x) };
}

/** True when the subject holds the role `admin` (SPEC §6: it holds every permission). */
export function isAdmin(subject: RoleHolder | null | undefined): boolean {
  return !!subject && subject.roles.some((r) => r.nombre === ADMIN_ROLE);
}

/**
 * The effective permission names of a subject: the union over its roles, or `'all'` for an admin.
 * Roles are the effective ones (own and, later, from groups), as `/api/auth/me` returns them.
 */
export function effectivePermissions(subject: RoleHolder | null | undefined): Set<string> | 'all' {
  if (!subject) return new Set();
  if (isAdmin(subject)) return 'all';
  const held = new Set<string>();
  for (const r of subject.roles) for (const p of r.permisos) held.add(p.nombre);
  return held;
}

/** The permissions of `wanted` that `actor` does not hold, in the order given. */
export function missingPermissions(
  actor: RoleHolder | null | undefined,
  wanted: Iterable<string>,
): string[] {
  const held = effectivePermissions(actor);
  if (held === 'all') return [];
  return [...new Set(wanted)].filter((p) => !held.has(p));
}

/** Rule 1: may `actor` give `role` to, or take it from, someone? */
export function canGrantRole(actor: RoleHolder | null | undefined, role: RoleGrant): Refusal | null {
  if (isAdmin(actor)) return null;
  if (role.nombre === ADMIN_ROLE) return refusal('adminRoleOnlyByAdmin');
  if (missingPermissions(actor, role.permisos).length > 0)
    return refusal('roleHasUnheldPermissions', role.nombre);
  return null;
}

/**
 * Rule 1 over a change of a user's roles: every role added and every role removed must pass
 * `canGrantRole`. `roles` maps each nombre involved to its permissions; a nombre missing from it
 * is unknown to the caller and left to the api's own 400.
 */
export function canChangeRoles(
  actor: RoleHolder | null | undefined,
  before: readonly string[],
  after: readonly string[],
  roles: ReadonlyMap<string, readonly string[]>,
): Refusal | null {
  const a = new Set(after);
  const b = new Set(before);
  const touched = [...after.filter((r) => !b.has(r)), ...before.filter((r) => !a.has(r))];
  for (const nombre of touched) {
    const permisos = roles.get(nombre);
    if (permisos === undefined && nombre !== ADMIN_ROLE) continue;
    const refused = canGrantRole(actor, { nombre, permisos: permisos ?? [] });
    if (refused) return refused;
  }
  return null;
}

/**
 * Rules 2 and 5: may `actor` perform `action` on `target`? `self` says whether the target is the
 * actor's own account (compare ids: the rule is about accounts, not about equal permissions).
 */
export function canActOnUser(
  actor: RoleHolder | null | undefined,
  target: RoleHolder & { nombre?: string },
  action: UserAction,
  self = false,
): Refusal | null {
  if (self && action === 'desactivar') return refusal('selfDeactivate');
  if (self && action === 'eliminar') return refusal('selfDelete');
  if (isAdmin(actor)) return null;
  const label = target.nombre ?? '';
  if (isAdmin(target)) return refusal('targetMorePowerful', label);
  const wanted = effectivePermissions(target);
  if (wanted !== 'all' && missingPermissions(actor, wanted).length === 0) return null;
  return refusal('targetMorePowerful', label);
}

/** Rule 5 for a change of one's own roles: `admin` cannot be dropped from one's own account. */
export function canChangeOwnRoles(
  before: readonly string[],
  after: readonly string[],
): Refusal | null {
  return before.includes(ADMIN_ROLE) && !after.includes(ADMIN_ROLE)
    ? refusal('selfRemoveAdmin')
    : null;
}

/**
 * Rule 3: may `actor` set the permissions of a role from `before` (`[]` for a new role) to
 * `after`? `role` is the role's current nombre (the new nombre for a new role).
 */
export function canWritePermissions(
  actor: RoleHolder | null | undefined,
  role: string,
  before: readonly string[],
  after: readonly string[],
): Refusal | null {
  if (isAdmin(actor)) return null;
  const b = new Set(before);
  const a = new Set(after);
  const changed = [...after.filter((p) => !b.has(p)), ...before.filter((p) => !a.has(p))];
  if (changed.length === 0) return null;
  if (actor?.roles.some((r) => r.nombre === role)) return refusal('ownRolePermissions', role);
  const missing = missingPermissions(actor, changed);
  if (missing.length > 0) return refusal('permissionsNotHeld', missing.join(', '));
  return null;
}

/**
 * Rule 3 for any other write of a role (rename, description, delete): the actor must hold every
 * permission the role carries, since renaming or deleting it changes what its holders have.
 */
export function canManageRole(actor: RoleHolder | null | undefined, role: RoleGrant): Refusal | null {
  if (isAdmin(actor)) return null;
  if (role.nombre === ADMIN_ROLE) return refusal('adminRoleOnlyByAdmin');
  const missing = missingPermissions(actor, role.permisos);
  if (missing.length > 0) return refusal('permissionsNotHeld', missing.join(', '));
  return null;
}

/**
 * Rule 1 for groups (issue #17): may `actor` write a group carrying `roles` (every role before
 * and after the change)? Adding a member gives them every one of those roles, removing one takes
 * them, changing the roles gives or takes them from every member: each must pass `canGrantRole`.
 */
export function canManageGroup(
  actor: RoleHolder | null | undefined,
  roles: readonly RoleGrant[],
): Refusal | null {
  for (const role of roles) {
    const refused = canGrantRole(actor, role);
    if (refused) return refused;
  }
  return null;
}

/** Rule 4 (and 1): may `role` replace a deleted role for every one of its holders? */
export function canUseAsReplacement(
  actor: RoleHolder | null | undefined,
  role: RoleGrant,
): Refusal | null {
  if (role.nombre === ADMIN_ROLE) return refusal('adminNeverReplacement');
  return canGrantRole(actor, role);
}

/** Rule 4 (and 1): may `role` become the default role of self-registration? */
export function canUseAsDefault(actor: RoleHolder | null | undefined, role: RoleGrant): Refusal | null {
  if (role.nombre === ADMIN_ROLE) return refusal('adminNeverDefault');
  return canGrantRole(actor, role);
}
