/**
 * The console's side of delegation without escalation (issue #13, DESIGN.md §8): the pure rules
 * of shared `auth/delegation.ts` applied to the signed-in user and the roles catalogue, so the
 * Usuarios and Roles tabs hide or explain what the api would refuse with 403. Hiding is not
 * security: the api applies the same rules itself.
 */
import { useCallback, useMemo } from 'react';
import {
  ADMIN_ROLE,
  DELEGATION_MESSAGES,
  canActOnUser,
  canGrantRole,
  isAdmin,
  type Refusal,
  type RoleHolder,
  type User,
  type UserAction,
} from '@gestion/shared';
import { useAuth, usePermission } from '@gestion/shared/react';
import { useAdminTexts } from '../../i18n/namespace';
import { useListRolesQuery } from './api';

/** A user as the lists show it: role nombres only. */
interface NamedRoles {
  id: number;
  nombre: string;
  roles: readonly string[];
}

export interface Delegation {
  actor: User | null;
  actorIsAdmin: boolean;
  /** Role nombre → its permissions, from GET /api/roles and the actor's own roles. */
  permisosOf: ReadonlyMap<string, readonly string[]>;
  /** Rule 1 for one role nombre; `null` when the actor may give or take it. */
  grant: (nombre: string) => Refusal | null;
  /** Rules 2 and 5 for a listed user. */
  actOn: (target: NamedRoles, action: UserAction) => Refusal | null;
  /** True when `target` is the actor's own account. */
  isSelf: (target: { id: number }) => boolean;
}

/**
 * The delegation rules bound to the signed-in user. The catalogue needs roles:ver; without it
 * only the actor's own roles are known, and a role the console cannot see is left to the api
 * (as shared `canChangeRoles` does): the console never invents a refusal it cannot justify.
 */
export function useDelegation(): Delegation {
  const { user: actor } = useAuth();
  const canSeeRoles = usePermission('roles:ver');
  const { data } = useListRolesQuery(undefined, { skip: !canSeeRoles });

  const permisosOf = useMemo(() => {
    const map = new Map<string, readonly string[]>();
    for (const r of actor?.roles ?? []) map.set(r.nombre, r.permisos.map((p) => p.nombre));
    for (const r of data?.items ?? []) map.set(r.nombre, r.permisos);
    return map;
  }, [actor, data]);

  const holderOf = useCallback(
    (target: NamedRoles): RoleHolder & { nombre: string } => ({
      nombre: target.nombre,
      roles: target.roles.map((nombre) => ({
        nombre,
        permisos: (permisosOf.get(nombre) ?? []).map((p) => ({ nombre: p })),
      })),
    }),
    [permisosOf],
  );

  const isSelf = useCallback((target: { id: number }) => actor?.id === target.id, [actor]);

  const grant = useCallback(
    (nombre: string) => {
      const permisos = permisosOf.get(nombre);
      if (permisos === undefined && nombre !== ADMIN_ROLE) return null;
      return canGrantRole(actor, { nombre, permisos: permisos ?? [] });
    },
    [actor, permisosOf],
  );

  const actOn = useCallback(
    (target: NamedRoles, action: UserAction) =>
      canActOnUser(actor, holderOf(target), action, isSelf(target)),
    [actor, holderOf, isSelf],
  );

  return { actor, actorIsAdmin: isAdmin(actor), permisosOf, grant, actOn, isSelf };
}

/** The `{x}` a refusal's Spanish message was filled with (a role, a user, permissions). */
export function refusalSubject(refusal: Refusal): string {
  const [before = '', after = ''] = DELEGATION_MESSAGES[refusal.reason].split('{x}');
  if (!DELEGATION_MESSAGES[refusal.reason].includes('{x}')) return '';
  return refusal.message.slice(before.length, refusal.message.length - after.length);
}

/**
 * Translates a refusal by its `reason` (keys `delegacion.<reason>`; the Spanish texts are the
 * api's own, so the console and the 403 say the same thing).
 */
export function useRefusalText(): (refusal: Refusal) => string {
  const { t } = useAdminTexts();
  return useCallback(
    (refusal: Refusal) => t(`delegacion.${refusal.reason}`, { x: refusalSubject(refusal) }),
    [t],
  );
}
