/** Reports, results and filter answers as the api answers them (shared's contract), for page tests. */
import type { Evento, Informe, InformeResultado } from '@gestion/shared';
import { makeEvento as makeKitEvento } from '@gestion/ui/testing';

export { listPage as page, validationError } from '@gestion/ui/testing';

/** An event as the api answers it: the kit's, published. */
export function makeEvento(overrides: Partial<Evento> = {}): Evento {
  return makeKitEvento({ estado: 'publicado', ...overrides });
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
