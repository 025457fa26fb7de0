import fc from 'fast-check';
import {
  canActOnUser,
  canChangeOwnRoles,
  canChangeRoles,
  canGrantRole,
  canManageRole,
  canUseAsDefault,
  canUseAsReplacement,
  canWritePermissions,
  effectivePermissions,
} from './delegation';
import { ALL_PERMISSIONS } from './permissions';

const role = (nombre: string, ...permisos: string[]) => ({
  nombre,
  permisos: permisos.map((p) => ({ nombre: p })),
});
const admin = { roles: [role('admin')] };
const editor = { roles: [role('editor', 'usuarios:ver', 'usuarios:editar', 'eventos:ver')] };

describe('canGrantRole (rule 1)', () => {
  it('refuses a role with a permission the caller lacks, naming the role', () => {
    expect(canGrantRole(editor, { nombre: 'gestor', permisos: ['eventos:crear'] })?.message).toBe(
      'No puede asignar el rol «gestor»: incluye permisos que usted no tiene',
    );
  });
  it('allows a role whose permissions the caller holds, and anything to an admin', () => {
    expect(canGrantRole(editor, { nombre: 'lector', permisos: ['eventos:ver'] })).toBeNull();
    expect(canGrantRole(admin, { nombre: 'gestor', permisos: ['eventos:crear'] })).toBeNull();
  });
  it('gives admin to admins only', () => {
    const allButAdmin = { roles: [role('casi', ...ALL_PERMISSIONS)] };
    expect(canGrantRole(allButAdmin, { nombre: 'admin', permisos: [] })?.reason).toBe(
      'adminRoleOnlyByAdmin',
    );
    expect(canGrantRole(admin, { nombre: 'admin', permisos: [] })).toBeNull();
  });
});

describe('canChangeRoles', () => {
  const roles = new Map([
    ['lector', ['eventos:ver']],
    ['gestor', ['eventos:ver', 'eventos:crear']],
  ]);
  it('checks roles taken as well as roles given', () => {
    expect(canChangeRoles(editor, ['gestor'], [], roles)?.reason).toBe('roleHasUnheldPermissions');
    expect(canChangeRoles(editor, [], ['lector'], roles)).toBeNull();
    expect(canChangeRoles(editor, ['gestor'], ['gestor', 'lector'], roles)).toBeNull();
    expect(canChangeRoles(editor, [], ['admin'], roles)?.reason).toBe('adminRoleOnlyByAdmin');
  });
});

describe('canActOnUser (rules 2 and 5)', () => {
  it('refuses a target with a permission the caller lacks, and any admin', () => {
    const target = { nombre: 'Ana', roles: [role('gestor', 'eventos:crear')] };
    expect(canActOnUser(editor, target, 'editar')?.message).toBe(
      'No puede actuar sobre «Ana»: tiene permisos que usted no tiene',
    );
    expect(canActOnUser(editor, { nombre: 'Root', ...admin }, 'revocarSesiones')?.reason).toBe(
      'targetMorePowerful',
    );
  });
  it('allows a target with fewer permissions and refuses deactivating or deleting oneself', () => {
    expect(canActOnUser(editor, { roles: [role('lector', 'eventos:ver')] }, 'eliminar')).toBeNull();
    expect(canActOnUser(admin, admin, 'desactivar', true)?.reason).toBe('selfDeactivate');
    expect(canActOnUser(admin, admin, 'eliminar', true)?.reason).toBe('selfDelete');
    expect(canActOnUser(admin, admin, 'editar', true)).toBeNull();
  });
  it('refuses dropping admin from oneself', () => {
    expect(canChangeOwnRoles(['admin', 'x'], ['x'])?.reason).toBe('selfRemoveAdmin');
    expect(canChangeOwnRoles(['admin'], ['admin', 'x'])).toBeNull();
  });
});

describe('canWritePermissions and canManageRole (rule 3)', () => {
  it('refuses adding or removing a permission the caller lacks, listing them', () => {
    expect(canWritePermissions(editor, 'nuevo', [], ['eventos:crear', 'eventos:ver'])?.message).toBe(
      'No puede conceder ni quitar permisos que usted no tiene: eventos:crear',
    );
    expect(canWritePermissions(editor, 'r', ['auditoria:ver'], [])?.reason).toBe(
      'permissionsNotHeld',
    );
  });
  it("refuses changing the permissions of one's own role, but not other writes", () => {
    expect(canWritePermissions(editor, 'editor', ['eventos:ver'], [])?.reason).toBe(
      'ownRolePermissions',
    );
    expect(canWritePermissions(editor, 'editor', ['eventos:ver'], ['eventos:ver'])).toBeNull();
  });
  it('lets a role be renamed or deleted only by someone holding all it carries', () => {
    expect(canManageRole(editor, { nombre: 'g', permisos: ['eventos:crear'] })?.reason).toBe(
      'permissionsNotHeld',
    );
    expect(canManageRole(editor, { nombre: 'l', permisos: ['eventos:ver'] })).toBeNull();
  });
});

describe('rule 4', () => {
  it('never takes admin as replacement or default, not even from an admin', () => {
    expect(canUseAsReplacement(admin, { nombre: 'admin', permisos: [] })?.reason).toBe(
      'adminNeverReplacement',
    );
    expect(canUseAsDefault(admin, { nombre: 'admin', permisos: [] })?.reason).toBe(
      'adminNeverDefault',
    );
    expect(canUseAsDefault(editor, { nombre: 'g', permisos: ['eventos:crear'] })?.reason).toBe(
      'roleHasUnheldPermissions',
    );
  });
});

// Property: whatever the roles, a role change or a permission write the rules allow never gives
// anyone a permission outside the caller's, and never hands out admin (issue #13).
describe('invariant: nothing allowed by the rules escalates', () => {
  const perm = fc.constantFrom(...ALL_PERMISSIONS);
  const perms = fc.uniqueArray(perm, { maxLength: ALL_PERMISSIONS.length });
  const roleNames = ['a', 'b', 'c', 'd', 'admin'] as const;
  const world = fc.record({
    roles: fc.tuple(perms, perms, perms, perms),
    actorRoles: fc.subarray(['a', 'b', 'c', 'd'] as string[]),
    targetBefore: fc.subarray([...roleNames] as string[]),
    targetAfter: fc.subarray([...roleNames] as string[]),
  });
  const holder = (names: readonly string[], defs: Map<string, readonly string[]>) => ({
    roles: names.map((n) => role(n, ...(defs.get(n) ?? []))),
  });

  it('a permitted role change of a permitted target only adds permissions the actor holds', () => {
    fc.assert(
      fc.property(world, ({ roles, actorRoles, targetBefore, targetAfter }) => {
        const defs = new Map<string, readonly string[]>([
          ['a', roles[0]],
          ['b', roles[1]],
          ['c', roles[2]],
          ['d', roles[3]],
          ['admin', []],
        ]);
        const actor = holder(actorRoles, defs);
        const before = holder(targetBefore, defs);
        const allowed =
          canActOnUser(actor, before, 'editar') === null &&
          canChangeRoles(actor, targetBefore, targetAfter, defs) === null;
        if (!allowed) return;
        const held = effectivePermissions(actor) as Set<string>;
        const after = effectivePermissions(holder(targetAfter, defs));
        expect(after).not.toBe('all');
        for (const p of after as Set<string>) expect(held.has(p)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a permitted permission write leaves the role within the actor’s permissions', () => {
    fc.assert(
      fc.property(perms, perms, perms, (actorPerms, before, after) => {
        const actor = { roles: [role('yo', ...actorPerms)] };
        if (canWritePermissions(actor, 'otro', before, after) !== null) return;
        const gained = after.filter((p) => !before.includes(p));
        for (const p of gained) expect(actorPerms).toContain(p);
      }),
      { numRuns: 500 },
    );
  });
});
