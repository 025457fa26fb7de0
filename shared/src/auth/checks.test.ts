import { hasAllPermissions, hasAnyPermission, hasPermission, hasRole } from './checks';
import { ALL_PERMISSIONS, SEEDED_ROLES, isPermissionName } from './permissions';

const role = (nombre: string, ...permisos: string[]) => ({
  nombre,
  permisos: permisos.map((p) => ({ nombre: p })),
});

const admin = { roles: [role('admin')] };
const gestor = { roles: [role('gestor', 'eventos:ver', 'eventos:crear')] };
const twoRoles = { roles: [role('lector', 'informes:ver'), role('editor', 'eventos:editar')] };
const noRoles = { roles: [] };

describe('hasRole', () => {
  it('finds a role by nombre', () => {
    expect(hasRole(gestor, 'gestor')).toBe(true);
    expect(hasRole(twoRoles, 'editor')).toBe(true);
  });
  it('is false for a role the user lacks, a differently cased name, no roles and no user', () => {
    expect(hasRole(gestor, 'admin')).toBe(false);
    expect(hasRole(gestor, 'Gestor')).toBe(false);
    expect(hasRole(noRoles, 'gestor')).toBe(false);
    expect(hasRole(null, 'gestor')).toBe(false);
    expect(hasRole(undefined, 'admin')).toBe(false);
  });
});

describe('hasPermission', () => {
  it('grants admin every permission implicitly, even ones outside the catalogue', () => {
    for (const p of ALL_PERMISSIONS) expect(hasPermission(admin, p)).toBe(true);
    expect(hasPermission(admin, 'cualquier:cosa')).toBe(true);
  });
  it('grants a permission listed by any of the roles', () => {
    expect(hasPermission(gestor, 'eventos:crear')).toBe(true);
    expect(hasPermission(twoRoles, 'informes:ver')).toBe(true);
    expect(hasPermission(twoRoles, 'eventos:editar')).toBe(true);
  });
  it('refuses a permission no role lists, and refuses everything without user or roles', () => {
    expect(hasPermission(gestor, 'eventos:eliminar')).toBe(false);
    expect(hasPermission(gestor, 'eventos')).toBe(false);
    expect(hasPermission(noRoles, 'eventos:ver')).toBe(false);
    expect(hasPermission(null, 'eventos:ver')).toBe(false);
  });
});

describe('hasAllPermissions', () => {
  it('needs every permission of the list, across roles', () => {
    expect(hasAllPermissions(twoRoles, ['informes:ver', 'eventos:editar'])).toBe(true);
    expect(hasAllPermissions(twoRoles, ['informes:ver', 'eventos:crear'])).toBe(false);
    expect(hasAllPermissions(admin, ['usuarios:eliminar', 'auditoria:ver'])).toBe(true);
  });
  it('holds an empty list for a signed-in user only', () => {
    expect(hasAllPermissions(noRoles, [])).toBe(true);
    expect(hasAllPermissions(null, [])).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  it('needs at least one permission of the list', () => {
    expect(hasAnyPermission(gestor, ['usuarios:ver', 'eventos:ver'])).toBe(true);
    expect(hasAnyPermission(gestor, ['usuarios:ver', 'roles:ver'])).toBe(false);
    expect(hasAnyPermission(admin, ['usuarios:ver'])).toBe(true);
  });
  it('never holds an empty list, not even for admin', () => {
    expect(hasAnyPermission(admin, [])).toBe(false);
    expect(hasAnyPermission(gestor, [])).toBe(false);
    expect(hasAnyPermission(undefined, ['eventos:ver'])).toBe(false);
  });
});

describe('seeded roles (DESIGN.md §4)', () => {
  const seeded = (nombre: string) => {
    const r = SEEDED_ROLES.find((x) => x.nombre === nombre);
    if (!r) throw new Error(nombre);
    return { roles: [role(r.nombre, ...r.permisos)] };
  };
  it('gives gestor eventos, periodos, informes and filtrado but nothing of the administration', () => {
    const g = seeded('gestor');
    expect(
      hasAllPermissions(g, [
        'eventos:eliminar',
        'periodos:gestionar',
        'informes:exportar',
        'filtrado:usar',
      ]),
    ).toBe(true);
    expect(
      hasAnyPermission(g, [
        'usuarios:ver',
        'roles:ver',
        'configuracion:gestionar',
        'auditoria:ver',
      ]),
    ).toBe(false);
  });
  it('gives usuario exactly eventos:ver, periodos:ver and informes:ver', () => {
    const u = seeded('usuario');
    const held = ALL_PERMISSIONS.filter((p) => hasPermission(u, p));
    expect(held).toEqual(['eventos:ver', 'periodos:ver', 'informes:ver']);
  });
  it('lists only catalogue permissions', () => {
    for (const r of SEEDED_ROLES)
      for (const p of r.permisos) expect(isPermissionName(p)).toBe(true);
    expect(isPermissionName('eventos:volar')).toBe(false);
  });
});
