import {
  aFiltro,
  conCampo,
  conOperador,
  deFiltro,
  filtroAUrl,
  filtroDesdeUrl,
  indiceDeDetalle,
  nuevaCondicion,
  type Condicion,
} from './condiciones';
import { findFiltroCampo } from '@gestion/shared';

const cond = (over: Partial<Condicion>): Condicion => ({
  key: 'k',
  campo: 'nombre',
  operador: 'eq',
  valor: '',
  hasta: '',
  valores: [],
  ...over,
});

describe('the filter builder model', () => {
  it('starts a condition on nombre with its first operator', () => {
    expect(nuevaCondicion('periodos')).toMatchObject({
      campo: 'nombre',
      operador: 'eq',
      valor: '',
    });
  });

  it('types values by field: numbers (decimal comma too), booleans, lists and ranges', () => {
    expect(aFiltro('eventos', cond({ campo: 'responsableId', valor: '4,5' }))).toEqual({
      ok: true,
      filtro: { campo: 'responsableId', operador: 'eq', valor: 4.5 },
    });
    expect(aFiltro('eventos', cond({ campo: 'id', valor: 'doce' }))).toEqual({
      ok: false,
      error: 'numeroInvalido',
    });
    expect(aFiltro('usuarios', cond({ campo: 'activo', valor: 'false' }))).toMatchObject({
      filtro: { valor: false },
    });
    expect(
      aFiltro('eventos', cond({ campo: 'id', operador: 'en', valor: '1, 2,,3' })),
    ).toMatchObject({ filtro: { valor: [1, 2, 3] } });
    expect(
      aFiltro('eventos', cond({ campo: 'estado', operador: 'en', valores: ['borrador'] })),
    ).toMatchObject({ filtro: { valor: ['borrador'] } });
    expect(aFiltro('eventos', cond({ campo: 'estado', operador: 'en' }))).toEqual({
      ok: false,
      error: 'listaVacia',
    });
    expect(
      aFiltro(
        'eventos',
        cond({
          campo: 'fechaInicio',
          operador: 'entre',
          valor: '2026-02-01T00:00:00.000Z',
          hasta: '2026-01-01T00:00:00.000Z',
        }),
      ),
    ).toEqual({ ok: false, error: 'entreOrden' });
  });

  it('keeps the operator a new field accepts and clears the value', () => {
    const estado = findFiltroCampo('eventos', 'estado')!;
    expect(conCampo(cond({ operador: 'ne', valor: 'x' }), estado)).toMatchObject({
      campo: 'estado',
      operador: 'ne',
      valor: '',
    });
    expect(conCampo(cond({ operador: 'contiene' }), estado).operador).toBe('eq');
  });

  it('keeps the first value when «mayor que» becomes «entre»', () => {
    expect(conOperador(cond({ operador: 'gt', valor: '3' }), 'entre')).toMatchObject({
      operador: 'entre',
      valor: '3',
      hasta: '',
    });
    expect(conOperador(cond({ operador: 'gt', valor: '3' }), 'en').valor).toBe('');
  });

  it('round-trips the applied filter through the URL and drops what the whitelist lacks', () => {
    const filtro = {
      entidad: 'eventos',
      filtros: [
        { campo: 'estado', operador: 'eq', valor: 'publicado' },
        { campo: 'lugar', operador: 'en', valor: ['Valencia', 'Madrid'] },
      ],
      sort: '-fechaInicio',
    };
    expect(filtroDesdeUrl(filtroAUrl(filtro))).toEqual(filtro);
    const hostile = new URLSearchParams({
      entidad: 'eventos',
      filtros: JSON.stringify([{ campo: 'password', operador: 'eq', valor: 'x' }, 'basura']),
    });
    expect(filtroDesdeUrl(hostile)).toEqual({ entidad: 'eventos', filtros: [] });
    expect(filtroDesdeUrl(new URLSearchParams('entidad=sesiones'))).toBeNull();
    expect(filtroDesdeUrl(new URLSearchParams('entidad=eventos&filtros=%7B'))).toEqual({
      entidad: 'eventos',
      filtros: [],
    });
  });

  it('turns a saved list of an enum back into the multi-select', () => {
    expect(
      deFiltro('eventos', { campo: 'estado', operador: 'en', valor: ['publicado', 'cancelado'] }),
    ).toMatchObject({ valores: ['publicado', 'cancelado'] });
    expect(deFiltro('eventos', { campo: 'estado', operador: 'gt', valor: 'x' })).toBeNull();
  });

  it('reads which condition a server detail names', () => {
    expect(indiceDeDetalle('filtros[2].operador')).toBe(2);
    expect(indiceDeDetalle('/filtros/0/valor')).toBe(0);
    expect(indiceDeDetalle('body.filtros.3.campo')).toBe(3);
    expect(indiceDeDetalle('sort')).toBeNull();
    expect(indiceDeDetalle('entidad')).toBeNull();
  });
});
