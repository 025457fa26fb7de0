/** Reports, results and filter answers as the api answers them (shared's contract), for page tests. */
import type { Evento, Informe, InformeResultado } from '@gestion/shared';

export function makeEvento(overrides: Partial<Evento> = {}): Evento {
  return {
    id: 1,
    nombre: 'Congreso de primavera',
    descripcion: 'Tres días de charlas',
    lugar: 'Valencia',
    fechaInicio: '2026-03-01T08:00:00.000Z',
    fechaFin: '2026-03-03T18:00:00.000Z',
    estado: 'publicado',
    responsableId: null,
    version: 1,
    creadoEn: '2026-01-01T00:00:00.000Z',
    actualizadoEn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeInforme(overrides: Partial<Informe> = {}): Informe {
  return {
    id: 7,
    nombre: 'Eventos publicados de marzo',
    descripcion: 'Para la junta',
    tipo: 'listado',
    filtros: {
      entidad: 'eventos',
      filtros: [{ campo: 'estado', operador: 'eq', valor: 'publicado' }],
    },
    creadoPor: { id: 3, nombre: 'Gema Gestora' },
    creadoEn: '2026-04-02T09:30:00.000Z',
    actualizadoEn: '2026-04-02T09:30:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function makeResultado(overrides: Partial<InformeResultado> = {}): InformeResultado {
  return {
    columnas: [
      { campo: 'estado', titulo: 'Estado', tipo: 'texto' },
      { campo: 'total', titulo: 'Total', tipo: 'numero' },
    ],
    filas: [
      { estado: 'borrador', total: 2 },
      { estado: 'publicado', total: 5 },
      { estado: 'cancelado', total: 0 },
      { estado: 'finalizado', total: 1 },
    ],
    serie: [
      { etiqueta: 'borrador', valor: 2 },
      { etiqueta: 'publicado', valor: 5 },
      { etiqueta: 'cancelado', valor: 0 },
      { etiqueta: 'finalizado', valor: 1 },
    ],
    grafico: 'barras',
    total: 4,
    page: 1,
    pageSize: 50,
    ...overrides,
  };
}

/** A list body: `{items, total, page, pageSize}`. */
export function page<T>(items: T[], total = items.length, pageNumber = 1, pageSize = 20) {
  return { items, total, page: pageNumber, pageSize };
}

/** The api's 400 with `details`. */
export function validationError(message: string, details: { field: string; message: string }[]) {
  return {
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR', message, details },
  };
}
