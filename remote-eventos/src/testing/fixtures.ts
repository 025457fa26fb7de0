/** Events and periods as the api answers them (shared's contract), for page tests. */
import type { Evento, Periodo } from '@gestion/shared';

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

export function makePeriodo(overrides: Partial<Periodo> = {}): Periodo {
  return {
    id: 10,
    eventoId: 1,
    nombre: 'Apertura',
    descripcion: '',
    fechaInicio: '2026-03-01T08:00:00.000Z',
    fechaFin: '2026-03-01T12:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** `GET /api/eventos` body with `items`. */
export function page<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 10) {
  return { items, total, page: pageNumber, pageSize };
}
