import type { FiltroGuardado, Punto } from '@gestion/shared';
import { PERIODOS_MAX, completarSerie, rangoDelFiltro } from './serie';

const p = (etiqueta: string, valor: number): Punto => ({ etiqueta, valor });

function eventosFiltrados(...filtros: FiltroGuardado['filtros']): FiltroGuardado {
  return { entidad: 'eventos', filtros };
}

describe('the chart series with its empty periods', () => {
  it('shows the months without events between the first and the last as 0', () => {
    const serie = [p('2025-11', 3), p('2026-02', 1), p('2026-03', 4)];
    expect(completarSerie('eventos-por-mes', serie, { total: 3 })).toEqual([
      p('2025-11', 3),
      p('2025-12', 0),
      p('2026-01', 0),
      p('2026-02', 1),
      p('2026-03', 4),
    ]);
  });

  it("runs over the report's filtered range of fechaInicio when it has one", () => {
    const filtros = eventosFiltrados(
      { campo: 'estado', operador: 'eq', valor: 'publicado' },
      {
        campo: 'fechaInicio',
        operador: 'entre',
        valor: ['2026-01-01T00:00:00.000Z', '2026-06-30T23:59:00.000Z'],
      },
    );
    expect(
      completarSerie('eventos-por-mes', [p('2026-03', 2), p('2026-05', 1)], { filtros, total: 2 }),
    ).toEqual([
      p('2026-01', 0),
      p('2026-02', 0),
      p('2026-03', 2),
      p('2026-04', 0),
      p('2026-05', 1),
      p('2026-06', 0),
    ]);
  });

  it('does not draw as 0 the months after a series the api cut at SERIE_MAX_PUNTOS', () => {
    const filtros = eventosFiltrados({
      campo: 'fechaInicio',
      operador: 'lt',
      valor: '2027-01-01T00:00:00.000Z',
    });
    // 60 months have events; the api sent the first two only.
    const filled = completarSerie('eventos-por-mes', [p('2026-01', 1), p('2026-03', 1)], {
      filtros,
      total: 60,
    });
    expect(filled.map((x) => x.etiqueta)).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('fills the days of the activity series', () => {
    expect(
      completarSerie('actividad', [p('2026-02-27', 5), p('2026-03-02', 2)], { total: 2 }),
    ).toEqual([p('2026-02-27', 5), p('2026-02-28', 0), p('2026-03-01', 0), p('2026-03-02', 2)]);
  });

  it('leaves categories as the api sent them', () => {
    const serie = [p('borrador', 2), p('publicado', 0)];
    expect(completarSerie('eventos-por-estado', serie, { total: 2 })).toEqual(serie);
  });

  it('ignores a filter range that would draw more than PERIODOS_MAX points', () => {
    const filtros = eventosFiltrados({
      campo: 'fechaInicio',
      operador: 'gte',
      valor: '0001-01-01T00:00:00.000Z',
    });
    const filled = completarSerie('eventos-por-mes', [p('2026-01', 1), p('2026-02', 1)], {
      filtros,
      total: 2,
    });
    expect(filled).toHaveLength(2);
    expect(PERIODOS_MAX).toBeGreaterThan(1000);
  });

  it('reads strict and open bounds of the filter as whole periods', () => {
    expect(
      rangoDelFiltro(
        eventosFiltrados(
          { campo: 'fechaInicio', operador: 'gt', valor: '2026-01-31T23:59:59.999Z' },
          { campo: 'fechaInicio', operador: 'lt', valor: '2026-05-01T00:00:00.000Z' },
        ),
        'fechaInicio',
        'mes',
      ),
    ).toEqual({ desde: '2026-02', hasta: '2026-04' });
    expect(
      rangoDelFiltro(
        eventosFiltrados({ campo: 'fechaFin', operador: 'gte', valor: '2026-01-01T00:00:00Z' }),
        'fechaInicio',
        'mes',
      ),
    ).toEqual({});
  });
});
