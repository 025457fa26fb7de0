/**
 * The permission catalogue (DESIGN.md §4). A permission is the string `recurso:accion`; the api
 * seeds exactly these and the frontends gate navigation with them. Adding a permission here and
 * restarting the api is all it takes to make it assignable.
 */
export const PERMISSION_CATALOGUE = {
  usuarios: ['ver', 'crear', 'editar', 'eliminar'],
  roles: ['ver', 'gestionar'],
  grupos: ['ver', 'gestionar'],
  eventos: ['ver', 'crear', 'editar', 'eliminar'],
  periodos: ['ver', 'gestionar'],
  informes: ['ver', 'crear', 'eliminar', 'exportar'],
  filtrado: ['usar'],
  configuracion: ['gestionar'],
  auditoria: ['ver'],
} as const;

type Catalogue = typeof PERMISSION_CATALOGUE;

/** A resource of the catalogue, e.g. `eventos`. */
export type PermissionResource = keyof Catalogue;

/** Every permission name of the catalogue, e.g. `'eventos:ver'`. */
export type PermissionName = {
  [R in PermissionResource]: `${R}:${Catalogue[R][number]}`;
}[PermissionResource];

/** All catalogue permissions in a stable order (resource by resource). */
export const ALL_PERMISSIONS: readonly PermissionName[] = Object.entries(
  PERMISSION_CATALOGUE,
).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}:${action}` as PermissionName),
);

/** Spanish descriptions shown next to each permission in the role editor. */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<PermissionName, string>> = {
  'usuarios:ver': 'Ver usuarios',
  'usuarios:crear': 'Crear usuarios',
  'usuarios:editar': 'Editar usuarios',
  'usuarios:eliminar': 'Eliminar usuarios',
  'roles:ver': 'Ver roles',
  'roles:gestionar': 'Gestionar roles',
  'grupos:ver': 'Ver grupos',
  'grupos:gestionar': 'Gestionar grupos',
  'eventos:ver': 'Ver eventos',
  'eventos:crear': 'Crear eventos',
  'eventos:editar': 'Editar eventos',
  'eventos:eliminar': 'Eliminar eventos',
  'periodos:ver': 'Ver periodos',
  'periodos:gestionar': 'Gestionar periodos',
  'informes:ver': 'Ver informes',
  'informes:crear': 'Crear informes',
  'informes:eliminar': 'Eliminar informes',
  'informes:exportar': 'Exportar informes',
  'filtrado:usar': 'Usar el filtrado',
  'configuracion:gestionar': 'Gestionar la configuración',
  'auditoria:ver': 'Ver la auditoría',
};

/** True when `value` names a permission of the catalogue. */
export function isPermissionName(value: string): value is PermissionName {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** The role that holds every permission implicitly (SPEC §6). */
export const ADMIN_ROLE = 'admin';

/** The role self-registration gives unless /configuracion says otherwise (DESIGN.md §4). */
export const DEFAULT_ROLE = 'usuario';

/** A role the api seeds on first start. `admin` lists no permission: it holds them all implicitly. */
export interface SeededRole {
  nombre: string;
  descripcion: string;
  permisos: readonly PermissionName[];
}

/** Seeded roles of DESIGN.md §4. */
export const SEEDED_ROLES: readonly SeededRole[] = [
  { nombre: ADMIN_ROLE, descripcion: 'Administración completa', permisos: [] },
  {
    nombre: 'gestor',
    descripcion: 'Gestiona eventos, periodos, informes y filtrado',
    permisos: ALL_PERMISSIONS.filter((p) =>
      ['eventos', 'periodos', 'informes', 'filtrado'].includes(p.split(':')[0] ?? ''),
    ),
  },
  {
    nombre: DEFAULT_ROLE,
    descripcion: 'Consulta eventos, periodos e informes',
    permisos: ['eventos:ver', 'periodos:ver', 'informes:ver'],
  },
];
