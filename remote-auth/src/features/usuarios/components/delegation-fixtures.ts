/**
 * Test data of the delegation tests (issue #13): a non-admin support role that may edit users,
 * the roles catalogue around it, and users more and less powerful than it.
 */
import type { Rol, User, Usuario } from '@gestion/shared';
import { makeUser } from '../../../testing/render';

export const rol = (id: number, nombre: string, permisos: string[], usuarios = 1): Rol => ({
  id,
  nombre,
  descripcion: '',
  permisos,
  usuarios,
  creadoEn: '2026-11-01T10:00:00.000Z',
  version: 1,
});

export const SOPORTE_PERMISOS = ['usuarios:ver', 'usuarios:crear', 'usuarios:editar', 'roles:ver', 'eventos:ver'];

export const ROLES: Rol[] = [
  rol(1, 'admin', []),
  rol(2, 'gestor', ['eventos:ver', 'eventos:crear']),
  rol(3, 'soporte', SOPORTE_PERMISOS),
  rol(4, 'usuario', ['eventos:ver']),
];
export const ROLES_PAGE = { items: ROLES, total: ROLES.length, page: 1, pageSize: 100 };

export function usuario(id: number, nombre: string, email: string, roles: string[]): Usuario {
  return {
    id,
    nombre,
    email,
    activo: true,
    roles,
    creadoEn: '2026-11-01T10:00:00.000Z',
    ultimoAcceso: null,
    version: 1,
  };
}

/** Sara holds `soporte`: she may edit users, but not give `gestor` nor touch an admin. */
export const sara: User = makeUser({
  id: 10,
  nombre: 'Sara Soporte',
  email: 'sara@example.com',
  roles: [{ nombre: 'soporte', permisos: SOPORTE_PERMISOS.map((nombre) => ({ nombre })) }],
});
export const adminUser: User = makeUser({
  id: 1,
  nombre: 'Ana Pérez',
  roles: [{ nombre: 'admin', permisos: [] }],
});

export const ANA = usuario(1, 'Ana Pérez', 'ana@example.com', ['admin']);
export const LUIS = usuario(2, 'Luis Gómez', 'luis@example.com', ['usuario']);
export const MARTA = usuario(3, 'Marta Ruiz', 'marta@example.com', ['gestor']);
export const SARA = usuario(10, 'Sara Soporte', 'sara@example.com', ['soporte']);

export const page = (items: Usuario[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
