/**
 * Events and periods as the api answers them (shared's contract), for page tests; the event and
 * the list body are the kit's (`@gestion/ui/testing`), shared with remote-informes.
 */
import type { Periodo } from '@gestion/shared';
import { listPage } from '@gestion/ui/testing';

export { makeEvento } from '@gestion/ui/testing';

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

/** `GET /api/eventos` body with `items` (this area's page size, 10). */
export function page<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 10) {
  return listPage(items, total, pageNumber, pageSize);
}
