/**
 * Api answers and users the remotes' page tests share (shared's contracts, as the api sends
 * them), written once instead of one copy per remote (issue #14).
 */
import type { Evento, User } from '@gestion/shared';
import { makeUser } from '@gestion/shared/testing';

/** The permissions of the seeded `gestor` role (api/src/db/seed.ts): the data areas. */
export const GESTOR_PERMISOS = [
  'eventos:ver',
  'eventos:crear',
  'eventos:editar',
  'eventos:eliminar',
  'periodos:ver',
  'periodos:gestionar',
  'informes:ver',
  'informes:crear',
  'informes:eliminar',
  'informes:exportar',
  'filtrado:usar',
] as const;

/** A user of the seeded `gestor` role (no usuarios): Gema Gestora, id 3. */
export function makeGestor(): User {
  return makeUser({
    id: 3,
    nombre: 'Gema Gestora',
    roles: [{ nombre: 'gestor', permisos: GESTOR_PERMISOS.map((nombre) => ({ nombre })) }],
  });
}

/** An event as GET /api/eventos/:id answers it (a draft unless `overrides` says otherwise). */
export function makeEvento(overrides: Partial<Evento> = {}): Evento {
  return {
    id: 1,
    nombre: 'Congreso de primavera',
    descripcion: 'Tres días de charlas',
    lugar: 'Valencia',
    fechaInicio: '2026-03-01T08:00:00.000Z',
    fechaFin: '2026-03-03T18:00:00.000Z',
    estado: 'borrador',
    responsableId: null,
    version: 1,
    creadoEn: '2026-01-01T00:00:00.000Z',
    actualizadoEn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A list body: `{items, total, page, pageSize}` (page 1-based). */
export function listPage<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 20) {
  return { items, total, page: pageNumber, pageSize };
}

/** The api's 400 VALIDATION_ERROR with `details`, as a `mockFetch` answer. */
export function validationError(message: string, details: { field: string; message: string }[]) {
  return {
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR', message, details },
  };
}

/** The api's 404 NOT_FOUND with its `message`, as a `mockFetch` answer. */
export function notFound(message: string) {
  return {
    status: 404,
    body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message },
  };
}

/**
 * The api's 409 VERSION_CONFLICT (a PATCH sent a stale `version`) with its `message`, as a
 * `mockFetch` answer.
 */
export function versionConflict(message: string) {
  return {
    status: 409,
    body: { statusCode: 409, error: 'Conflict', code: 'VERSION_CONFLICT', message },
  };
}
